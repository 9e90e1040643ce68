/*
 * tree-style.h - what a kernel tree's own checkpatch asks of the lines
 * written into it: the longest line it accepts, and tabs to indent.
 *
 * The limit is read from the text of TREE/scripts/checkpatch.pl, its
 * "my $max_line_length = N;" line (80 until 5.6, 100 since 5.7); the
 * script is never run.  A tree without a checkpatch, or one whose
 * checkpatch predates that line (it checked against 80 in its code),
 * gets 80.
 *
 * The indentation of the lines a change writes is checkpatch's too: tabs
 * first, never 8 spaces in a row (tree_style_retab()).
 *
 * Caller's steps: tree_max_line_length(TREE), or on a script's text
 * tree_style_parse_line_length(); tree_style_retab() on a new text;
 * nothing to release.
 */
#ifndef KM_TREE_STYLE_H
#define KM_TREE_STYLE_H

#include <stddef.h>

#include "strbuf.h"

#define TREE_STYLE_CHECKPATCH "scripts/checkpatch.pl"
#define TREE_STYLE_DEFAULT_LINE_LENGTH 80
#define TREE_STYLE_MAX_LINE_LENGTH 1000 /* a --max-line-length's bound */

/* N of the text's "my $max_line_length = N;" line, or 0 when none */
unsigned int tree_style_parse_line_length(const char *text);

/* the longest line TREE's checkpatch accepts: N, or 80 */
unsigned int tree_max_line_length(const char *tree);

/*
 * indent every line of text that is not in old (the lines a diff from
 * old adds) with tabs, then fewer than 8 spaces, to the same width (tabs
 * of 8), as checkpatch asks ("code indent should use tabs where
 * possible", "please, no spaces at the start of a line"); every other
 * byte is kept.  Returns the number of lines changed.
 */
size_t tree_style_retab(struct strbuf *text, const char *old, size_t old_len);

#endif
