/*
 * compdb.h - the flags a compilation database (compile_commands.json) gives
 * a source file (compdb.c; docs/source.md, "Compilation databases").
 */
#ifndef TC_TOOLS_COMPDB_H
#define TC_TOOLS_COMPDB_H

/*
 * The flags of db's entry for path that the analysis keeps (include paths
 * made absolute, macros, forced includes, -std, --cuda-path) as a NULL-ended
 * array of strings (*nflags of them; free each and the array), and the
 * device the command builds for (sm_70, gfx90a) or NULL, and which compiler
 * the entry runs (CLI_COMPDB_*, by its name). 0; 1 when path is not in the
 * database; -1 with a message printed. The database is read once and kept
 * until cli_compdb_free.
 */
enum { CLI_COMPDB_OTHER, CLI_COMPDB_NVCC, CLI_COMPDB_CLANG };
int cli_compdb_flags(const char *db, const char *path, char ***flags, int *nflags,
		     char **arch, int *compiler);
void cli_compdb_free(void);

/* dir/file, malloc'd (NULL when out of memory); file itself when it is
 * absolute or dir is NULL or empty. */
char *cli_join_path(const char *dir, const char *file);

#endif
