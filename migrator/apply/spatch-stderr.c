/*
 * spatch-stderr.c - reading spatch's stderr (see spatch-stderr.h).
 *
 * Contract: pure functions of the text; nothing here runs spatch or
 * calls back into spatch.c or spatch-batch.c.  What spatch 1.1.1 prints
 * that this relies on is in spatch.c's header.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spatch-stderr.h"
#include "strbuf.h"
#include "util.h"

#define SPATCH_LEFT_PREFIX "kmigrate-left: "

/* lines of spatch's stderr that say nothing about a failure */
static const char *const chatter[] = { "init_defs_builtins:",
				       "HANDLING:",
				       "Warning:",
				       "PB:",
				       "ERROR-RECOV:",
				       "parsing pass",
				       "parse error",
				       " = File",
				       "  around",
				       "  whole content",
				       "badcount:",
				       "bad:",
				       "BAD:",
				       "diff =",
				       "warning:",
				       SPATCH_LEFT_PREFIX,
				       NULL };

char *spatch_find_parse_error(const char *err, const char *input)
{
	char *key = xstrfmt(" = File \"%s\", line ", input);
	const char *p = strstr(err, key);
	int line, column;

	free(key);
	if (!p)
		return NULL;
	p = strstr(p, "\", line ") + strlen("\", line ");
	if (sscanf(p, "%d, column %d", &line, &column) != 2)
		return NULL;
	return xstrfmt("parse error at line %d, column %d", line, column);
}

char *spatch_find_left_reasons(const char *err, const char *input)
{
	struct strbuf out = STRBUF_INIT;
	char *key = xstrfmt("\n" SPATCH_LEFT_PREFIX "%s:", input);
	const char *p = err;

	/* a line at the very start is no case spatch has (it greets first) */
	while ((p = strstr(p, key))) {
		const char *end;
		char *rest;
		unsigned long line;

		p += strlen(key);
		end = strchrnul(p, '\n');
		line = strtoul(p, &rest, 10);
		if (rest > p && rest < end && !strncmp(rest, ": ", 2))
			strbuf_addf(&out, "%lu %.*s\n", line,
				    (int)(end - rest - 2), rest + 2);
		p = end;
	}
	free(key);
	if (!out.len) {
		strbuf_release(&out);
		return NULL;
	}
	return strbuf_detach(&out, NULL);
}

static int is_chatter(const char *line, size_t len)
{
	size_t i;

	while (len && (line[len - 1] == '\r' || line[len - 1] == ' '))
		len--;
	if (!len)
		return 1;
	for (i = 0; chatter[i]; i++)
		if (!strncmp(line, chatter[i], strlen(chatter[i])))
			return 1;
	return 0;
}

/* the first line of err that skip() does not skip, trimmed; malloc'd */
static char *first_line(const char *err, int (*skip)(const char *, size_t))
{
	const char *line = err;

	while (*line) {
		const char *end = strchrnul(line, '\n');
		size_t len = (size_t)(end - line);

		if (!skip(line, len)) {
			while (len &&
			       (line[len - 1] == '\r' || line[len - 1] == ' '))
				len--;
			return xstrndup(line, len);
		}
		line = *end ? end + 1 : end;
	}
	return NULL;
}

char *spatch_failure_line(const char *err)
{
	return first_line(err, is_chatter);
}

int spatch_python_missing(const char *err)
{
	return strstr(err, "Py.find_library:") ||
	       strstr(err, "Py.run_command: unable to run");
}

/* err holds the whole line "PREFIX PATH" */
static int has_line(const char *err, const char *prefix, const char *path)
{
	char *line = xstrfmt("\n%s %s\n", prefix, path);
	int found = !strncmp(err, line + 1, strlen(line + 1)) ||
		    strstr(err, line);

	free(line);
	return found;
}

int spatch_handled(const char *err, const char *path)
{
	return has_line(err, "HANDLING:", path) ||
	       has_line(err, "Skipping:", path);
}
