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
#include "util.h"

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
