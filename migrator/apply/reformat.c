/*
 * reformat.c - convert calls from the original bytes, in kernel style.
 *
 * Contract (see reformat.h for the layout rules): the caller owns buf and
 * calls[]; the result is appended to out.  The calls are edited one at a
 * time in a working copy of the text, innermost and last first; every
 * edit shifts the recorded offsets of the calls still to do, so nested
 * calls and several calls on one line come out right.  Whether a line
 * was already too wide is decided on the original text, before any edit.
 * Each call is converted in four steps, each on what the last left: the
 * new name, the removed arguments (with their comma and the blanks up to
 * the next argument), the kept arguments' texts moved to their new
 * slots, the inserted values (rules a, b, c).  Trailing blanks are
 * trimmed only between tokens: blanks that belong to a literal or a
 * comment left open at the line's end are bytes of it.  The working
 * text, its lines and its edits, and the wrapping are reformat-text.c's.
 */
#include <stdlib.h>
#include <string.h>

#include "lexer.h"
#include "reformat-text.h"
#include "reformat.h"
#include "strlist.h"
#include "util.h"

/* the first byte of the argument after separator sep ('(' or ',') */
static size_t argument_start(const char *buf, size_t sep, size_t limit)
{
	size_t pos = sep + 1;

	while (pos < limit &&
	       (rf_is_blank(buf[pos]) || buf[pos] == '\n' || buf[pos] == '\r'))
		pos++;
	return pos;
}

/* rule b: the argument from start to its comma is alone on its line(s) */
static int stands_alone(const char *buf, size_t len, size_t start, size_t comma)
{
	size_t pos;

	if (start >= comma)
		return 0;
	for (pos = rf_line_start(buf, start); pos < start; pos++)
		if (!rf_is_blank(buf[pos]))
			return 0;
	for (pos = comma + 1; pos < len && buf[pos] != '\n'; pos++) {
		int cr_lf = buf[pos] == '\r' && pos + 1 < len &&
			    buf[pos + 1] == '\n';

		if (!rf_is_blank(buf[pos]) && !cr_lf)
			return 0;
	}
	return pos < len;
}

static size_t count_arguments(const char *buf, const struct call_edit *c)
{
	if (c->nr_commas)
		return c->nr_commas + 1;
	return argument_start(buf, c->open, c->close) < c->close;
}

/* rule b: "<indent>ARG," on a line of its own after the comma's line */
static void insert_own_line(struct reformat *rf, size_t start, size_t comma,
			    const char *arg)
{
	const char *buf = rf->text.buf;
	const char *nl = memchr(buf + comma, '\n', rf->text.len - comma);
	size_t ls = rf_line_start(buf, start);
	struct strbuf line = STRBUF_INIT;

	strbuf_add(&line, buf + ls, start - ls);
	strbuf_addf(&line, "%s,%s", arg,
		    rf_line_break(buf, rf->text.len, comma));
	rf_text_insert(rf, (size_t)(nl - buf) + 1, line.buf, line.len);
	strbuf_release(&line);
}

/* the comma at offset pos, inserted with the argument, is one of c's */
static void add_comma(struct call_edit *c, size_t pos)
{
	size_t k = c->nr_commas;

	while (k > 0 && c->commas[k - 1] > pos) {
		c->commas[k] = c->commas[k - 1];
		k--;
	}
	c->commas[k] = pos;
	c->nr_commas++;
}

/* rules a and c, or b; returns 1 if the call was changed */
static int insert_one(struct reformat *rf, struct call_edit *c, const char *arg,
		      int position)
{
	const char *buf = rf->text.buf;
	size_t nargs = count_arguments(buf, c), at, comma_at = NO_OFFSET;
	struct strbuf ins = STRBUF_INIT;

	if (position < 1 || (size_t)position > nargs + 1)
		return 0;
	if (position == 1) {
		at = c->open + 1;
		strbuf_addf(&ins, nargs ? "%s, " : "%s", arg);
		if (nargs)
			comma_at = strlen(arg);
	} else if ((size_t)position == nargs + 1) {
		for (at = c->close;
		     at > c->open + 1 &&
		     (rf_is_blank(buf[at - 1]) || buf[at - 1] == '\n' ||
		      buf[at - 1] == '\r');
		     at--)
			;
		strbuf_addf(&ins, ", %s", arg);
		comma_at = 0;
	} else {
		size_t comma = c->commas[position - 2];
		size_t sep = position == 2 ? c->open : c->commas[position - 3];
		size_t start = argument_start(buf, sep, comma);
		char next = buf[comma + 1];

		if (stands_alone(buf, rf->text.len, start, comma)) {
			insert_own_line(rf, start, comma, arg);
			return 1;
		}
		at = comma + 1;
		strbuf_addf(&ins, " %s,", arg);
		comma_at = ins.len - 1;
		if (!rf_is_blank(next) && next != '\r' && next != '\n')
			strbuf_addch(&ins, ' ');
	}
	rf_text_insert(rf, at, ins.buf, ins.len);
	if (comma_at != NO_OFFSET)
		add_comma(c, at + comma_at);
	strbuf_release(&ins);
	rf_trim_trailing_blanks(rf, at);
	if (!c->was_wide)
		rf_wrap_line(rf, c, rf_line_start(rf->text.buf, at));
	return 1;
}

