/*
 * clang-analysis.h - what libclang (and, where it cannot, the file's own
 * text) says about each argument of each call site.
 *
 * check hands every file that has calls of the migrated function to
 * clang_analyse_file() with the scan's call sites of that file.  The file
 * is parsed with the tree's include paths (clang_env_init() works them
 * out: the tree's compile_commands.json when it has one, else -nostdinc,
 * clang's own include dir, -D__KERNEL__, TREE/include, the arch's include
 * dir or an "asm" link to include/asm-ARCH, and an empty autoconf.h).
 * Parse errors of a partial kernel are tolerated; a parse that loses a
 * call to a configuration value used in an expression ("use of
 * undeclared identifier 'CONFIG_X86_L1_CACHE_SHIFT'", the empty
 * autoconf.h defines none) or to a conditional around it ("#ifdef
 * CONFIG_HIGH_RES_TIMERS", config-guards.h) is retried once with those
 * CONFIG_ symbols defined to 1, its result taken unless it keeps fewer
 * calls, and when the call is lost anyway its file's parse error says
 * the retry was made.  For each call libclang
 * sees, each argument gets its type as written (below the implicit
 * conversion to the parameter), whether it is a null pointer constant,
 * whether it is a string literal (also through a macro) and its value,
 * and the call gets the file of the declaration it resolves to (a
 * program under tools/ may call libc's function of the same name).
 * An argument libclang cannot type (an expression it recovered from an
 * error) has no type from libclang: the rules do not judge it.
 *
 * libclang drops a call that does not fit the declared prototype (an old
 * form call in a tree that declares the new one): such a call keeps what
 * the scan found, and its argument types come from fallbacks, in order:
 * the declaration of the variable (or member) in the file's text, then
 * the argument's shape (a literal is a char *, MKDEV() a dev_t, the
 * address of a ->dev member a struct device *).  type_source says which;
 * a rule whose verdict rests on a fallback says so in its message.
 *
 * The environment (clang-env.c) is worked out once per tree; the analysis
 * (clang-analysis.c) runs per file, on any thread, with a libclang index
 * of its own, each argument's type from clang-expr-type.c; the text
 * fallbacks are decl-lookup.c.
 *
 * libclang is opened at run time (clang-loader.h), by clang_env_init():
 * a machine without it fails there, with one line saying what to install.
 *
 * Caller's steps: clang_env_init(&env, tree, kd) (-1: setup error, reported:
 * an unreadable tree or no libclang; exit 2); for each file:
 * clang_file_init(), call_analysis_init() for each of its calls,
 * clang_analyse_file(), read the records, call_analysis_release(),
 * clang_file_release(); then clang_env_release().  Tests hand files over
 * in memory with clang_env_add_unsaved().
 */
#ifndef KM_CLANG_ANALYSIS_H
#define KM_CLANG_ANALYSIS_H

#include <stddef.h>

#include "call-site.h"
#include "strlist.h"

struct kernel_data;

struct migration;
struct strbuf;
struct tree_api;
struct tree_overlay;

enum type_source {
	TYPE_FROM_NONE,
	TYPE_FROM_LIBCLANG,
	TYPE_FROM_DECLARATION, /* the file declares the variable */
	TYPE_FROM_SHAPE,       /* the expression's form */
};

struct call_argument {
	const char *text; /* as written (the scan's text) */
	unsigned int line, column;
	char *type;	 /* as written: "dev_t"; NULL when unknown */
	char *canonical; /* what it stands for: "unsigned int" */
	enum type_source type_source;
	unsigned is_null : 1;	 /* a null pointer constant */
	unsigned is_literal : 1; /* a string literal, maybe from a macro */
	char *literal;		 /* its value, escapes resolved */
	/* "vmlogrdr": the string the file creates this variable with, if any */
	char *created_as;
};

struct analysed_file {
	char *path;	   /* relative to the tree */
	char *parse_error; /* libclang could not analyse it: why */
	/* the line of an expression too deep to hand to libclang, or 0 */
	unsigned int too_deep;
	/* libclang killed the process analysing it (check-analyse.c) */
	unsigned crashed : 1;
	/*
	 * described from its text only, never from libclang nor the
	 * result cache: the file is as it was at check --base's REV, or
	 * differs only where REV's version proves it (check-renamed.h)
	 */
	unsigned text_only : 1;
	/*
	 * of them, a file changed since REV but judged by REV's version
	 * (check-renamed.h): its arguments' types are REV's, not guessed
	 */
	unsigned by_base : 1;
	size_t nr_calls; /* calls handed over */
	size_t nr_seen;	 /* of them, calls libclang saw */
	/*
	 * the tree's files the analysis read besides this one (headers),
	 * relative to the tree: what check's result cache checks
	 */
	struct strlist deps;
};

/*
 * Why a call's form is what it is, when check decided it and not the
 * scan (check.c's decide_by_types()); the words are made only when
 * printed, by call_form_reason_text().
 */
