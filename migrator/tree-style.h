/*
 * tree-style.h - what a kernel tree's own checkpatch asks of the lines
 * written into it: the longest line it accepts.
 *
 * The limit is read from the text of TREE/scripts/checkpatch.pl, its
 * "my $max_line_length = N;" line (80 until 5.6, 100 since 5.7); the
 * script is never run.  A tree without a checkpatch, or one whose
 * checkpatch predates that line (it checked against 80 in its code),
 * gets 80.
 *
 * Caller's steps: tree_max_line_length(TREE), or on a script's text
 * tree_style_parse_line_length(); nothing to release.
 */
#ifndef KM_TREE_STYLE_H
#define KM_TREE_STYLE_H

#define TREE_STYLE_CHECKPATCH "scripts/checkpatch.pl"
#define TREE_STYLE_DEFAULT_LINE_LENGTH 80
#define TREE_STYLE_MAX_LINE_LENGTH 1000	/* a --max-line-length's bound */

/* N of the text's "my $max_line_length = N;" line, or 0 when none */
unsigned tree_style_parse_line_length(const char *text);

/* the longest line TREE's checkpatch accepts: N, or 80 */
unsigned tree_max_line_length(const char *tree);

#endif
