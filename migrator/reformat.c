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
 * comment left open at the line's end are bytes of it.
 */
#include <stdlib.h>
#include <string.h>

#include "lexer.h"
#include "reformat.h"
#include "strlist.h"
#include "util.h"

#define NO_OFFSET ((size_t)-1)

struct call_edit {
	size_t open, close;
	size_t *commas;
	size_t nr_commas;
	int was_wide; /* its insertion point's line was too wide */
};

struct reformat {
	size_t max_columns; /* the widest line that needs no wrapping */
	struct strbuf text;
	struct call_edit *calls;
	size_t nr;
};

static int is_blank(char c)
{
	return c == ' ' || c == '\t';
}

size_t reformat_columns(const char *buf, size_t from, size_t to, size_t col)
{
	for (; from < to; from++) {
		unsigned char c = (unsigned char)buf[from];

		if (c == '\t')
			col = (col / 8 + 1) * 8;
		else if ((c & 0xc0) != 0x80) /* not a UTF-8 continuation */
			col++;
	}
	return col;
}

static size_t line_start(const char *buf, size_t pos)
{
	while (pos > 0 && buf[pos - 1] != '\n')
		pos--;
	return pos;
}

/* the end of the line's content: its "\r\n", its "\n", or the end */
static size_t line_end(const char *buf, size_t len, size_t pos)
{
	const char *nl = memchr(buf + pos, '\n', len - pos);
	size_t end;

	if (!nl)
		return len;
	end = (size_t)(nl - buf);
	if (end > pos && buf[end - 1] == '\r')
		end--;
	return end;
}

static size_t line_width(const char *buf, size_t len, size_t pos)
{
	size_t ls = line_start(buf, pos);

	return reformat_columns(buf, ls, line_end(buf, len, ls), 0);
}

static void shift_offset(size_t *off, size_t from, size_t add, size_t sub)
{
	if (*off >= from)
		*off = *off + add - sub;
}

/* every recorded offset at or after from moves by add - sub */
static void shift_calls(struct reformat *rf, size_t from, size_t add,
			size_t sub)
{
	size_t i, k;

	for (i = 0; i < rf->nr; i++) {
		struct call_edit *c = &rf->calls[i];

		shift_offset(&c->open, from, add, sub);
		shift_offset(&c->close, from, add, sub);
		for (k = 0; k < c->nr_commas; k++)
			shift_offset(&c->commas[k], from, add, sub);
	}
}

static void text_insert(struct reformat *rf, size_t pos, const char *s,
			size_t n)
{
	strbuf_insert(&rf->text, pos, s, n);
	shift_calls(rf, pos, n, 0);
}

static void text_remove(struct reformat *rf, size_t pos, size_t n)
{
	if (!n)
		return;
	strbuf_remove(&rf->text, pos, n);
	shift_calls(rf, pos + n, 0, n);
}

/* the byte at pos belongs to a token (a literal or a comment left open) */
static int inside_token(const struct reformat *rf, size_t pos)
{
	struct token_list list = TOKEN_LIST_INIT;
	size_t i;
	int inside;

	lex_buffer(rf->text.buf, rf->text.len, &list);
	i = token_list_find(&list, pos);
	inside = list.nr && list.tokens[i].start <= pos &&
		 list.tokens[i].end > pos;
	token_list_release(&list);
	return inside;
}

static void trim_trailing_blanks(struct reformat *rf, size_t pos)
{
	const char *buf = rf->text.buf;
	size_t ls = line_start(buf, pos);
	size_t end = line_end(buf, rf->text.len, ls), s = end;

	while (s > ls && is_blank(buf[s - 1]))
		s--;
	/*
	 * blanks that are bytes of a literal or a comment stay, and so do
	 * blanks after a lone CR: without them the CR and the LF would be
	 * one CR-LF line end, and the CR no line end of its own
	 */
	if (s < end && !(s > ls && buf[s - 1] == '\r') && !inside_token(rf, s))
		text_remove(rf, s, end - s);
}

/* the line break of the line holding pos: "\r\n" or "\n" */
static const char *line_break(const char *buf, size_t len, size_t pos)
{
	size_t end = line_end(buf, len, line_start(buf, pos));

	return end < len && buf[end] == '\r' ? "\r\n" : "\n";
}

