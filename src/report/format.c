/* format.c - analyze's formats by name, and the dispatch to the text, JSON,
 * DOT and SVG writers (report.h). */
#include "report/report.h"
#include "util/diag.h"

#include <string.h>

static const char *const format_names[TC_REPORT_FORMAT_COUNT] = {
	[TC_REPORT_TEXT] = "text",
	[TC_REPORT_JSON] = "json",
	[TC_REPORT_DOT] = "dot",
	[TC_REPORT_SVG] = "svg",
};

const char *tc__report_format_name(tc_report_format f)
{
	return (unsigned)f < TC_REPORT_FORMAT_COUNT ? format_names[f] : NULL;
}

int tc__report_format_from_name(tc_report_format *out, const char *name)
{
	for (int f = 0; f < TC_REPORT_FORMAT_COUNT; f++) {
		if (strcmp(name, format_names[f]) == 0) {
			*out = (tc_report_format)f;
			return TC_OK;
		}
	}
	return TC_EINVAL;
}

int tc__report_write(FILE *out, tc_report_format f, const tc_report_graph *graphs,
		    size_t count, tc_diag *diag)
{
	switch (f) {
	case TC_REPORT_TEXT: return tc__report_text(out, graphs, count, diag);
	case TC_REPORT_JSON: return tc__report_json(out, graphs, count, NULL, 0, diag);
	case TC_REPORT_DOT: return tc__report_dot(out, graphs, count, diag);
	case TC_REPORT_SVG: return tc__report_svg(out, graphs, count, diag);
	}
	return tc__diag(diag, TC_EINVAL, NULL, 0, 0, "unknown report format");
}