/* the argument after separator sep, trimmed: [*start, *end) */
static void argument_range(const char *buf, const struct call_edit *c, size_t k,
			   size_t *start, size_t *end)
{
	size_t sep = k ? c->commas[k - 1] : c->open;
	size_t stop = k < c->nr_commas ? c->commas[k] : c->close;

	*start = argument_start(buf, sep, stop);
	for (*end = stop;
	     *end > *start && (rf_is_blank(buf[*end - 1]) ||
			       buf[*end - 1] == '\n' || buf[*end - 1] == '\r');
	     (*end)--)
		;
}

static void drop_comma(struct call_edit *c, size_t k)
{
	memmove(c->commas + k, c->commas + k + 1,
		(c->nr_commas - k - 1) * sizeof(*c->commas));
	c->nr_commas--;
}

/* the end of pos's line if only blanks lie between; else NO_OFFSET */
static size_t blanks_to_eol(const char *buf, size_t len, size_t pos)
{
	size_t end = rf_line_end(buf, len, pos);

	for (; pos < end; pos++)
		if (!rf_is_blank(buf[pos]))
			return NO_OFFSET;
	return end;
}

/* only blanks before pos on its line */
static int starts_line(const char *buf, size_t pos)
{
	size_t ls = rf_line_start(buf, pos);

	for (; ls < pos; ls++)
		if (!rf_is_blank(buf[ls]))
			return 0;
	return 1;
}

/*
 * Argument k (0-based) of several goes with the comma after it (the
 * removal rules of tree-fixtures/README.md): with the blanks after the
 * comma on its line (r1); when the comma ends the line, the next line
 * joins if the result fits in max_columns, else the break stays (r2);
 * an argument alone on its line takes its line with it (r3).
 */
static int remove_leading(struct reformat *rf, struct call_edit *c, size_t k)
{
	const char *buf = rf->text.buf;
	size_t len = rf->text.len, start, end, next, next_end, comma, eol;

	argument_range(buf, c, k, &start, &end);
	argument_range(buf, c, k + 1, &next, &next_end);
	comma = c->commas[k];
	eol = blanks_to_eol(buf, len, comma + 1);
	drop_comma(c, k);
	if (eol == NO_OFFSET || eol >= next) {
		rf_text_remove(rf, start, next - start); /* r1 */
	} else if (starts_line(buf, start)) {
		size_t ls = rf_line_start(buf, start); /* r3 */
		const char *nl = memchr(buf + eol, '\n', len - eol);

		rf_text_remove(rf, ls,
			       (nl ? (size_t)(nl - buf) + 1 : len) - ls);
		return 0; /* no line is changed: one is gone */
	} else if (reformat_columns(buf, rf_line_start(buf, start), start, 0) +
			   reformat_columns(buf, next,
					    rf_line_end(buf, len, next), 0) <=
		   rf->max_columns) {
		rf_text_remove(rf, start, next - start); /* r2: join */
	} else {
		rf_text_remove(rf, start, eol - start); /* r2: keep */
	}
	return 1;
}

/* argument k (0-based) goes, with a comma and the blanks next to it */
static void remove_argument(struct reformat *rf, struct call_edit *c, size_t k)
{
	const char *buf = rf->text.buf;
	size_t nargs = count_arguments(buf, c), start, end, prev, prev_end;

	argument_range(buf, c, k, &start, &end);
	if (nargs == 1) {
		rf_text_remove(rf, start, end - start);
	} else if (k + 1 < nargs) {
		if (!remove_leading(rf, c, k))
			return;
	} else {
		argument_range(buf, c, k - 1, &prev, &prev_end);
		drop_comma(c, k - 1);
		rf_text_remove(rf, prev_end, end - prev_end);
	}
	rf_trim_trailing_blanks(rf,
				start < rf->text.len ? start : rf->text.len);
}

