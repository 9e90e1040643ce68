/*
 * cross-check.h - does a converted text differ from the original only by
 * an argument inserted into calls?
 *
 * apply uses it twice per file: to learn which calls spatch converted
 * (and that spatch changed nothing else), and to prove that its own
 * rewrite changed exactly the calls it meant to.  Both texts are scanned
 * (scan.h) and lexed (lexer.h); the occurrences of the function are
 * mapped in order, the tokens between calls must be equal, and each
 * call's arguments must be equal or equal with the inserted argument at
 * the given position.  Whitespace never counts; comments do.
 *
 * Caller's steps: scanned_text_init() both texts and the inserted
 * argument's text; cross_check(); scanned_text_release() each.
 */
#ifndef KM_CROSS_CHECK_H
#define KM_CROSS_CHECK_H

#include <stddef.h>

#include "lexer.h"
#include "migration.h"
#include "scan.h"

/* a text (owned by the caller) with its scan and its tokens */
struct scanned_text {
	const char *buf;
	size_t len;
	struct scan_file scan;
	struct token_list tokens;
};

/* how the converted text left one occurrence */
enum call_change {
	CALL_SAME,
	CALL_INSERTED,		/* the argument inserted at the position */
	CALL_CHANGED,
};

void scanned_text_init(struct scanned_text *s, const char *path,
		       const char *buf, size_t len, const struct migration *m);
void scanned_text_release(struct scanned_text *s);

/*
 * Map b's occurrences onto a's and fill changes[] (one per site of a).
 * 0 when b differs from a only by arg inserted as argument "position"
 * (1-based) of some calls; else -1, and *where is an offset in a near
 * the first other difference.
 */
int cross_check(const struct scanned_text *a, const struct scanned_text *b,
		const struct scanned_text *arg, int position,
		enum call_change *changes, size_t *where);

#endif
