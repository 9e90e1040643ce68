/*
 * clang-env.c - the compiler arguments a tree's files are parsed with
 * (the environment half of clang-analysis.h).
 *
 * Contract: clang_env_init() opens libclang (clang-loader.c; -1 after
 * its one-line message when it cannot, the caller exits 2), then works
 * out the include paths once per tree; clang_env_file_args() gives one
 * file's arguments: its own flags from the tree's compile_commands.json
 * when it has them (only what matters to parsing: -I -D -U -include
 * -isystem -std= ...), else the common ones: the kernel's include path
 * (its Makefile's LINUXINCLUDE, the directories the tree has), and,
 * last, the <asm/...> wrappers of asm-generic a build would generate
 * (clang-asm-generic.c), for a tree never built.  The scratch directory
 * (empty autoconf.h files, one "asm" link per tree for the
 * include/asm-ARCH layout) is shared by the process and removed at exit.
 * Every function may be called from any thread, but for
 * clang_env_add_unsaved() and clang_env_refuse(): before the parses.
 * libclang opens the headers itself; a file the walk refused (a FIFO,
 * a device, a link out of the tree) is given to it as an unsaved file
 * holding an #error (clang_env_refuse()), which libclang reads instead
 * of the file: it looks the path up among its virtual files before it
 * opens anything.  Every parse goes through the virtual file system
 * of clang-vfs.c (-ivfsoverlay, written once per tree): the tree,
 * the asm link's and clang's own headers, with every FIFO, device,
 * link out or oversized file of the tree a stand-in; any other path
 * (absolute, "..", a path flag of compile_commands.json) is a missing
 * file for libclang, never opened.
 */
#include <ctype.h>
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "clang-analysis.h"
#include "clang-asm-generic.h"
#include "clang-calls.h"
#include "clang-vfs.h"
#include "expr-depth.h"
#include "header-macro.h"
#include "scratch.h"
#include "strbuf.h"
#include "strlist.h"
#include "tempfile.h"
#include "tree-fs.h"
#include "util.h"

static pthread_mutex_t env_lock = PTHREAD_MUTEX_INITIALIZER;

static int is_dir(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISDIR(st.st_mode);
}

/* the first <libdir>/clang/<version>/include, or NULL */
static char *resource_dir_in(const char *libdir)
{
	char *clangdir = xstrfmt("%s/clang", libdir), *found = NULL;
	DIR *dir = opendir(clangdir);
	struct dirent *de;

	while (dir && (de = readdir(dir)) && !found) {
		char *inc = xstrfmt("%s/%s/include", clangdir, de->d_name);

		if (de->d_name[0] != '.' && is_dir(inc))
			found = inc;
		else
			free(inc);
	}
	if (dir)
		closedir(dir);
	free(clangdir);
	return found;
}

static char *dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? xstrndup(path, slash - path) : xstrdup(".");
}

/*
 * clang's include dir beside the libclang we run with: by the path it
 * was opened as (Debian's /usr/lib/llvm-N/lib/libclang.so), else by the
 * file it resolves to.
 */
static char *find_resource_dir(void)
{
	Dl_info info;
	char *libdir, *real, *found;

	if (!dladdr((void *)clang_createIndex, &info) || !info.dli_fname)
		return NULL;
	libdir = dir_of(info.dli_fname);
	found = resource_dir_in(libdir);
	free(libdir);
	real = found ? NULL : realpath(info.dli_fname, NULL);
	if (real) {
		libdir = dir_of(real);
		found = resource_dir_in(libdir);
		free(libdir);
		free(real);
	}
	return found;
}

static void write_empty(const char *path)
{
	FILE *fp = fopen(path, "w");

	if (fp)
		fclose(fp);
}

/*
 * One scratch directory for the process: an empty autoconf.h (also as
 * linux/autoconf.h and generated/autoconf.h for trees that include it
 * and were never configured), and one subdirectory per environment for
 * its asm link.  Returns the environment's subdirectory.
 */
static char *scratch_for_env(void)
{
	static char *root;
	static unsigned int nr_envs;
	char *dir;

	pthread_mutex_lock(&env_lock);
	if (!root) {
		char *path;

		root = tempdir_create("kmigrate-clang");
		path = xstrfmt("%s/include", root);
		mkdir(path, 0755);
		free(path);
		path = xstrfmt("%s/include/linux", root);
		mkdir(path, 0755);
		free(path);
		path = xstrfmt("%s/include/generated", root);
		mkdir(path, 0755);
		free(path);
		path = xstrfmt("%s/include/linux/autoconf.h", root);
		write_empty(path);
		free(path);
		path = xstrfmt("%s/include/generated/autoconf.h", root);
		write_empty(path);
		free(path);
	}
	dir = xstrfmt("%s/env-%u", root, nr_envs++);
	mkdir(dir, 0755);
	pthread_mutex_unlock(&env_lock);
	return dir;
}

