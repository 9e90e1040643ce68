/*
 * cross-check.h - does a converted text differ from the original only by
 * occurrences converted as the migration says?
 *
 * apply uses it twice per file: to learn which occurrences spatch
 * converted (and that spatch changed nothing else), and to prove that
 * its own rewrite changed exactly the ones it meant to.  Both texts are
 * scanned (scan.h) and lexed (lexer.h); cross_check() has the
 * migration's kind compare them (kind.h's cross_check op, given a
 * struct cross_check).
 *
 * The call kind's comparison, cross_check_calls(): the occurrences of
 * the function (by its old or new name) are mapped in order, the tokens
 * between calls must be equal, and each call must be equal, or be the
 * original converted token for token: the new name, and the arguments
 * the map gives (inserted values, removed and moved arguments, the
 * variadic ones after).  Whitespace never counts; comments do.
 *
 * Caller's steps: scanned_text_init() both texts; cross_check();
 * scanned_text_release() each.
 */
#ifndef KM_CROSS_CHECK_H
#define KM_CROSS_CHECK_H

#include <stddef.h>

#include "lexer.h"
#include "map-values.h"
#include "migration.h"
#include "scan.h"
#include "strbuf.h"

/* a text (owned by the caller) with its scan and its tokens */
struct scanned_text {
	const char *buf;
	size_t len;
	struct scan_file scan;
	struct token_list tokens;
	/* what is known of its arguments' values from outside it, or NULL */
	const struct map_values_file *values;
};

/* how the converted text left one occurrence */
enum call_change {
	CALL_SAME,
	CALL_CONVERTED, /* converted as the map says */
	CALL_CHANGED,
	/*
	 * converted, but the arguments' values choose another conversion
	 * of the migration, or cannot choose one (family.h): left
	 */
	CALL_LEFT_BY_VALUE,
};

/*
 * One comparison, what a kind's cross_check op gets: a's occurrences
 * (a->scan.sites) are mapped onto b's, changes[i] (CALL_SAME for each
 * on entry) is set for each site i of a; on -1, where is an offset in
 * a near the first other difference.
 */
struct cross_check {
	const struct scanned_text *a, *b;
	const struct migration *m;
	enum call_change *changes;
	size_t where;
};

void scanned_text_init(struct scanned_text *s, const char *path,
		       const char *buf, size_t len, const struct migration *m);
void scanned_text_release(struct scanned_text *s);
/* the index of s's first token starting at or after offset */
size_t scanned_text_token_at(const struct scanned_text *s, size_t offset);
/*
 * Tokens [i, ie) of a against [j, je) of b: (size_t)-1 when they are
 * the same, else the index in a of the first that differs (ie when a
 * ends first)
 */
size_t scanned_text_differ(const struct scanned_text *a, size_t i, size_t ie,
			   const struct scanned_text *b, size_t j, size_t je);

/*
 * Map b's occurrences onto a's and fill changes[] (one per site of a),
 * as m's kind does.  0 when b differs from a only by occurrences
 * converted as m says; else -1, and *where is an offset in a near the
 * first other difference.
 */
int cross_check(const struct scanned_text *a, const struct scanned_text *b,
		const struct migration *m, enum call_change *changes,
		size_t *where);

/*
 * The call kind's cross_check op: calls converted by m's map, the
 * tokens between them equal
 */
int cross_check_calls(struct cross_check *cc);

/* where cross_check_bodies() refused a change */
struct cross_check_place {
	size_t where;	    /* an offset in a */
	char function[128]; /* the function holding it; "": outside any */
};

/*
 * A hand-written semantic patch's output b against its input a, the
 * changes confined to the functions that held a call of the old
 * function (cross-check-bodies.c): between the top-level function
 * bodies, and in a body that holds no call of it, the tokens must be
 * equal; a body that holds one may differ in anything, and a's calls
 * of it that b no longer has, token for token and in order, are
 * converted.  On 0, splice (unless NULL) gets orig (a's bytes, or the
 * file a was sliced from: the same offsets) with each body that held
 * a call taken from b.  -1: place says where the first refused
 * change is.
 */
int cross_check_bodies(const struct scanned_text *a,
		       const struct scanned_text *b, const struct migration *m,
		       enum call_change *changes, const char *orig,
		       struct strbuf *splice, struct cross_check_place *place);

#endif
