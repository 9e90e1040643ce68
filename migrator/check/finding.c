/*
 * finding.c - the finding record and the list check fills (see finding.h).
 *
 * The list owns copies of every string; the rule name is the rule's
 * static string.  Sorting is stable in effect: ties on the place are
 * broken by rule name, message and detail, so a report never depends
 * on the order threads finished in.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "finding.h"
#include "strbuf.h"
#include "util.h"

void findings_init(struct findings *list)
{
	memset(list, 0, sizeof(*list));
}

void findings_release(struct findings *list)
{
	size_t i;

	for (i = 0; i < list->nr; i++) {
		free(list->items[i].file);
		free(list->items[i].message);
		free(list->items[i].detail);
		free(list->items[i].call);
		free(list->items[i].sysfs);
	}
	free(list->items);
	findings_init(list);
}

struct finding *finding_add(struct findings *list, const char *rule,
			    enum severity severity, const char *file,
			    unsigned int line, unsigned int column,
			    const char *fmt, ...)
{
	struct finding *f;
	va_list ap;

	va_start(ap, fmt);
	f = finding_addv(list, rule, severity, file, line, column, fmt, ap);
	va_end(ap);
	return f;
}

struct finding *finding_addv(struct findings *list, const char *rule,
			     enum severity severity, const char *file,
			     unsigned int line, unsigned int column,
			     const char *fmt, va_list ap)
{
	struct strbuf message = STRBUF_INIT;
	struct finding *f;

	strbuf_vaddf(&message, fmt, ap);
	ALLOC_GROW(list->items, list->nr + 1, list->alloc);
	f = &list->items[list->nr++];
	f->rule = rule;
	f->severity = severity;
	f->file = xstrdup(file ? file : "");
	f->line = line;
	f->column = column;
	f->message = strbuf_detach(&message, NULL);
	f->detail = NULL;
	f->call = NULL;
	f->sysfs = NULL;
	return f;
}

void finding_set_detail(struct finding *f, const char *fmt, ...)
{
	struct strbuf detail = STRBUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf(&detail, fmt, ap);
	va_end(ap);
	free(f->detail);
	f->detail = strbuf_detach(&detail, NULL);
}

void finding_set_call(struct finding *f, const char *call)
{
	free(f->call);
	f->call = call ? xstrdup(call) : NULL;
}

void finding_set_sysfs(struct finding *f, const char *sysfs)
{
	free(f->sysfs);
	f->sysfs = sysfs ? xstrdup(sysfs) : NULL;
}

static int compare_findings(const void *a_, const void *b_)
{
	const struct finding *a = a_, *b = b_;
	int cmp = strcmp(a->file, b->file);

	if (cmp)
		return cmp;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	if (a->column != b->column)
		return a->column < b->column ? -1 : 1;
	cmp = strcmp(a->rule, b->rule);
	if (cmp)
		return cmp;
	cmp = strcmp(a->message, b->message);
	if (cmp)
		return cmp;
	return strcmp(a->detail ? a->detail : "", b->detail ? b->detail : "");
}

void findings_sort(struct findings *list)
{
	if (list->nr > 1)
		sane_qsort(list->items, list->nr, sizeof(*list->items),
			   compare_findings);
}

size_t findings_count(const struct findings *list, enum severity severity)
{
	size_t i, n = 0;

	for (i = 0; i < list->nr; i++)
		if (list->items[i].severity == severity)
			n++;
	return n;
}

void findings_begin_call(struct findings *list)
{
	list->explained = 0;
	list->call_explained = 0;
	list->call_start = list->nr;
}

void findings_explain(struct findings *list, unsigned int argno)
{
	if (argno >= 1 && argno <= 8 * sizeof(list->explained))
		list->explained |= 1UL << (argno - 1);
}

void findings_explain_call(struct findings *list)
{
	list->call_explained = 1;
}

int findings_explained(const struct findings *list, unsigned int argno)
{
	if (list->call_explained)
		return 1;
	if (argno < 1 || argno > 8 * sizeof(list->explained))
		return 0;
	return !!(list->explained & (1UL << (argno - 1)));
}

size_t findings_call_count(const struct findings *list, enum severity severity)
{
	size_t i, n = 0;

	for (i = list->call_start; i < list->nr; i++)
		if (list->items[i].severity == severity)
			n++;
	return n;
}

static const char *const severity_names[] = {
	[SEVERITY_NOTE] = "note",
	[SEVERITY_WARNING] = "warning",
	[SEVERITY_ERROR] = "error",
};

const char *severity_name(enum severity severity)
{
	if ((size_t)severity < ARRAY_SIZE(severity_names))
		return severity_names[severity];
	return "error";
}

int severity_parse(const char *s)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(severity_names); i++)
		if (!strcmp(s, severity_names[i]))
			return (int)i;
	return -1;
}