/* the architectures to look for, this machine's first */
static void arch_candidates(struct strlist *archs)
{
	struct utsname un;

	if (!uname(&un)) {
		if (!strcmp(un.machine, "x86_64") ||
		    !strncmp(un.machine, "i", 1)) {
			strlist_push(archs, "x86");
			strlist_push(archs, "x86_64");
			strlist_push(archs, "i386");
		} else if (!strcmp(un.machine, "aarch64")) {
			strlist_push(archs, "arm64");
			strlist_push(archs, "arm");
		} else {
			strlist_push(archs, un.machine);
		}
	}
	strlist_push(archs, "i386");
	strlist_push(archs, "x86");
}

/* -IDIR for DIR of the tree (a format of arch), when it is a directory */
static void add_include_if_dir(struct clang_env *env, const char *format,
			       const char *arch)
{
	char *rel = xstrfmt(format, arch);
	char *dir = xstrfmt("%s/%s", env->tree, rel);

	if (is_dir(dir))
		strlist_pushf(&env->args, "-I%s", dir);
	free(dir);
	free(rel);
}

/*
 * After the tree's include/ and arch/ARCH/include, the rest of the
 * kernel's own include path (LINUXINCLUDE and USERINCLUDE of its
 * Makefile), those of them the tree has: the generated directories of
 * a built tree and the uapi ones, where <asm/types.h> and its u8 are
 */
static void add_kernel_includes(struct clang_env *env, const char *arch)
{
	static const char *const dirs[] = {
		"arch/%s/include/generated",	  "arch/%s/include/uapi",
		"arch/%s/include/generated/uapi", "include/uapi",
		"include/generated/uapi",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(dirs); i++)
		add_include_if_dir(env, dirs[i], arch);
}

/* the include/asm-ARCH directory the asm link leads to, or NULL */
static char *add_arch_includes(struct clang_env *env)
{
	struct strlist archs = STRLIST_INIT;
	char *asm_dir = NULL;
	size_t i;

	arch_candidates(&archs);
	for (i = 0; i < archs.nr; i++) {
		char *inc = xstrfmt("%s/arch/%s/include", env->tree,
				    archs.items[i].string);
		char *old = xstrfmt("%s/include/asm-%s", env->tree,
				    archs.items[i].string);
		int done = 0;

		if (is_dir(inc)) {
			strlist_pushf(&env->args, "-I%s", inc);
			add_kernel_includes(env, archs.items[i].string);
			done = 1;
		} else if (is_dir(old)) {
			/* the 2.6 layout: <asm/...> is include/asm-ARCH */
			char *link = xstrfmt("%s/asm", env->scratch);
			char *real = realpath(old, NULL);

			/* a link out of the tree is no asm directory */
			if (real && tree_path_is_beneath(real, env->tree) &&
			    (!symlink(old, link) || errno == EEXIST)) {
				strlist_pushf(&env->args, "-I%s", env->scratch);
				asm_dir = xstrdup(old);
			}
			free(real);
			free(link);
			done = 1;
		}
		free(inc);
		free(old);
		if (done)
			break;
	}
	strlist_clear(&archs, 0);
	return asm_dir;
}

/*
 * compile_commands.json, as libclang would read it: a regular file of
 * the tree (no link), within the size cap; else none is used
 */
static int usable_compile_db(const char *path)
{
	struct stat st;

	return !lstat(path, &st) && S_ISREG(st.st_mode) &&
	       (size_t)st.st_size <= tree_fs_max_file_size() &&
	       !access(path, R_OK);
}

/* CLANG_MEMORY_ENV's MiB in bytes, or the default; -1 when invalid */
static int memory_limit(size_t *bytes)
{
	const char *value = getenv(CLANG_MEMORY_ENV);
	unsigned long long mib = CLANG_MEMORY_MIB;
	char *end;

	if (value) {
		errno = 0;
		mib = strtoull(value, &end, 10);
		if (!isdigit((unsigned char)*value) || *end || errno ||
		    mib > SIZE_MAX >> 20)
			return -1;
	}
	*bytes = (size_t)mib << 20;
	return 0;
}

/* a regular file of the tree at rel, not reached through a link */
static int tree_has_file(const char *tree, const char *rel)
{
	struct tree_fs fs;
	const char *leaf;
	struct stat st;
	int fd, ret = 0;

	if (tree_fs_open(&fs, tree))
		return 0;
	fd = tree_fs_open_dir(&fs, rel, &leaf);
	if (fd >= 0) {
		ret = !fstatat(fd, leaf, &st, AT_SYMLINK_NOFOLLOW) &&
		      S_ISREG(st.st_mode);
		close(fd);
	}
	tree_fs_close(&fs);
	return ret;
}