/* the text of slot k becomes text */
static void replace_argument(struct reformat *rf, struct call_edit *c, size_t k,
			     const char *text)
{
	size_t start, end;

	argument_range(rf->text.buf, c, k, &start, &end);
	rf_text_remove(rf, start, end - start);
	rf_text_insert(rf, start, text, strlen(text));
}

/* the kept old arguments, now in slots 0.., take their new order */
static void reorder_arguments(struct reformat *rf, struct call_edit *c,
			      const struct reformat_map *map)
{
	struct strlist texts = STRLIST_INIT;
	size_t *slot_of = xcalloc(map->nr_old + 1, sizeof(*slot_of));
	size_t j, k, kept = 0;

	for (j = 0; j < map->nr_old; j++) {
		size_t start, end;

		if (!map->old_to_new[j])
			continue;
		argument_range(rf->text.buf, c, kept, &start, &end);
		strlist_pushf(&texts, "%.*s", (int)(end - start),
			      rf->text.buf + start);
		slot_of[j] = kept++;
	}
	/* slot r holds the kept argument whose new position ranks r */
	for (k = kept; k-- > 0;) {
		size_t want = 0, rank;

		for (j = 0; j < map->nr_old; j++) {
			size_t i;

			if (!map->old_to_new[j])
				continue;
			rank = 0;
			for (i = 0; i < map->nr_old; i++)
				rank += map->old_to_new[i] &&
					map->old_to_new[i] < map->old_to_new[j];
			if (rank == k)
				want = slot_of[j];
		}
		if (want != k)
			replace_argument(rf, c, k, texts.items[want].string);
	}
	strlist_clear(&texts, 0);
	free(slot_of);
}

/*
 * The call's continuation lines that were aligned with the column after
 * its '(' (at col) move to the new one.
 */
static void realign(struct reformat *rf, struct call_edit *c, size_t col)
{
	const char *buf = rf->text.buf;
	size_t now = reformat_columns(buf, rf_line_start(buf, c->open),
				      c->open + 1, 0),
	       pos = c->open;
	struct strbuf indent = STRBUF_INIT;

	rf_add_indent(&indent, now);
	while (col != now) {
		const char *nl =
			memchr(rf->text.buf + pos, '\n', c->close - pos);
		size_t ls, text;

		if (!nl)
			break;
		ls = (size_t)(nl - rf->text.buf) + 1;
		for (text = ls;
		     text < c->close && rf_is_blank(rf->text.buf[text]); text++)
			;
		pos = text;
		if (reformat_columns(rf->text.buf, ls, text, 0) != col)
			continue;
		rf_text_remove(rf, ls, text - ls);
		rf_text_insert(rf, ls, indent.buf, indent.len);
		pos = ls + indent.len;
	}
	strbuf_release(&indent);
}

/* the name before the '(' gets the new one; rule c if it got too wide */
static void rename_call(struct reformat *rf, struct call_edit *c,
			const char *name)
{
	const char *buf = rf->text.buf;
	size_t end = c->open, start, ls, col;
	int was_wide;

	while (end > 0 && rf_is_blank(buf[end - 1]))
		end--;
	for (start = end;
	     start > 0 && (buf[start - 1] == '_' ||
			   (buf[start - 1] >= 'a' && buf[start - 1] <= 'z') ||
			   (buf[start - 1] >= 'A' && buf[start - 1] <= 'Z') ||
			   (buf[start - 1] >= '0' && buf[start - 1] <= '9'));
	     start--)
		;
	was_wide = rf_line_width(buf, rf->text.len, start) > rf->max_columns;
	col = reformat_columns(buf, rf_line_start(buf, c->open), c->open + 1,
			       0);
	rf_text_remove(rf, start, end - start);
	rf_text_insert(rf, start, name, strlen(name));
	realign(rf, c, col);
	ls = rf_line_start(rf->text.buf, start);
	if (!was_wide)
		rf_wrap_line(rf, c, ls);
}

