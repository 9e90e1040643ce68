/*
 * spatch-allow.c - the spatch options a migration may ask for (see
 * spatch-allow.h).
 */
#include <stdlib.h>
#include <string.h>

#include "spatch-allow.h"
#include "strbuf.h"
#include "strlist.h"
#include "util.h"

/*
 * None names a file or runs code.  takes_number: the option's value, a
 * count.
 */
static const struct {
	const char *name;
	int takes_number;
} spatch_allowed[] = {
	{ "--all-includes", 0 }, { "--include-headers", 0 },
	{ "--iso-limit", 1 },	 { "--local-includes", 0 },
	{ "--no-includes", 0 },	 { "--recursive-includes", 0 },
	{ "--smpl-spacing", 0 },
};

static int spatch_option(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(spatch_allowed); i++)
		if (!strcmp(name, spatch_allowed[i].name))
			return (int)i;
	return -1;
}

int spatch_options_allow(const char *text, struct strlist *options,
			 struct strbuf *why)
{
	static const char blanks[] = " \t\r\n";
	char *copy = xstrdup(text), *save = NULL, *tok, *number;
	int ret = 0, i;

	for (tok = strtok_r(copy, blanks, &save); tok && !ret;
	     tok = strtok_r(NULL, blanks, &save)) {
		i = spatch_option(tok);
		if (i < 0) {
			strbuf_addf(why, "'%s' is not an allowed spatch option",
				    tok);
			ret = -1;
			break;
		}
		strlist_push(options, tok);
		if (!spatch_allowed[i].takes_number)
			continue;
		number = strtok_r(NULL, blanks, &save);
		if (!number || !*number ||
		    strspn(number, "0123456789") != strlen(number)) {
			strbuf_addf(why, "'%s' needs a number", tok);
			ret = -1;
		} else {
			strlist_push(options, number);
		}
	}
	free(copy);
	return ret;
}
