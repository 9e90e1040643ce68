/*
 * clang-env.c - the compiler arguments a tree's files are parsed with
 * (the environment half of clang-analysis.h).
 *
 * Contract: clang_env_init() opens libclang (clang-loader.c; -1 after
 * its one-line message when it cannot, the caller exits 2), then works
 * out the include paths once per tree; clang_env_file_args() gives one
 * file's arguments: its own flags from the tree's compile_commands.json
 * when it has them (only what matters to parsing: -I -D -U -include
 * -isystem -std= ...), else the common ones.  The scratch directory
 * (empty autoconf.h files, one "asm" link per tree for the
 * include/asm-ARCH layout) is shared by the process and removed at exit.
 * Every function may be called from any thread, but for
 * clang_env_add_unsaved() and clang_env_refuse(): before the parses.
 * libclang opens the headers itself; a file the walk refused (a FIFO,
 * a device, a link out of the tree) is given to it as an unsaved file
 * holding an #error (clang_env_refuse()), which libclang reads instead
 * of the file: it looks the path up among its virtual files before it
 * opens anything.  Every parse goes through a virtual file system
 * (-ivfsoverlay, written once per tree) that lists only the tree's
 * regular files, the asm link's and clang's own headers: any other path
 * (absolute, "..", a FIFO of any name, a link out, a path flag of
 * compile_commands.json) is a missing file for libclang, never opened.
 */
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "clang-analysis.h"
#include "clang-calls.h"
#include "scratch.h"
#include "strbuf.h"
#include "strlist.h"
#include "tempfile.h"
#include "tree-fs.h"
#include "util.h"

static pthread_mutex_t env_lock = PTHREAD_MUTEX_INITIALIZER;