enum call_form_reason {
	CALL_FORM_FROM_SCAN,	      /* the scan's form: nothing to say */
	CALL_FORM_BY_TYPES,	      /* libclang's types fit one prototype */
	CALL_FORM_BY_TYPES_EXCHANGED, /* ... once two arguments are exchanged */
	CALL_FORM_REASON_NR
};

struct call_analysis {
	const struct call_site *site; /* the scan's record */
	const struct migration *migration;
	const struct tree_api *api;
	const struct analysed_file *file;
	size_t index_in_file;		   /* 0 for the file's first call */
	enum call_site_kind form;	   /* the scan's, or decided by types */
	enum call_form_reason form_reason; /* why form, when not the scan */
	struct call_argument *args;	   /* site->nr_args of them */
	size_t nr_args;
	int seen_by_libclang;
	/*
	 * the file of the declaration libclang resolves the call to
	 * (its first one), relative to the tree when it is in it:
	 * "include/linux/device/class.h", "/usr/include/x.h"; NULL when
	 * libclang did not see the call or declared it implicitly
	 */
	char *declared_in;
};

struct clang_env {
	char *tree;
	struct strlist args;	/* for every file */
	struct strlist unsaved; /* path, with the text as util */
	char *scratch;		/* asm link and autoconf.h */
	void *compile_db;	/* CXCompilationDatabase or NULL */
	char *resource_dir;	/* clang's include dir, or NULL */
	char *vfs;		/* the -ivfsoverlay file: all libclang sees */
	int lexer_only;		/* tests: skip libclang */
	size_t max_expr_depth;	/* expr_depth_limit(); 0: none */
	size_t max_memory;	/* bytes a worker's parse may map; 0: no cap */
	/* the headers the text fallbacks read (header-macro.h) */
	struct header_cache *headers;
};

/*
 * kd: kernel-types' configs and includes (may be NULL: none).  The
 * memory a libclang worker may use is CLANG_MEMORY_ENV's MiB (0: no
 * cap), CLANG_MEMORY_MIB by default: for fork-tasks.h's max_memory.
 */
#define CLANG_MEMORY_ENV "KMIGRATE_CLANG_MEMORY"
#define CLANG_MEMORY_MIB 4096
int clang_env_init(struct clang_env *env, const char *tree,
		   const struct kernel_data *kd);
/*
 * An environment for describing files from their text only (every
 * file text_only or unreadable): lexer_only, the tree, and nothing that
 * loads libclang; released with clang_env_release()
 */
int clang_env_init_text(struct clang_env *env, const char *tree);
/* an in-memory file (tests): path absolute or relative to the tree */
void clang_env_add_unsaved(struct clang_env *env, const char *path,
			   const char *text);
/*
 * A file of the tree libclang must never open (a FIFO, a device, a link
 * to outside the tree: a hang, an endless read, a read elsewhere): its
 * path, relative to the tree, reads as "#error WHY" (why: "cannot read
 * 'x.h': not a regular file"), so an
 * #include of it is a parse error naming it, not a read
 */
void clang_env_refuse(struct clang_env *env, const char *path, const char *why);
void clang_env_release(struct clang_env *env);
/* one file's compiler arguments (abs: its absolute path), appended */
void clang_env_file_args(const struct clang_env *env, const char *abs,
			 struct strlist *args);

/* one record per call site of the file (calls only: old/new/ambiguous) */
void clang_file_init(struct analysed_file *file, const char *path);
void clang_file_release(struct analysed_file *file);
void call_analysis_init(struct call_analysis *call,
			const struct call_site *site, const struct migration *m,
			const struct tree_api *api,
			const struct analysed_file *file, size_t index);
void call_analysis_release(struct call_analysis *call);
/*
 * Why the call's form is what it is, appended to out ("the argument
 * types libclang gives fit only the old prototype"); nothing when it is
 * the scan's
 */
void call_form_reason_text(const struct call_analysis *call,
			   struct strbuf *out);

/*
 * Analyse calls[0..nr) of one file whose text is text[0..len): libclang
 * where it can, fallbacks where it cannot.  Never fails: a file libclang
 * cannot parse gets file->parse_error and fallback types.
 */
void clang_analyse_file(const struct clang_env *env, struct analysed_file *file,
			const char *text, size_t len,
			struct call_analysis *calls, size_t nr);

/* one text of a file: the tree's, or as an overlay changes it */
struct clang_variant {
	struct analysed_file *file;
	const char *text;
	size_t len;
	const struct tree_overlay *overlay; /* its headers; NULL: none */
	struct call_analysis *calls;
	size_t nr;
};

/*
 * Analyse several texts of one file (all variants name the same path;
 * check --patch: before, after and converted), each as
 * clang_analyse_file() would; with reuse, one parse with a preamble and
 * a reparse for each further text (clang-tu.h), which pays when the
 * file's headers are heavy (a kernel's) and costs more when they are
 * light: the caller decides.
 */
void clang_analyse_variants(const struct clang_env *env,
			    struct clang_variant *variants, size_t nr,
			    int reuse);

#endif
