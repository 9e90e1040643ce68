/*
 * finding.h - what check reports: one finding per problem at a call site.
 *
 * A finding names its rule (the stable ids of DESIGN.md), a severity, the
 * place (file relative to the tree, line of the function name, column),
 * a message that says in a few words what is wrong ("arguments 1 and 2
 * appear swapped"), a detail that says why and what the fix is, and the
 * call as written.  struct findings collects them; the rules add to it,
 * the report writers read it after findings_sort().
 *
 * A call can show one problem through several symptoms (a swapped pair is
 * also a NULL class and a wrong type): the first rule that reports marks
 * the arguments it explained (findings_explain()) and the later rules skip
 * them (findings_explained()).  check resets the marks before each call
 * with findings_begin_call(); the rules that run last (the comparisons
 * with a base or a hand patch) stay quiet on a call that already has an
 * error (findings_call_count()).  A finding may carry the model's
 * verdict on its call (sysfs: the JSON "sysfs" key).
 *
 * Caller's steps: findings_init(), finding_add() (and
 * finding_set_detail() on what it returns)..., findings_sort(), read
 * items[], findings_release().
 */
#ifndef KM_FINDING_H
#define KM_FINDING_H

#include <stdarg.h>
#include <stddef.h>

enum severity {
	SEVERITY_NOTE,
	SEVERITY_WARNING,
	SEVERITY_ERROR,
};

struct finding {
	const char *rule; /* static: "swapped-arguments" */
	enum severity severity;
	char *file;		   /* relative to the tree */
	unsigned int line, column; /* 1-based; of the function name */
	char *message;		   /* short: what is wrong */
	char *detail;		   /* why, and the fix; may be NULL */
	char *call;		   /* the call as written, may be NULL */
	char *sysfs;		   /* the model's verdict on it, may be NULL */
};

struct findings {
	struct finding *items;
	size_t nr, alloc;
	/* arguments of the current call a finding already explains */
	unsigned long explained;
	/* the whole current call is explained: later rules skip it */
	int call_explained;
	/* items[call_start ..] are the current call's findings */
	size_t call_start;
};

void findings_init(struct findings *list);
void findings_release(struct findings *list);

/* add a finding, its short message from fmt; the strings are copied */
__attribute__((format(printf, 7, 8))) struct finding *
finding_add(struct findings *list, const char *rule, enum severity severity,
	    const char *file, unsigned int line, unsigned int column,
	    const char *fmt, ...);
/* finding_add() with the message's arguments in ap */
__attribute__((format(printf, 7, 0))) struct finding *
finding_addv(struct findings *list, const char *rule, enum severity severity,
	     const char *file, unsigned int line, unsigned int column,
	     const char *fmt, va_list ap);
/* the finding's detail, printf-like; replaces any detail it had */
__attribute__((format(printf, 2, 3))) void
finding_set_detail(struct finding *f, const char *fmt, ...);
void finding_set_call(struct finding *f, const char *call);
/* the model's verdict, as model_verdict_line() writes it */
void finding_set_sysfs(struct finding *f, const char *sysfs);

/* sort by file, line, column, then rule: the order of every report */
void findings_sort(struct findings *list);
size_t findings_count(const struct findings *list, enum severity severity);

/* marks for one call; argno is 1-based */
void findings_begin_call(struct findings *list);
void findings_explain(struct findings *list, unsigned int argno);
void findings_explain_call(struct findings *list);
int findings_explained(const struct findings *list, unsigned int argno);
/* findings of that severity the current call has so far */
size_t findings_call_count(const struct findings *list, enum severity severity);

/* "error", "warning", "note" */
const char *severity_name(enum severity severity);
/* the severity named s; -1 when s names none */
int severity_parse(const char *s);

#endif