/*
 * The header libclang includes before every file (-include), as Kbuild
 * includes its own: in a tree never configured, the Kconfig symbols
 * kernel-types gives this machine, so that the headers' types agree
 * with libclang's target (BITS_PER_LONG with its long); then each of
 * kernel-types' includes the tree has (<linux/kconfig.h>: IS_ENABLED()).
 * A configured tree's own autoconf.h says its symbols.
 */
static char *write_forced_include(const struct clang_env *env, const char *dir,
				  const struct kernel_data *kd)
{
	char *path = xstrfmt("%s/kmigrate-config.h", dir);
	struct strbuf text = STRBUF_INIT;
	struct utsname un;
	size_t i;

	strbuf_addstr(&text, "/* kmigrate: before every file */\n");
	if (!uname(&un) &&
	    !tree_has_file(env->tree, "include/generated/autoconf.h") &&
	    !tree_has_file(env->tree, "include/linux/autoconf.h"))
		for (i = 0; kd && i < kd->nr_configs; i++)
			if (!strcmp(kd->configs[i].machine, un.machine))
				strbuf_addf(&text, "#define %s %s\n",
					    kd->configs[i].name,
					    kd->configs[i].value);
	for (i = 0; kd && i < kd->nr_includes; i++)
		strbuf_addf(&text,
			    "#if __has_include(<%s>)\n#include <%s>\n#endif\n",
			    kd->includes[i], kd->includes[i]);
	if (write_scratch_file(path, text.buf, text.len)) {
		free(path);
		path = NULL;
	}
	strbuf_release(&text);
	return path;
}

/*
 * What a build would have generated, in the scratch directory
 * "generated" of the environment: the asm-generic wrappers, last on the
 * include path, and the header included before every file.  Returns
 * the directory, for libclang's file system to show.
 */
static char *add_generated(struct clang_env *env, const struct kernel_data *kd)
{
	char *dir = xstrfmt("%s/generated", env->scratch), *forced = NULL;

	if (mkdir(dir, 0700) && errno != EEXIST)
		error_errno("cannot make '%s'", dir);
	else
		forced = write_forced_include(env, dir, kd); /* or said why */
	if (!forced) {
		free(dir);
		return NULL;
	}
	if (clang_asm_generic_write(dir, env->tree) > 0) {
		strlist_push(&env->args, "-idirafter");
		strlist_push(&env->args, dir);
	}
	strlist_push(&env->args, "-include");
	strlist_push(&env->args, forced);
	free(forced);
	return dir;
}

int clang_env_init(struct clang_env *env, const char *tree,
		   const struct kernel_data *kd)
{
	char *path, *root, *asm_dir, *include, *generated;
	CXCompilationDatabase_Error db_error;

	memset(env, 0, sizeof(*env));
	if (expr_depth_limit(&env->max_expr_depth) < 0)
		return error("invalid %s '%s': not a number of operators",
			     EXPR_DEPTH_ENV, getenv(EXPR_DEPTH_ENV));
	if (memory_limit(&env->max_memory) < 0)
		return error("invalid %s '%s': not a number of MiB",
			     CLANG_MEMORY_ENV, getenv(CLANG_MEMORY_ENV));
	if (clang_loader_init() < 0)
		return -1; /* said what to install */
	strlist_init(&env->args);
	strlist_init(&env->unsaved);
	env->headers = header_cache_new();
	env->tree = realpath(tree, NULL);
	if (!env->tree)
		return error("cannot open tree '%s': %s", tree,
			     strerror(errno));
	env->scratch = scratch_for_env();
	root = xstrndup(env->scratch,
			strrchr(env->scratch, '/') - env->scratch);
	path = xstrfmt("%s/compile_commands.json", env->tree);
	if (usable_compile_db(path)) {
		env->compile_db = clang_CompilationDatabase_fromDirectory(
			env->tree, &db_error);
		if (db_error != CXCompilationDatabase_NoError)
			env->compile_db = NULL;
	}
	free(path);
	env->resource_dir = find_resource_dir();
	strlist_push(&env->args, "-nostdinc");
	if (env->resource_dir) {
		strlist_push(&env->args, "-isystem");
		strlist_push(&env->args, env->resource_dir);
	}
	strlist_push(&env->args, "-D__KERNEL__");
	strlist_pushf(&env->args, "-I%s/include", env->tree);
	asm_dir = add_arch_includes(env);
	strlist_pushf(&env->args, "-I%s/include", root);
	generated = add_generated(env, kd);
	include = xstrfmt("%s/include", root);
	if (generated)
		env->vfs = clang_vfs_write(env->scratch, env->tree,
					   env->resource_dir, include, asm_dir,
					   generated);
	free(include);
	free(generated);
	free(asm_dir);
	free(root);
	if (!env->vfs) {
		clang_env_release(env);
		return -1;
	}
	return 0;
}

