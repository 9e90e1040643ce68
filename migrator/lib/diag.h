/*
 * diag.h - a diagnostic as a compiler prints it, within DIAG_WIDTH
 * columns:
 *
 *	FILE:LINE:COL: error: short message [rule]
 *	        the details, word-wrapped on lines indented by
 *	        DIAG_INDENT spaces
 *
 * Every place that prints a diagnostic about a place in a tree (check's
 * findings and notes, apply's left calls, scan -v's reasons) builds it
 * with diag_add(), so that no line of theirs is wider than DIAG_WIDTH
 * columns and the first line is the one a grep or an editor reads.
 *
 * Text is broken at blanks only; a run of blanks (a newline, a tab
 * included) is one space.  A word longer than the room left on a
 * continuation line is put alone on its own line, whole: it is never
 * cut.  Columns are counted in characters (a UTF-8 continuation byte
 * takes none).
 *
 * Caller's steps: diag_add(&out, prefix, lead, message, detail); print
 * out.  diag_wrap() is the primitive for text that has no lead.
 */
#ifndef KM_DIAG_H
#define KM_DIAG_H

#include "strbuf.h"

#define DIAG_WIDTH 100 /* the most columns a printed line takes */
#define DIAG_INDENT 8  /* a continuation line's blanks after the prefix */

/*
 * text's words after first on the first line and after next on every
 * further one, each line within DIAG_WIDTH columns and ended by '\n'.
 * The first line holds at least one word, however long first is.
 * Nothing is added for a text without words.
 */
void diag_wrap(struct strbuf *out, const char *first, const char *next,
	       const char *text);

/*
 * One diagnostic: prefix (may be "", e.g. "  " when it is listed under
 * a summary) and lead ("FILE:LINE:COL: error: "), never broken, then
 * message wrapped after them; then detail (NULL or "": none) on lines
 * of prefix and DIAG_INDENT blanks.  Message's continuation lines take
 * the same indent.
 */
void diag_add(struct strbuf *out, const char *prefix, const char *lead,
	      const char *message, const char *detail);

/* the columns s takes: its characters, a UTF-8 sequence counting one */
size_t diag_columns(const char *s, size_t len);

#endif