static void add_indent(struct strbuf *sb, size_t col)
{
	strbuf_addchars(sb, '\t', col / 8);
	strbuf_addchars(sb, ' ', col % 8);
}

/* the last comma of c on the line at ls after which the line may break */
static size_t find_break(const struct reformat *rf, const struct call_edit *c,
			 size_t ls, size_t le)
{
	const char *buf = rf->text.buf;
	size_t best = NO_OFFSET, k, rest;

	for (k = 0; k < c->nr_commas; k++) {
		size_t comma = c->commas[k];

		if (comma < ls || comma >= le)
			continue;
		if (reformat_columns(buf, ls, comma + 1, 0) > rf->max_columns)
			continue;
		for (rest = comma + 1; rest < le && is_blank(buf[rest]); rest++)
			;
		/* a '#' first on a line would open a directive */
		if (rest < le && buf[rest] != '#')
			best = comma;
	}
	return best;
}

/* rule c: break the line at ls after commas of c until it fits */
static void wrap_line(struct reformat *rf, const struct call_edit *c, size_t ls)
{
	struct strbuf brk = STRBUF_INIT;

	for (;;) {
		const char *buf = rf->text.buf;
		size_t le = line_end(buf, rf->text.len, ls);
		size_t comma, rest, col;

		if (reformat_columns(buf, ls, le, 0) <= rf->max_columns)
			break;
		comma = find_break(rf, c, ls, le);
		if (comma == NO_OFFSET)
			break;
		col = reformat_columns(buf, line_start(buf, c->open),
				       c->open + 1, 0);
		strbuf_reset(&brk);
		strbuf_addstr(&brk, line_break(buf, rf->text.len, ls));
		add_indent(&brk, col);
		for (rest = comma + 1; rest < le && is_blank(buf[rest]); rest++)
			;
		text_remove(rf, comma + 1, rest - (comma + 1));
		text_insert(rf, comma + 1, brk.buf, brk.len);
		ls = comma + 1 +
		     strlen(line_break(rf->text.buf, rf->text.len, ls));
	}
	strbuf_release(&brk);
}

/* the first byte of the argument after separator sep ('(' or ',') */
static size_t argument_start(const char *buf, size_t sep, size_t limit)
{
	size_t pos = sep + 1;

	while (pos < limit &&
	       (is_blank(buf[pos]) || buf[pos] == '\n' || buf[pos] == '\r'))
		pos++;
	return pos;
}

