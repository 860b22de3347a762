/*
 * dwarf.h - the inlined calls that a PTX file's .debug_info describes
 * (DW_TAG_inlined_subroutine), for the PTX reader's positions.
 *
 * nvcc -G inlines cooperative groups' and the toolkit's __forceinline__
 * functions and writes no inlined_at on their .loc lines; the DWARF of
 * .debug_info says which code was inlined from where: each inlined call
 * with the labels around its code (DW_AT_low_pc, DW_AT_high_pc) and its
 * call site (DW_AT_call_file, _line, _column). The sections come as .b8,
 * .b16, .b32 and .b64 lists of numbers and labels; the reader hands them
 * over as bytes with the labels' places, and resolves the labels of code.
 */
#ifndef TC_FRONTEND_PTX_DWARF_H
#define TC_FRONTEND_PTX_DWARF_H

#include "util/mem.h"

#include <stddef.h>
#include <stdint.h>

/* A label in a section's bytes, in place of a value of width bytes at off
 * (the bytes there are 0); plus add (LABEL+N). */
typedef struct tc_dw_label {
	uint32_t off;
	uint8_t width;
	const char *s;
	uint32_t len;
	int64_t add;
} tc_dw_label;

/* A section: its bytes and its labels, in increasing off. */
typedef struct tc_dw_section {
	const unsigned char *b;
	size_t n;
	const tc_dw_label *lab;
	size_t nlab;
} tc_dw_section;

/* An inlined call. */
typedef struct tc_dw_inlined {
	const tc_dw_label *lo, *hi; /* its code: from label lo up to label hi */
	uint32_t file, line, col;   /* the call's .file index, line, column (0:
				     * not known) */
	uint32_t parent;            /* the inlined call whose code holds this
				     * call (an index of the list), UINT32_MAX:
				     * none (the function's own code) */
	const char *name;           /* the function inlined, as DWARF names it
				     * (a linkage name first); NULL: not known */
	size_t nlen;
} tc_dw_inlined;

/* A variable at a fixed place in a .local symbol (nvcc -G's locals in the
 * function's depot): DW_AT_location DW_OP_addr SYMBOL[+N]
 * [DW_OP_plus_uconst K], at byte off = N + K of the symbol s; size: its
 * type's bytes (DW_AT_type, through typedefs and qualifiers; an array's
 * element times its subranges' counts), 0 where not known. */
typedef struct tc_dw_local {
	const char *s;
	uint32_t len;
	int64_t off;
	uint64_t size;
} tc_dw_local;

/*
 * The inlined calls of info (its abbreviations in abbrev, strings in str:
 * DW_FORM_strp offsets, already resolved by the caller), in .debug_info's
 * order (a call before those inside it), into *out (n of them; allocated
 * with al; NULL when none). Calls whose code is not two labels (a range
 * list, DW_AT_high_pc as a length) are left out, and so is everything
 * inside them. DWARF 2 to 5, 32-bit units; what does not decode ends the
 * list there. With them, into *locals (*nlocals; NULL when none), the
 * variables and parameters (DW_TAG_variable, DW_TAG_formal_parameter) whose
 * location is a symbol and a constant (DW_OP_nop aside), with their sizes,
 * in .debug_info's order. TC_OK or TC_ENOMEM.
 */
int tc__dwarf_inlined(const tc_dw_section *abbrev, const tc_dw_section *info,
		      const tc_dw_section *str, const tc_alloc *al, tc_dw_inlined **out, size_t *n,
		      tc_dw_local **locals, size_t *nlocals);

#endif
