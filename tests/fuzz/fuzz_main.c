/*
 * fuzz_main.c - runs LLVMFuzzerTestOneInput once per file, so the seed corpus
 * is exercised by every build, not only by libFuzzer builds (TC_FUZZ=ON).
 *
 *   fuzz_corpus FILE|DIR...    (a folder: every regular file in it)
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Runs one file; 0 when it could be read. */
static int run_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		perror(path);
		return -1;
	}
	uint8_t *buf = NULL;
	size_t len = 0, cap = 0;
	for (;;) {
		if (len == cap) {
			cap = cap ? 2 * cap : 4096;
			uint8_t *nb = realloc(buf, cap);
			if (!nb) {
				fprintf(stderr, "%s: out of memory\n", path);
				free(buf);
				fclose(f);
				return -1;
			}
			buf = nb;
		}
		size_t got = fread(buf + len, 1, cap - len, f);
		len += got;
		if (got == 0)
			break;
	}
	int bad = ferror(f);
	fclose(f);
	if (bad) {
		perror(path);
		free(buf);
		return -1;
	}
	/* exactly len bytes, as libFuzzer passes them: overreads show under ASan */
	uint8_t *data = malloc(len ? len : 1);
	int rc = data ? 0 : -1;
	if (data) {
		memcpy(data, buf, len);
		LLVMFuzzerTestOneInput(data, len);
	}
	free(data);
	free(buf);
	return rc;
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Runs every regular file of a folder, in name order; counts them in *count. */
static int run_dir(const char *dir, size_t *count)
{
	DIR *d = opendir(dir);
	if (!d) {
		perror(dir);
		return -1;
	}
	char **names = NULL;
	size_t n = 0, cap = 0;
	int rc = 0;
	struct dirent *e;
	while (rc == 0 && (e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		if (n == cap) {
			cap = cap ? 2 * cap : 64;
			char **nn = realloc(names, cap * sizeof *names);
			if (!nn) {
				rc = -1;
				break;
			}
			names = nn;
		}
		size_t len = strlen(dir) + strlen(e->d_name) + 2;
		if (!(names[n] = malloc(len))) {
			rc = -1;
			break;
		}
		snprintf(names[n++], len, "%s/%s", dir, e->d_name);
	}
	closedir(d);
	if (n)
		qsort(names, n, sizeof *names, cmp_names);
	for (size_t i = 0; i < n; i++) {
		struct stat st;
		if (rc == 0 && stat(names[i], &st) == 0 && S_ISREG(st.st_mode)) {
			rc = run_file(names[i]);
			++*count;
		}
		free(names[i]);
	}
	free(names);
	return rc;
}

int main(int argc, char **argv)
{
	size_t count = 0;
	for (int i = 1; i < argc; i++) {
		struct stat st;
		if (stat(argv[i], &st) != 0) {
			perror(argv[i]);
			return 1;
		}
		int rc = S_ISDIR(st.st_mode) ? run_dir(argv[i], &count) : run_file(argv[i]);
		count += !S_ISDIR(st.st_mode);
		if (rc)
			return 1;
	}
	printf("fuzz_corpus: %zu inputs passed\n", count);
	return 0;
}