/* rule b: the argument from start to its comma is alone on its line(s) */
static int stands_alone(const char *buf, size_t len, size_t start, size_t comma)
{
	size_t pos;

	if (start >= comma)
		return 0;
	for (pos = line_start(buf, start); pos < start; pos++)
		if (!is_blank(buf[pos]))
			return 0;
	for (pos = comma + 1; pos < len && buf[pos] != '\n'; pos++) {
		int cr_lf = buf[pos] == '\r' && pos + 1 < len &&
			    buf[pos + 1] == '\n';

		if (!is_blank(buf[pos]) && !cr_lf)
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
	size_t ls = line_start(buf, start);
	struct strbuf line = STRBUF_INIT;

	strbuf_add(&line, buf + ls, start - ls);
	strbuf_addf(&line, "%s,%s", arg, line_break(buf, rf->text.len, comma));
	text_insert(rf, (size_t)(nl - buf) + 1, line.buf, line.len);
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
		     (is_blank(buf[at - 1]) || buf[at - 1] == '\n' ||
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
		if (!is_blank(next) && next != '\r' && next != '\n')
			strbuf_addch(&ins, ' ');
	}
	text_insert(rf, at, ins.buf, ins.len);
	if (comma_at != NO_OFFSET)
		add_comma(c, at + comma_at);
	strbuf_release(&ins);
	trim_trailing_blanks(rf, at);
	if (!c->was_wide)
		wrap_line(rf, c, line_start(rf->text.buf, at));
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
	     *end > *start && (is_blank(buf[*end - 1]) ||
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
	size_t end = line_end(buf, len, pos);

	for (; pos < end; pos++)
		if (!is_blank(buf[pos]))
			return NO_OFFSET;
	return end;
}

/* only blanks before pos on its line */
static int starts_line(const char *buf, size_t pos)
{
	size_t ls = line_start(buf, pos);

	for (; ls < pos; ls++)
		if (!is_blank(buf[ls]))
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
		text_remove(rf, start, next - start); /* r1 */
	} else if (starts_line(buf, start)) {
		size_t ls = line_start(buf, start); /* r3 */
		const char *nl = memchr(buf + eol, '\n', len - eol);

		text_remove(rf, ls, (nl ? (size_t)(nl - buf) + 1 : len) - ls);
		return 0; /* no line is changed: one is gone */
	} else if (reformat_columns(buf, line_start(buf, start), start, 0) +
			   reformat_columns(buf, next, line_end(buf, len, next),
					    0) <=
		   rf->max_columns) {
		text_remove(rf, start, next - start); /* r2: join */
	} else {
		text_remove(rf, start, eol - start); /* r2: keep */
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
		text_remove(rf, start, end - start);
	} else if (k + 1 < nargs) {
		if (!remove_leading(rf, c, k))
			return;
	} else {
		argument_range(buf, c, k - 1, &prev, &prev_end);
		drop_comma(c, k - 1);
		text_remove(rf, prev_end, end - prev_end);
	}
	trim_trailing_blanks(rf, start < rf->text.len ? start : rf->text.len);
}

/* the text of slot k becomes text */
static void replace_argument(struct reformat *rf, struct call_edit *c, size_t k,
			     const char *text)
{
	size_t start, end;

	argument_range(rf->text.buf, c, k, &start, &end);
	text_remove(rf, start, end - start);
	text_insert(rf, start, text, strlen(text));
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
	size_t now = reformat_columns(buf, line_start(buf, c->open),
				      c->open + 1, 0),
	       pos = c->open;
	struct strbuf indent = STRBUF_INIT;

	add_indent(&indent, now);
	while (col != now) {
		const char *nl =
			memchr(rf->text.buf + pos, '\n', c->close - pos);
		size_t ls, text;

		if (!nl)
			break;
		ls = (size_t)(nl - rf->text.buf) + 1;
		for (text = ls; text < c->close && is_blank(rf->text.buf[text]);
		     text++)
			;
		pos = text;
		if (reformat_columns(rf->text.buf, ls, text, 0) != col)
			continue;
		text_remove(rf, ls, text - ls);
		text_insert(rf, ls, indent.buf, indent.len);
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

	while (end > 0 && is_blank(buf[end - 1]))
		end--;
	for (start = end;
	     start > 0 && (buf[start - 1] == '_' ||
			   (buf[start - 1] >= 'a' && buf[start - 1] <= 'z') ||
			   (buf[start - 1] >= 'A' && buf[start - 1] <= 'Z') ||
			   (buf[start - 1] >= '0' && buf[start - 1] <= '9'));
	     start--)
		;
	was_wide = line_width(buf, rf->text.len, start) > rf->max_columns;
	col = reformat_columns(buf, line_start(buf, c->open), c->open + 1, 0);
	text_remove(rf, start, end - start);
	text_insert(rf, start, name, strlen(name));
	realign(rf, c, col);
	ls = line_start(rf->text.buf, start);
	if (!was_wide)
		wrap_line(rf, c, ls);
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
	int anchor = first_value(map);

	rf.max_columns = max_columns;
	strbuf_init(&rf.text, len);
	strbuf_add(&rf.text, buf, len);
	rf.nr = nr;
	rf.calls = xcalloc(nr + 1, sizeof(*rf.calls));
	for (i = 0; i < nr; i++) {
		struct call_edit *c = &rf.calls[i];

		c->open = calls[i].open;
		c->close = calls[i].close;
		c->nr_commas = calls[i].nr_commas;
		c->commas = xcalloc(c->nr_commas + map->nr_new + 1,
				    sizeof(*c->commas));
		if (c->nr_commas)
			memcpy(c->commas, calls[i].commas,
			       c->nr_commas * sizeof(*c->commas));
		c->was_wide =
			line_width(buf, len, insertion_anchor(c, anchor)) >
			max_columns;
	}
	qsort(rf.calls, nr, sizeof(*rf.calls), by_open_descending);
	for (i = 0; i < nr; i++)
		changed += convert_one(&rf, &rf.calls[i], map);
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
