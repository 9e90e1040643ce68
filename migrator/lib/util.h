/*
 * util.h - diagnostics and allocation wrappers shared by every command.
 *
 * Contract: die() prints "kmigrate: <message>" on stderr and exits 2 (the
 * usage/setup exit code of every command); error() and warning() print and
 * return -1 so that "return error(...)" reads naturally.  The x*alloc
 * wrappers never return NULL: running out of memory dies.
 *
 * ALLOC_GROW(array, nr, alloc) makes room for nr elements in a growable
 * array whose capacity is kept in alloc.  sane_qsort() and
 * sane_bsearch() are qsort() and bsearch() that accept an empty array
 * whose pointer is still NULL.
 */
#ifndef KM_UTIL_H
#define KM_UTIL_H

#include <stddef.h>
#include <stdarg.h>
#include <stdlib.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#define ALLOC_GROW(array, nr, alloc)                                           \
	do {                                                                   \
		if ((nr) > (alloc)) {                                          \
			(alloc) = (nr) < 16 ? 16 : (nr)*3 / 2;                 \
			(array) =                                              \
				xrealloc((array), (alloc) * sizeof(*(array))); \
		}                                                              \
	} while (0)

static inline void sane_qsort(void *base, size_t nmemb, size_t size,
			      int (*compar)(const void *, const void *))
{
	if (nmemb > 1)
		qsort(base, nmemb, size, compar);
}

static inline void *sane_bsearch(const void *key, const void *base,
				 size_t nmemb, size_t size,
				 int (*compar)(const void *, const void *))
{
	return nmemb ? bsearch(key, base, nmemb, size, compar) : NULL;
}

/* the program name used as prefix of every diagnostic */
extern const char *km_progname;

/* -q / -v: 0 quiet, 1 normal, 2 verbose */
extern int km_verbosity;

__attribute__((noreturn, format(printf, 1, 2))) void die(const char *fmt, ...);
__attribute__((noreturn, format(printf, 1, 2))) void die_errno(const char *fmt,
							       ...);
__attribute__((format(printf, 1, 2))) int error(const char *fmt, ...);
__attribute__((format(printf, 1, 2))) int error_errno(const char *fmt, ...);
__attribute__((format(printf, 1, 2))) void warning(const char *fmt, ...);
__attribute__((format(printf, 1, 2))) void note(const char *fmt, ...);

void *xmalloc(size_t size);
void *xcalloc(size_t nmemb, size_t size);
void *xrealloc(void *ptr, size_t size);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
__attribute__((format(printf, 1, 2))) char *xstrfmt(const char *fmt, ...);

/*
 * 1 if c may be part of a C identifier: an ASCII letter or digit or '_',
 * whatever the locale (the lexer also takes GCC's '$')
 */
static inline int is_c_ident_char(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_';
}

/* 1 if stderr is a terminal and we are not quiet: progress lines go there */
int km_show_progress(void);

/* number of processors online, at least 1 */
int km_online_cpus(void);

#endif
