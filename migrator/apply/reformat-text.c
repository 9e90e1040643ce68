/*
 * reformat-text.c - the working text of reformat.c (see reformat-text.h):
 * line ends kept as they are ("\r\n" or "\n"), every edit shifting the
 * recorded offsets of the calls still to do, trailing blanks trimmed
 * only between tokens, a line broken after a comma of the call until it
 * fits.
 */
#include <string.h>

#include "lexer.h"
#include "reformat-text.h"
#include "reformat.h"

int rf_is_blank(char c)
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

size_t rf_line_start(const char *buf, size_t pos)
{
	while (pos > 0 && buf[pos - 1] != '\n')
		pos--;
	return pos;
}

/* the end of the line's content: its "\r\n", its "\n", or the end */
size_t rf_line_end(const char *buf, size_t len, size_t pos)
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

size_t rf_line_width(const char *buf, size_t len, size_t pos)
{
	size_t ls = rf_line_start(buf, pos);

	return reformat_columns(buf, ls, rf_line_end(buf, len, ls), 0);
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

void rf_text_insert(struct reformat *rf, size_t pos, const char *s, size_t n)
{
	strbuf_insert(&rf->text, pos, s, n);
	shift_calls(rf, pos, n, 0);
}

void rf_text_remove(struct reformat *rf, size_t pos, size_t n)
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

void rf_trim_trailing_blanks(struct reformat *rf, size_t pos)
{
	const char *buf = rf->text.buf;
	size_t ls = rf_line_start(buf, pos);
	size_t end = rf_line_end(buf, rf->text.len, ls), s = end;

	while (s > ls && rf_is_blank(buf[s - 1]))
		s--;
	/*
	 * blanks that are bytes of a literal or a comment stay, and so do
	 * blanks after a lone CR: without them the CR and the LF would be
	 * one CR-LF line end, and the CR no line end of its own
	 */
	if (s < end && !(s > ls && buf[s - 1] == '\r') && !inside_token(rf, s))
		rf_text_remove(rf, s, end - s);
}

/* the line break of the line holding pos: "\r\n" or "\n" */
const char *rf_line_break(const char *buf, size_t len, size_t pos)
{
	size_t end = rf_line_end(buf, len, rf_line_start(buf, pos));

	return end < len && buf[end] == '\r' ? "\r\n" : "\n";
}

void rf_add_indent(struct strbuf *sb, size_t col)
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
		for (rest = comma + 1; rest < le && rf_is_blank(buf[rest]);
		     rest++)
			;
		/* a '#' first on a line would open a directive */
		if (rest < le && buf[rest] != '#')
			best = comma;
	}
	return best;
}

/* rule c: break the line at ls after commas of c until it fits */
void rf_wrap_line(struct reformat *rf, const struct call_edit *c, size_t ls)
{
	struct strbuf brk = STRBUF_INIT;

	for (;;) {
		const char *buf = rf->text.buf;
		size_t le = rf_line_end(buf, rf->text.len, ls);
		size_t comma, rest, col;

		if (reformat_columns(buf, ls, le, 0) <= rf->max_columns)
			break;
		comma = find_break(rf, c, ls, le);
		if (comma == NO_OFFSET)
			break;
		col = reformat_columns(buf, rf_line_start(buf, c->open),
				       c->open + 1, 0);
		strbuf_reset(&brk);
		strbuf_addstr(&brk, rf_line_break(buf, rf->text.len, ls));
		rf_add_indent(&brk, col);
		for (rest = comma + 1; rest < le && rf_is_blank(buf[rest]);
		     rest++)
			;
		rf_text_remove(rf, comma + 1, rest - (comma + 1));
		rf_text_insert(rf, comma + 1, brk.buf, brk.len);
		ls = comma + 1 +
		     strlen(rf_line_break(rf->text.buf, rf->text.len, ls));
	}
	strbuf_release(&brk);
}