/* path is the tree itself or below it */
static int inside(const char *path, const char *tree)
{
	size_t len = strlen(tree);

	return !strncmp(path, tree, len) &&
	       (path[len] == '/' || path[len] == '\0');
}

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
			done = 1;
		} else if (is_dir(old)) {
			/* the 2.6 layout: <asm/...> is include/asm-ARCH */
			char *link = xstrfmt("%s/asm", env->scratch);
			char *real = realpath(old, NULL);

			/* a link out of the tree is no asm directory */
			if (real && inside(real, env->tree) &&
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
 * The virtual file system libclang parses through (-ivfsoverlay, with
 * "fallthrough": false): what it does not list does not exist for
 * libclang.  It lists four directories as they are (clang's own
 * headers, the scratch autoconf.h, the tree, the asm link's
 * include/asm-ARCH), and over them, first, what in the tree must not
 * be opened: a FIFO, a device, a socket, a link out of the tree or to
 * one of those, a file over the size cap become a stand-in file
 * holding an #error; a directory reached through a link out of the
 * tree, and a version-control directory, become an empty one.  So an
 * absolute #include, one whose ".." leaves the tree, a path flag of
 * compile_commands.json that points elsewhere, and any name in the
 * tree that is no regular file are an error on the file that includes
 * it, never an open.  The overlay stays small (the tree's bad entries
 * only), so libclang, which reads it again for each parse, pays little.
 */
struct vfs_walk {
	const char *tree;
	struct strlist files;  /* shown as the stand-in */
	struct strlist dirs;   /* shown empty */
	struct strlist linked; /* directories walked through a link */
	unsigned int depth;
};

/* a YAML double-quoted string; 0 for a name LLVM's YAML would misread */
static int vfs_quote(struct strbuf *out, const char *s)
{
	strbuf_addch(out, '"');
	for (; *s; s++) {
		unsigned char c = *s;

		if (c < 0x20 || c >= 0x7f)
			return 0;
		if (c == '"' || c == '\\')
			strbuf_addch(out, '\\');
		strbuf_addch(out, c);
	}
	strbuf_addch(out, '"');
	return 1;
}

static int is_skipped_dir(const char *name)
{
	return !strcmp(name, ".git") || !strcmp(name, ".hg") ||
	       !strcmp(name, ".svn");
}

static void vfs_walk_dir(struct vfs_walk *w, const char *dir);

/* a directory: walked (once, when reached through a link), or hidden */
static void vfs_walk_subdir(struct vfs_walk *w, const char *name,
			    const char *path, const char *real)
{
	if (is_skipped_dir(name) || w->depth >= 256) {
		strlist_push(&w->dirs, path);
		return;
	}
	if (real) {
		if (strlist_find(&w->linked, real) >= 0)
			return;
		strlist_push(&w->linked, real);
	}
	w->depth++;
	vfs_walk_dir(w, path);
	w->depth--;
}

/* one directory entry at path: what libclang may not open is noted */
static void vfs_walk_entry(struct vfs_walk *w, const char *name,
			   const char *path)
{
	struct stat st;
	char *real = NULL;

	if (lstat(path, &st))
		return;
	if (S_ISLNK(st.st_mode)) {
		real = realpath(path, NULL);
		if (!real)
			goto out; /* dangling: not found for libclang too */
		if (stat(real, &st)) {
			strlist_push(&w->files, path);
			goto out;
		}
		if (!inside(real, w->tree)) {
			strlist_push(S_ISDIR(st.st_mode) ? &w->dirs : &w->files,
				     path);
			goto out;
		}
	}
	if (S_ISDIR(st.st_mode))
		vfs_walk_subdir(w, name, path, real);
	else if (!S_ISREG(st.st_mode) ||
		 (size_t)st.st_size > tree_fs_max_file_size())
		strlist_push(&w->files, path);
out:
	free(real);
}

static void vfs_walk_dir(struct vfs_walk *w, const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;

	if (!d) {
		strlist_push(&w->dirs, dir);
		return;
	}
	while ((de = readdir(d))) {
		char *path;

		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		path = xstrfmt("%s/%s", dir, de->d_name);
		vfs_walk_entry(w, de->d_name, path);
		free(path);
	}
	closedir(d);
}

/*
 * One root entry of the overlay: name shown as external, a file or a
 * directory ("directory-remap").  A name LLVM's YAML cannot hold
 * hides its nearest directory that it can, shown as the empty one.
 */
static void vfs_root(FILE *fp, const char *type, const char *name,
		     const char *external, const char *empty, int *first)
{
	struct strbuf q = STRBUF_INIT, ext = STRBUF_INIT;
	char *up = xstrdup(name), *slash;

	while (!vfs_quote(&q, up)) {
		strbuf_reset(&q);
		slash = strrchr(up, '/');
		if (!slash || slash == up)
			goto out; /* "/": never, the tree is quoted first */
		*slash = '\0';
		type = "directory-remap";
		external = empty;
	}
	vfs_quote(&ext, external);
	fprintf(fp, "%s{'type':'%s','name':%s,'external-contents':%s}\n",
		*first ? "" : ",", type, q.buf, ext.buf);
	*first = 0;
out:
	free(up);
	strbuf_release(&q);
	strbuf_release(&ext);
}

/* path under from, as it is seen under to (NULL when not under from) */
static char *vfs_rebase(const char *path, const char *from, const char *to)
{
	return inside(path, from) ? xstrfmt("%s%s", to, path + strlen(from)) :
				    NULL;
}

/* the hidden entries, under the tree and as the asm link shows them */
static void vfs_hidden(FILE *fp, const struct vfs_walk *w, const char *asm_link,
		       const char *asm_dir, const char *standin,
		       const char *empty, int *first)
{
	const struct strlist *lists[] = { &w->files, &w->dirs };
	size_t i, l;

	for (l = 0; l < 2; l++)
		for (i = 0; i < lists[l]->nr; i++) {
			const char *path = lists[l]->items[i].string;
			const char *type = l ? "directory-remap" : "file";
			const char *ext = l ? empty : standin;
			char *as_asm =
				asm_dir ? vfs_rebase(path, asm_dir, asm_link) :
					  NULL;

			vfs_root(fp, type, path, ext, empty, first);
			if (as_asm)
				vfs_root(fp, type, as_asm, ext, empty, first);
			free(as_asm);
		}
}

/* what libclang reads in place of a file it must not open */
#define STANDIN "#error \"kmigrate: not a regular file of the tree\"\n"

/* write the overlay to env->scratch/vfs.yaml: its path, or NULL */
static char *write_vfs_overlay(const struct clang_env *env, const char *root,
			       const char *asm_dir)
{
	struct vfs_walk w = { env->tree, STRLIST_INIT, STRLIST_INIT,
			      STRLIST_INIT, 0 };
	char *path = xstrfmt("%s/vfs.yaml", env->scratch);
	char *standin = xstrfmt("%s/unreadable.h", env->scratch);
	char *empty = xstrfmt("%s/empty", env->scratch);
	char *asm_link = xstrfmt("%s/asm", env->scratch);
	char *include = xstrfmt("%s/include", root);
	struct strbuf q = STRBUF_INIT;
	int first = 1;
	FILE *fp = NULL;

	if (!vfs_quote(&q, path) || !vfs_quote(&q, env->tree)) {
		error("cannot use '%s' or '%s' in libclang's file system: "
		      "a control or non-ASCII byte",
		      env->scratch, env->tree);
		goto fail;
	}
	if ((mkdir(empty, 0700) && errno != EEXIST) ||
	    write_scratch_file(standin, STANDIN, strlen(STANDIN)) < 0 ||
	    !(fp = fopen(path, "w")))
		goto fail_errno;
	vfs_walk_dir(&w, env->tree);
	fputs("{'version':0,'case-sensitive':'true',"
	      "'use-external-names':'false','fallthrough':'false',"
	      "'roots':[\n",
	      fp);
	vfs_hidden(fp, &w, asm_link, asm_dir, standin, empty, &first);
	if (env->resource_dir)
		vfs_root(fp, "directory-remap", env->resource_dir,
			 env->resource_dir, empty, &first);
	vfs_root(fp, "directory-remap", include, include, empty, &first);
	vfs_root(fp, "directory-remap", env->tree, env->tree, empty, &first);
	if (asm_dir)
		vfs_root(fp, "directory-remap", asm_link, asm_dir, empty,
			 &first);
	fputs("]}\n", fp);
	if (fclose(fp)) {
		fp = NULL;
		goto fail_errno;
	}
	goto out;
fail_errno:
	error_errno("cannot write '%s'", path);
	if (fp)
		fclose(fp);
fail:
	free(path);
	path = NULL;
out:
	strlist_clear(&w.files, 0);
	strlist_clear(&w.dirs, 0);
	strlist_clear(&w.linked, 0);
	strbuf_release(&q);
	free(standin);
	free(empty);
	free(asm_link);
	free(include);
	return path;
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

int clang_env_init(struct clang_env *env, const char *tree)
{
	char *path, *root, *asm_dir;
	CXCompilationDatabase_Error db_error;

	memset(env, 0, sizeof(*env));
	if (clang_loader_init() < 0)
		return -1; /* said what to install */
	strlist_init(&env->args);
	strlist_init(&env->unsaved);
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
	strlist_push(&env->args, "-include");
	strlist_pushf(&env->args, "%s/include/linux/autoconf.h", root);
	env->vfs = write_vfs_overlay(env, root, asm_dir);
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