void clang_env_add_unsaved(struct clang_env *env, const char *path,
			   const char *text)
{
	struct strlist_item *item;

	if (path[0] == '/')
		item = strlist_push(&env->unsaved, path);
	else
		item = strlist_pushf(&env->unsaved, "%s/%s", env->tree, path);
	item->util = xstrdup(text);
}

void clang_env_refuse(struct clang_env *env, const char *path, const char *why)
{
	struct strbuf text = STRBUF_INIT;
	const char *p;

	/* a string literal: no quote, backslash or newline of the name */
	strbuf_addstr(&text, "#error \"kmigrate: ");
	for (p = why; *p; p++)
		strbuf_addch(&text,
			     *p == '"' || *p == '\\' || *p == '\n' ? '?' : *p);
	strbuf_addstr(&text, "\"\n");
	clang_env_add_unsaved(env, path, text.buf);
	strbuf_release(&text);
}

int clang_env_init_text(struct clang_env *env, const char *tree)
{
	memset(env, 0, sizeof(*env));
	strlist_init(&env->args);
	strlist_init(&env->unsaved);
	env->lexer_only = 1;
	env->headers = header_cache_new();
	env->tree = realpath(tree, NULL);
	if (!env->tree)
		return error("cannot open tree '%s': %s", tree,
			     strerror(errno));
	return 0;
}

void clang_env_release(struct clang_env *env)
{
	if (env->compile_db)
		clang_CompilationDatabase_dispose(env->compile_db);
	strlist_clear(&env->args, 0);
	strlist_clear(&env->unsaved, 1);
	free(env->tree);
	free(env->scratch);
	free(env->resource_dir);
	free(env->vfs);
	header_cache_free(env->headers);
	memset(env, 0, sizeof(*env));
}

/* the flags of compile_commands.json that matter to parsing */
static int keep_db_arg(const char *arg, int *takes_value)
{
	static const char *const with_value[] = {
		"-include",   "-imacros", "-isystem", "-iquote",
		"-idirafter", "-I",	  "-D",	      "-U",
	};
	size_t i;

	*takes_value = 0;
	for (i = 0; i < ARRAY_SIZE(with_value); i++)
		if (!strcmp(arg, with_value[i])) {
			*takes_value = 1;
			return 1;
		}
	return !strncmp(arg, "-I", 2) || !strncmp(arg, "-D", 2) ||
	       !strncmp(arg, "-U", 2) || !strncmp(arg, "-std=", 5) ||
	       !strcmp(arg, "-nostdinc");
}

/* the flags of one compile command that matter to parsing */
static void push_command_args(CXCompileCommand cmd, struct strlist *args)
{
	unsigned int i, n = clang_CompileCommand_getNumArgs(cmd);
	CXString dir = clang_CompileCommand_getDirectory(cmd);
	int keep_next = 0;

	strlist_pushf(args, "-working-directory=%s", clang_getCString(dir));
	clang_disposeString(dir);
	for (i = 1; i < n; i++) {
		CXString arg = clang_CompileCommand_getArg(cmd, i);
		const char *s = clang_getCString(arg);
		int value = 0;

		if (keep_next) {
			strlist_push(args, s);
			keep_next = 0;
		} else if (keep_db_arg(s, &value)) {
			strlist_push(args, s);
			keep_next = value;
		}
		clang_disposeString(arg);
	}
}

/* 1 when the database had the file: its flags are in args */
static int db_args(const struct clang_env *env, const char *path,
		   struct strlist *args)
{
	CXCompileCommands cmds;
	int found = 0;

	pthread_mutex_lock(&env_lock);
	cmds = clang_CompilationDatabase_getCompileCommands(env->compile_db,
							    path);
	if (cmds && clang_CompileCommands_getSize(cmds)) {
		push_command_args(clang_CompileCommands_getCommand(cmds, 0),
				  args);
		found = 1;
	}
	if (cmds)
		clang_CompileCommands_dispose(cmds);
	pthread_mutex_unlock(&env_lock);
	return found;
}

void clang_env_file_args(const struct clang_env *env, const char *abs,
			 struct strlist *args)
{
	size_t i;

	if (!env->compile_db || !db_args(env, abs, args))
		for (i = 0; i < env->args.nr; i++)
			strlist_push(args, env->args.items[i].string);
	strlist_push(args, "-ivfsoverlay");
	strlist_push(args, env->vfs);
}
