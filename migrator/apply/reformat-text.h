/*
 * reformat-text.h - the working text reformat.c converts calls in (its
 * lines, the edits that keep the offsets of the calls still to do, and
 * the wrapping of a line that grew too wide: rule c), that reformat.c
 * and reformat-text.c share, they only; callers use reformat.h.
 */
#ifndef KM_REFORMAT_TEXT_H
#define KM_REFORMAT_TEXT_H

#include <stddef.h>

#include "strbuf.h"

#define NO_OFFSET ((size_t)-1)

struct reformat_map;

struct call_edit {
	size_t open, close;
	size_t *commas;
	size_t nr_commas;
	int was_wide; /* its insertion point's line was too wide */
	const struct reformat_map *map; /* its conversion */
};

struct reformat {
	size_t max_columns; /* the widest line that needs no wrapping */
	struct strbuf text;
	struct call_edit *calls;
	size_t nr;
};

int rf_is_blank(char c);
size_t rf_line_start(const char *buf, size_t pos);
size_t rf_line_end(const char *buf, size_t len, size_t pos);
size_t rf_line_width(const char *buf, size_t len, size_t pos);
void rf_text_insert(struct reformat *rf, size_t pos, const char *s, size_t n);
void rf_text_remove(struct reformat *rf, size_t pos, size_t n);
void rf_trim_trailing_blanks(struct reformat *rf, size_t pos);
const char *rf_line_break(const char *buf, size_t len, size_t pos);
void rf_add_indent(struct strbuf *sb, size_t col);
void rf_wrap_line(struct reformat *rf, const struct call_edit *c, size_t ls);

#endif
