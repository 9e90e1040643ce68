/*
 * reformat.c - insert a new argument into calls, in kernel style.
 *
 * Contract (see reformat.h for the layout rules): the caller owns buf and
 * calls[]; the result is appended to out.  The calls are edited one at a
 * time in a working copy of the text, innermost and last first; every
 * edit shifts the recorded offsets of the calls still to do, so nested
 * calls and several calls on one line come out right.  Whether a line
 * was already too wide is decided on the original text, before any edit.
 * Trailing blanks are trimmed only between tokens: blanks that belong to
 * a literal or a comment left open at the line's end are bytes of it.
 */
#include <stdlib.h>
#include <string.h>

#include "lexer.h"
#include "reformat.h"
#include "util.h"

#define NO_OFFSET ((size_t)-1)

struct call_edit {
	size_t open, close;
	size_t *commas;
	size_t nr_commas;
	int was_wide;		/* the line of its insertion point was > 80 */
};

struct reformat {
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
		else if ((c & 0xc0) != 0x80)	/* not a UTF-8 continuation */
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
	/* blanks that are bytes of a literal or a comment stay */
	if (s < end && !inside_token(rf, s))
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
		if (reformat_columns(buf, ls, comma + 1, 0) >
		    REFORMAT_MAX_COLUMNS)
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
static void wrap_line(struct reformat *rf, const struct call_edit *c,
		      size_t ls)
{
	struct strbuf brk = STRBUF_INIT;

	for (;;) {
		const char *buf = rf->text.buf;
		size_t le = line_end(buf, rf->text.len, ls);
		size_t comma, rest, col;

		if (reformat_columns(buf, ls, le, 0) <= REFORMAT_MAX_COLUMNS)
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
		ls = comma + 1 + strlen(line_break(rf->text.buf, rf->text.len,
						   ls));
	}
	strbuf_release(&brk);
}

/* the first byte of the argument after separator sep ('(' or ',') */
static size_t argument_start(const char *buf, size_t sep, size_t limit)
{
	size_t pos = sep + 1;

	while (pos < limit && (is_blank(buf[pos]) || buf[pos] == '\n' ||
			       buf[pos] == '\r'))
		pos++;
	return pos;
}

/* rule b: the argument from start to its comma is alone on its line(s) */
static int stands_alone(const char *buf, size_t len, size_t start,
			size_t comma)
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
	strbuf_addf(&line, "%s,%s", arg,
		    line_break(buf, rf->text.len, comma));
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
static int insert_one(struct reformat *rf, struct call_edit *c,
		      const char *arg, int position)
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
		for (at = c->close; at > c->open + 1 &&
		     (is_blank(buf[at - 1]) || buf[at - 1] == '\n' ||
		      buf[at - 1] == '\r'); at--)
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

/* where the argument goes in the original text, to judge its line */
static size_t insertion_anchor(const struct call_edit *c, int position)
{
	if (position >= 2 && (size_t)position - 2 < c->nr_commas)
		return c->commas[position - 2];
	return position <= 1 ? c->open : c->close;
}

static int by_open_descending(const void *a, const void *b)
{
	const struct call_edit *x = a, *y = b;

	return x->open < y->open ? 1 : x->open > y->open ? -1 : 0;
}

size_t reformat_insert_argument(struct strbuf *out, const char *buf,
				size_t len, const struct reformat_call *calls,
				size_t nr, const char *arg, int position)
{
	struct reformat rf;
	size_t i, changed = 0;

	strbuf_init(&rf.text, len);
	strbuf_add(&rf.text, buf, len);
	rf.nr = nr;
	rf.calls = xcalloc(nr, sizeof(*rf.calls));
	for (i = 0; i < nr; i++) {
		struct call_edit *c = &rf.calls[i];

		c->open = calls[i].open;
		c->close = calls[i].close;
		c->nr_commas = calls[i].nr_commas;
		c->commas = xcalloc(c->nr_commas + 1, sizeof(*c->commas));
		if (c->nr_commas)
			memcpy(c->commas, calls[i].commas,
			       c->nr_commas * sizeof(*c->commas));
		c->was_wide = line_width(buf, len,
					 insertion_anchor(c, position)) >
			      REFORMAT_MAX_COLUMNS;
	}
	qsort(rf.calls, nr, sizeof(*rf.calls), by_open_descending);
	for (i = 0; i < nr; i++)
		changed += insert_one(&rf, &rf.calls[i], arg, position);
	strbuf_add(out, rf.text.buf, rf.text.len);
	for (i = 0; i < nr; i++)
		free(rf.calls[i].commas);
	free(rf.calls);
	strbuf_release(&rf.text);
	return changed;
}
