/*
 * clang-loader.c - libclang opened with dlopen() at first use (see
 * clang-loader.h), so that a machine without it runs every command that
 * does not parse C, and the ones that do stop with one line saying what
 * to install (exit 2) instead of the dynamic loader's exit 127.
 *
 * Contract: clang_loader_init() opens libclang once per process and fills
 * km_clang, or prints the one line and returns -1, the same on every
 * later call.  The library stays loaded until exit (LLVM does not like
 * being unloaded).  Where it looks, first success wins:
 *
 *  1. $KMIGRATE_LIBCLANG when set and not empty, and nothing else;
 *  2. each directory the executable's own libraries are searched in
 *     ($LD_LIBRARY_PATH, its RUNPATH, which the Makefile sets to the
 *     build's llvm-N/lib, then the system's), named explicitly because a
 *     sanitizer's dlopen() interceptor makes the loader forget the
 *     RUNPATH; then KM_LLVM_LIBDIR when the build defines it; then
 *     /usr/lib/llvm-N/lib, newest N first;
 *  3. the bare names, through the loader's cache.
 *
 * In each directory the names are tried in libclang_names[] order.  The
 * message names the first library found that could not be used, else the
 * loader's reason for the bare "libclang.so".
 */
#include <dlfcn.h>
#include <glob.h>
#include <link.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "clang-loader.h"
#include "strbuf.h"
#include "strlist.h"
#include "util.h"

#define LIBCLANG_HINT "install it with 'apt-get install libclang-dev'"

struct clang_api km_clang;

static const char *const libclang_names[] = {
	"libclang.so",
	"libclang-14.so.1",
	"libclang-14.so",
	"libclang.so.1",
};

static const struct clang_symbol {
	const char *name;
	size_t offset;
} clang_symbols[] = {
#define KM_CLANG_SYMBOL(fn) { "clang_" #fn, offsetof(struct clang_api, fn) },
	KM_CLANG_FUNCTIONS(KM_CLANG_SYMBOL)
#undef KM_CLANG_SYMBOL
};

int clang_api_open(struct clang_api *api, const char *path, char **why)
{
	void *handle;
	size_t i;

	memset(api, 0, sizeof(*api));
	handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	if (!handle) {
		*why = xstrdup(dlerror());
		return -1;
	}
	for (i = 0; i < ARRAY_SIZE(clang_symbols); i++) {
		void *sym = dlsym(handle, clang_symbols[i].name);

		if (!sym) {
			*why = xstrfmt("'%s' has no '%s'", path,
				       clang_symbols[i].name);
			goto out_close;
		}
		/* POSIX: a function pointer and void * look alike */
		memcpy((char *)api + clang_symbols[i].offset, &sym,
		       sizeof(sym));
	}
	api->handle = handle;
	api->path = xstrdup(path);
	return 0;

out_close:
	dlclose(handle);
	memset(api, 0, sizeof(*api));
	return -1;
}

void clang_api_close(struct clang_api *api)
{
	if (api->handle)
		dlclose(api->handle);
	free(api->path);
	memset(api, 0, sizeof(*api));
}

/* the directories the dynamic loader searches for our own libraries */
static void push_loader_dirs(struct strlist *dirs)
{
	Dl_serinfo size, *info;
	void *self = dlopen(NULL, RTLD_NOW);
	unsigned int i;

	if (!self)
		return;
	if (dlinfo(self, RTLD_DI_SERINFOSIZE, &size) < 0)
		goto out_close;
	info = xmalloc(size.dls_size);
	if (!dlinfo(self, RTLD_DI_SERINFOSIZE, info) &&
	    !dlinfo(self, RTLD_DI_SERINFO, info))
		for (i = 0; i < info->dls_cnt; i++)
			strlist_push(dirs, info->dls_serpath[i].dls_name);
	free(info);
out_close:
	dlclose(self);
}

static int newest_first(const void *a, const void *b)
{
	return strverscmp(*(char *const *)b, *(char *const *)a);
}

static void push_llvm_dirs(struct strlist *dirs)
{
	glob_t found;
	size_t i;

#ifdef KM_LLVM_LIBDIR
	strlist_push(dirs, KM_LLVM_LIBDIR);
#endif
	if (!glob("/usr/lib/llvm-*/lib", GLOB_ONLYDIR, NULL, &found)) {
		sane_qsort(found.gl_pathv, found.gl_pathc,
			   sizeof(*found.gl_pathv), newest_first);
		for (i = 0; i < found.gl_pathc; i++)
			strlist_push(dirs, found.gl_pathv[i]);
	}
	globfree(&found);
}

