/*
 * compdb.h - the flags a compilation database (compile_commands.json) gives
 * a source file (compdb.c; docs/source.md, "Compilation databases").
 */
#ifndef TC_TOOLS_COMPDB_H
#define TC_TOOLS_COMPDB_H

#include <stddef.h>

/* The languages of sources. */
typedef enum cli_lang {
	CLI_LANG_NONE = 0, /* not a source: read as it is */
	CLI_LANG_CUDA,
	CLI_LANG_HIP,
	CLI_LANG_OPENCL,
	CLI_LANG_GLSL
} cli_lang;

/* The compiler an entry runs, by its name. */
enum { CLI_COMPDB_OTHER, CLI_COMPDB_NVCC, CLI_COMPDB_CLANG };

/* What a database entry says of its file. */
typedef struct cli_compdb_entry {
	/* the flags the analysis keeps (include paths made absolute, macros,
	 * forced includes, -std, --cuda-path), for a compiler of its own */
	char **flags;
	int nflags;
	char *arch;    /* the device the command builds for (sm_80, gfx90a), or NULL */
	int compiler;  /* CLI_COMPDB_* */
	int lang;      /* the cli_lang its -x names (-x cu, -x hip), or CLI_LANG_NONE */
	char **argv;   /* the whole command, NULL-ended (argc words) */
	int argc;
	char *dir;     /* the folder it runs in (absolute where the database's is) */
} cli_compdb_entry;

/*
 * db's entry for path (its real path compared): 0; 1 when path is not in
 * the database; -1 with a message printed. The database is read once and
 * kept until cli_compdb_free. Free *e with cli_compdb_entry_free.
 */
int cli_compdb_entry_of(const char *db, const char *path, cli_compdb_entry *e);
void cli_compdb_entry_free(cli_compdb_entry *e);
/* The language of path by its entry's -x, or CLI_LANG_NONE. */
int cli_compdb_lang(const char *db, const char *path);
/* Every file of db, in its order, each once (joined to its directory;
 * malloc'd, as is the array). 0, or -1 with a message printed. */
int cli_compdb_files(const char *db, char ***files, size_t *n);
void cli_compdb_free(void);

/* dir/file, malloc'd (NULL when out of memory); file itself when it is
 * absolute or dir is NULL or empty. */
char *cli_join_path(const char *dir, const char *file);

#endif
