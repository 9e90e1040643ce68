/*
 * map-items.c - the items of "new-call" (see migration-map.h): where the
 * map's text is cut into items, and what each item is: "$N", "...", a
 * value, or "$N" inside a C expression (parsed by map-expr.c).
 *
 * A map's items are separated by top-level commas when it has one
 * ("$1, MKDEV(0, 0), $2"), else by blanks ("$1 NULL $2 $3 $4 ...");
 * parentheses, brackets, braces and literals hold an item together, and
 * so does an operator standing alone ("$3 - 1").
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "map-expr.h"
#include "map-items.h"
#include "migration.h"
#include "migration-map.h"
#include "migration-validate.h"
#include "strbuf.h"
#include "strlist.h"
#include "util.h"

static void trim(struct strbuf *sb)
{
	size_t skip = 0;

	strbuf_rtrim(sb);
	while (skip < sb->len && isspace((unsigned char)sb->buf[skip]))
		skip++;
	strbuf_remove(sb, 0, skip);
}

/* the item boundaries of text: at top-level sep, or at blanks if sep 0 */
static void split_at(const char *text, char sep, struct strlist *items)
{
	struct strbuf item = STRBUF_INIT;
	const char *p;
	int depth = 0;

	for (p = text;; p++) {
		int end = !*p || (!depth && (sep ? *p == sep :
						   isspace((unsigned char)*p)));

		if (end) {
			trim(&item);
			if (item.len || (sep && *p))
				strlist_push(items, item.buf);
			strbuf_reset(&item);
			if (!*p)
				break;
			continue;
		}
		if (*p == '"' || *p == '\'') {
			char quote = *p;

			strbuf_addch(&item, *p++);
			while (*p && *p != quote) {
				if (*p == '\\' && p[1])
					strbuf_addch(&item, *p++);
				strbuf_addch(&item, *p++);
			}
			if (!*p)
				break;
		} else if (strchr("([{", *p)) {
			depth++;
		} else if (strchr(")]}", *p) && depth) {
			depth--;
		}
		strbuf_addch(&item, *p);
	}
	trim(&item);
	if (item.len)
		strlist_push(items, item.buf);
	strbuf_release(&item);
}

void map_split_words(const char *text, struct strlist *items)
{
	split_at(text, 0, items);
}

/* a top-level comma in text */
static int has_top_comma(const char *text)
{
	struct strlist items = STRLIST_INIT;
	int ret;

	split_at(text, ',', &items);
	ret = items.nr > 1;
	strlist_clear(&items, 0);
	return ret;
}

/* an operator standing alone between blanks: "?", ":", "-", "==" */
static int is_operator(const char *item)
{
	return *item && strspn(item, "+-*/%<>=!&|^?:~") == strlen(item);
}

/*
 * The items of a map: at top-level commas, or at blanks, where an
 * operator standing alone joins its neighbours into one item ("$3 - 1",
 * "$1 ? &$1->dev : NULL")
 */
static void split_items(const char *text, struct strlist *items)
{
	struct strlist words = STRLIST_INIT;
	struct strbuf item = STRBUF_INIT;
	size_t i;

	if (has_top_comma(text)) {
		split_at(text, ',', items);
		return;
	}
	split_at(text, 0, &words);
	for (i = 0; i < words.nr; i++) {
		const char *word = words.items[i].string;
		int join = is_operator(word) ||
			   (i && is_operator(words.items[i - 1].string));

		if (item.len && !join) {
			strlist_push(items, item.buf);
			strbuf_reset(&item);
		}
		strbuf_addf(&item, "%s%s", item.len ? " " : "", word);
	}
	if (item.len)
		strlist_push(items, item.buf);
	strbuf_release(&item);
	strlist_clear(&words, 0);
}

int map_arg_ref(const char *item)
{
	char *end;
	long n;

	if (*item != '$')
		return strchr(item, '$') ? -1 : 0;
	if (!isdigit((unsigned char)item[1]))
		return -1;
	n = strtol(item + 1, &end, 10);
	return *end || n < 1 || n > 1000 ? -1 : (int)n;
}

/* an item with "$N" in an expression: "&$1->dev", "$3 - 1" */
static int parse_expr_item(struct call_item *it, const char *text,
			   struct strbuf *why)
{
	struct strbuf reason = STRBUF_INIT;
	char *plain = xstrdup(text), *p;
	int ret;

	/* the rest must be what a value may be: "$1" is then "_1" */
	for (p = plain; (p = strchr(p, '$'));)
		*p = '_';
	ret = validate_c_expression(plain, why);
	free(plain);
	if (ret < 0)
		return -1;
	if (map_expr_parse(text, &it->arg, &reason) < 0) {
		strbuf_addf(why,
			    "'%s' is neither '$N', '...', a value nor an "
			    "expression of '$N': %s",
			    text, reason.buf);
		strbuf_release(&reason);
		return -1;
	}
	it->kind = CALL_ITEM_EXPR;
	it->value = xstrdup(text);
	return 0;
}

int map_parse_new_call(struct migration *m, const char *value,
		       struct strbuf *why)
{
	struct strlist items = STRLIST_INIT;
	size_t i;
	int ret = 0;

	if (m->new_call) {
		strbuf_addstr(why, "given twice");
		return -1;
	}
	split_items(value, &items);
	m->new_call = xcalloc(items.nr + 1, sizeof(*m->new_call));
	for (i = 0; i < items.nr && !ret; i++) {
		struct call_item *it = &m->new_call[m->new_call_nr++];
		const char *text = items.items[i].string;
		int ref = map_arg_ref(text);

		if (!strcmp(text, "...")) {
			it->kind = CALL_ITEM_REST;
			if (i + 1 < items.nr) {
				strbuf_addstr(why, "'...' must come last");
				ret = -1;
			}
		} else if (ref > 0) {
			it->kind = CALL_ITEM_ARG;
			it->arg = ref;
		} else if (ref < 0) {
			ret = parse_expr_item(it, text, why);
		} else if (!*text) {
			strbuf_addstr(why, "an empty item");
			ret = -1;
		} else if (validate_c_expression(text, why) < 0) {
			ret = -1;
		} else {
			it->kind = CALL_ITEM_VALUE;
			it->value = xstrdup(text);
		}
	}
	if (!items.nr) {
		strbuf_addstr(why, "the new call has no arguments: write "
				   "what it passes");
		ret = -1;
	}
	strlist_clear(&items, 0);
	return ret;
}