/* the four steps of one call; 1 if it was changed */
static int convert_one(struct reformat *rf, struct call_edit *c,
		       const struct reformat_map *map)
{
	size_t j, k;
	int changed = 0;

	if (count_arguments(rf->text.buf, c) < map->nr_old)
		return 0;
	if (map->new_name) {
		rename_call(rf, c, map->new_name);
		changed = 1;
	}
	for (j = map->nr_old; j-- > 0;)
		if (!map->old_to_new[j]) {
			remove_argument(rf, c, j);
			changed = 1;
		}
	for (j = 0; j < map->nr_old; j++) {
		size_t before = 0, i;

		for (i = 0; i < map->nr_old; i++)
			before += map->old_to_new[i] && map->old_to_new[j] &&
				  map->old_to_new[i] < map->old_to_new[j] &&
				  i > j;
		if (before) {
			reorder_arguments(rf, c, map);
			changed = 1;
			break;
		}
	}
	for (k = 0; k < map->nr_new; k++)
		if (map->values[k])
			changed |=
				insert_one(rf, c, map->values[k], (int)k + 1);
	return changed;
}

/* where the first value goes in the original text, to judge its line */
static size_t insertion_anchor(const struct call_edit *c, int position)
{
	if (position >= 2 && (size_t)position - 2 < c->nr_commas)
		return c->commas[position - 2];
	return position <= 1 ? c->open : c->close;
}

static int first_value(const struct reformat_map *map)
{
	size_t k;

	for (k = 0; k < map->nr_new; k++)
		if (map->values[k])
			return (int)k + 1;
	return 0;
}

static int by_open_descending(const void *a, const void *b)
{
	const struct call_edit *x = a, *y = b;

	return x->open < y->open ? 1 : x->open > y->open ? -1 : 0;
}

size_t reformat_convert(struct strbuf *out, const char *buf, size_t len,
			const struct reformat_call *calls, size_t nr,
			const struct reformat_map *map, size_t max_columns)
{
	struct reformat rf;
	size_t i, changed = 0;

	rf.max_columns = max_columns;
	strbuf_init(&rf.text, len);
	strbuf_add(&rf.text, buf, len);
	rf.nr = nr;
	rf.calls = xcalloc(nr + 1, sizeof(*rf.calls));
	for (i = 0; i < nr; i++) {
		struct call_edit *c = &rf.calls[i];
		const struct reformat_map *cm = calls[i].map ? calls[i].map :
							       map;
		int anchor = first_value(cm);

		c->map = cm;
		c->open = calls[i].open;
		c->close = calls[i].close;
		c->nr_commas = calls[i].nr_commas;
		c->commas = xcalloc(c->nr_commas + cm->nr_new + 1,
				    sizeof(*c->commas));
		if (c->nr_commas)
			memcpy(c->commas, calls[i].commas,
			       c->nr_commas * sizeof(*c->commas));
		c->was_wide =
			rf_line_width(buf, len, insertion_anchor(c, anchor)) >
			max_columns;
	}
	sane_qsort(rf.calls, nr, sizeof(*rf.calls), by_open_descending);
	for (i = 0; i < nr; i++)
		changed += convert_one(&rf, &rf.calls[i], rf.calls[i].map);
	strbuf_add(out, rf.text.buf, rf.text.len);
	for (i = 0; i < nr; i++)
		free(rf.calls[i].commas);
	free(rf.calls);
	strbuf_release(&rf.text);
	return changed;
}

size_t reformat_insert_argument(struct strbuf *out, const char *buf, size_t len,
				const struct reformat_call *calls, size_t nr,
				const char *arg, int position,
				size_t max_columns)
{
	struct reformat_map map = { NULL, 0, NULL, NULL, 0 };
	const char **values;
	int *old_to_new;
	size_t changed;
	int k;

	if (position < 1) {
		strbuf_add(out, buf, len);
		return 0;
	}
	values = xcalloc((size_t)position + 1, sizeof(*values));
	old_to_new = xcalloc((size_t)position + 1, sizeof(*old_to_new));
	map.old_to_new = old_to_new;
	map.values = values;
	for (k = 0; k + 1 < position; k++)
		old_to_new[k] = k + 1;
	values[position - 1] = arg;
	map.nr_old = (size_t)position - 1;
	map.nr_new = (size_t)position;
	changed = reformat_convert(out, buf, len, calls, nr, &map, max_columns);
	free(values);
	free(old_to_new);
	return changed;
}