/* try one candidate; keep the first reason worth showing in *why */
static int try_open(const char *path, int must_exist, char **why)
{
	char *reason = NULL;

	if (must_exist && access(path, F_OK))
		return -1;
	if (!clang_api_open(&km_clang, path, &reason))
		return 0;
	if (!*why)
		*why = reason;
	else
		free(reason);
	return -1;
}

static int open_libclang(char **why)
{
	struct strlist dirs = STRLIST_INIT;
	char *bare_why = NULL;
	size_t i, j;
	int ret = 0;

	push_loader_dirs(&dirs);
	push_llvm_dirs(&dirs);
	for (i = 0; i < dirs.nr; i++)
		for (j = 0; j < ARRAY_SIZE(libclang_names); j++) {
			char *path = xstrfmt("%s/%s", dirs.items[i].string,
					     libclang_names[j]);

			ret = try_open(path, 1, why);
			free(path);
			if (!ret)
				goto out_clear;
		}
	for (j = 0; j < ARRAY_SIZE(libclang_names); j++) {
		ret = try_open(libclang_names[j], 0, &bare_why);
		if (!ret)
			goto out_clear;
	}
	if (!*why) {
		*why = bare_why;
		bare_why = NULL;
	}
out_clear:
	free(bare_why);
	strlist_clear(&dirs, 0);
	return ret;
}

int clang_loader_locate(struct strbuf *identity)
{
	const char *override = getenv("KMIGRATE_LIBCLANG");
	struct strlist dirs = STRLIST_INIT;
	char *found = NULL;
	struct stat st;
	size_t i, j;

	if (override && *override) {
		found = xstrdup(override);
	} else {
		push_loader_dirs(&dirs);
		push_llvm_dirs(&dirs);
		for (i = 0; !found && i < dirs.nr; i++)
			for (j = 0; !found && j < ARRAY_SIZE(libclang_names);
			     j++) {
				char *path = xstrfmt("%s/%s",
						     dirs.items[i].string,
						     libclang_names[j]);

				if (!access(path, F_OK))
					found = path;
				else
					free(path);
			}
		strlist_clear(&dirs, 0);
	}
	if (!found || stat(found, &st) < 0) {
		free(found);
		return -1;
	}
	strbuf_addf(identity, "%s %llu %lld.%09ld %llu %llu", found,
		    (unsigned long long)st.st_size,
		    (long long)st.st_mtim.tv_sec, st.st_mtim.tv_nsec,
		    (unsigned long long)st.st_dev,
		    (unsigned long long)st.st_ino);
	free(found);
	return 0;
}

static pthread_once_t loader_once = PTHREAD_ONCE_INIT;
static int loader_status;
static char *loader_error; /* the line to print, once; NULL: printed */

static void load_libclang(void)
{
	const char *override = getenv("KMIGRATE_LIBCLANG");
	char *why = NULL;

	if (override && *override)
		loader_status = try_open(override, 0, &why);
	else
		loader_status = open_libclang(&why);
	/* a setup error, worded like the one for a missing spatch */
	if (loader_status)
		loader_error = xstrfmt(
			"%s: cannot load libclang (%s); " LIBCLANG_HINT "%s\n",
			km_progname, why ? why : "not found",
			override && *override ? " or unset KMIGRATE_LIBCLANG" :
						"");
	free(why);
}

static pthread_mutex_t preload_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_t preload_thread;
static int preload_running;

static void *preload(void *unused)
{
	(void)unused;
	pthread_once(&loader_once, load_libclang);
	return NULL;
}

/*
 * The preload thread ended, not only its loading: check forks its
 * workers next (fork-tasks.h), and a thread still exiting beside the
 * fork may hold a lock of the allocator's in the copy
 */
int clang_loader_try(void)
{
	pthread_once(&loader_once, load_libclang);
	pthread_mutex_lock(&preload_lock);
	if (preload_running) {
		pthread_join(preload_thread, NULL);
		preload_running = 0;
	}
	pthread_mutex_unlock(&preload_lock);
	return loader_status;
}

int clang_loader_init(void)
{
	char *line;

	if (!clang_loader_try())
		return 0;
	pthread_mutex_lock(&preload_lock);
	line = loader_error;
	loader_error = NULL;
	pthread_mutex_unlock(&preload_lock);
	if (line)
		fputs(line, stderr);
	free(line);
	return loader_status;
}

/* at exit: never leave the loader half-way through LLVM's constructors */
static void wait_for_preload(void)
{
	clang_loader_init();
}

int clang_loader_preload(void)
{
	struct strbuf identity = STRBUF_INIT;
	int found = clang_loader_locate(&identity) == 0;

	strbuf_release(&identity);
	if (!found || getenv("KMIGRATE_LIBCLANG") ||
	    pthread_create(&preload_thread, NULL, preload, NULL))
		return clang_loader_init();
	preload_running = 1;
	atexit(wait_for_preload);
	return 0;
}
