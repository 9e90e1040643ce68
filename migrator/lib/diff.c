/*
 * diff.c - writing unified diffs (see diff.h; diff-parse.c reads them).
 *
 * Contract: both texts are split into lines (each with its line break,
 * the last one possibly without); Myers' O(ND) algorithm in linear space
 * (the middle-snake bisection) marks the lines of each side that are not
 * in a longest common subsequence; the marks become change blocks, the
 * blocks become hunks with their context.  Nothing here allocates more
 * than a few arrays the size of the inputs.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "diff.h"
#include "util.h"

#define FUNCNAME_MAX 80

struct diff_line {
	const char *text;
	size_t len; /* with its '\n', if it has one */
	unsigned long hash;
};

struct diff_side {
	struct diff_line *lines;
	size_t nr;
	char *changed; /* per line: not in the common subsequence */
};

struct diff_ctx {
	struct diff_side a, b;
	long *fwd, *bwd; /* furthest x per diagonal k = x - y */
	long vmid;	 /* where diagonal 0 is in them */
};

/* a change: lines [a_start, a_end) of a became [b_start, b_end) of b */
struct diff_block {
	size_t a_start, a_end, b_start, b_end;
};

static void split_lines(struct diff_side *side, const char *text, size_t len)
{
	size_t pos = 0, alloc = 0;

	side->lines = NULL;
	side->nr = 0;
	while (pos < len) {
		const char *nl = memchr(text + pos, '\n', len - pos);
		size_t end = nl ? (size_t)(nl - text) + 1 : len;
		struct diff_line *line;
		size_t i;

		ALLOC_GROW(side->lines, side->nr + 1, alloc);
		line = &side->lines[side->nr++];
		line->text = text + pos;
		line->len = end - pos;
		line->hash = 5381;
		for (i = pos; i < end; i++)
			line->hash = line->hash * 33 + (unsigned char)text[i];
		pos = end;
	}
	side->changed = xcalloc(side->nr + 1, 1);
}

static int same_line(const struct diff_ctx *d, long x, long y)
{
	const struct diff_line *p = &d->a.lines[x], *q = &d->b.lines[y];

	return p->hash == q->hash && p->len == q->len &&
	       !memcmp(p->text, q->text, p->len);
}

/*
 * Find a point (*xmid, *ymid) on a shortest edit path from (x0, y0) to
 * (x1, y1): extend the forward and the backward search by one edit at a
 * time, on the diagonals k = x - y that stay inside the box, until their
 * furthest-reaching paths overlap.  The caller has stripped the common
 * prefix and suffix, so both searches start without a snake.
 */
static void middle_snake(struct diff_ctx *d, long x0, long x1, long y0, long y1,
			 long *xmid, long *ymid)
{
	long dmin = x0 - y1, dmax = x1 - y0;
	long fmid = x0 - y0, bmid = x1 - y1;
	long fmin = fmid, fmax = fmid, bmin = bmid, bmax = bmid;
	long *fv = d->fwd + d->vmid, *bv = d->bwd + d->vmid;
	int odd = (fmid - bmid) & 1;
	long k, x, y;

	fv[fmid] = x0;
	bv[bmid] = x1;
	for (;;) {
		if (fmin > dmin)
			fv[--fmin - 1] = -1;
		else
			++fmin;
		if (fmax < dmax)
			fv[++fmax + 1] = -1;
		else
			--fmax;
		for (k = fmax; k >= fmin; k -= 2) {
			x = fv[k - 1] < fv[k + 1] ? fv[k + 1] : fv[k - 1] + 1;
			for (y = x - k; x < x1 && y < y1 && same_line(d, x, y);
			     x++, y++)
				;
			fv[k] = x;
			if (odd && bmin <= k && k <= bmax && bv[k] <= x) {
				*xmid = x;
				*ymid = y;
				return;
			}
		}
		if (bmin > dmin)
			bv[--bmin - 1] = LONG_MAX;
		else
			++bmin;
		if (bmax < dmax)
			bv[++bmax + 1] = LONG_MAX;
		else
			--bmax;
		for (k = bmax; k >= bmin; k -= 2) {
			x = bv[k - 1] < bv[k + 1] ? bv[k - 1] : bv[k + 1] - 1;
			for (y = x - k;
			     x > x0 && y > y0 && same_line(d, x - 1, y - 1);
			     x--, y--)
				;
			bv[k] = x;
			if (!odd && fmin <= k && k <= fmax && x <= fv[k]) {
				*xmid = x;
				*ymid = y;
				return;
			}
		}
	}
}

static void mark_changed(struct diff_side *side, long from, long to)
{
	for (; from < to; from++)
		side->changed[from] = 1;
}

static void compare(struct diff_ctx *d, long x0, long x1, long y0, long y1)
{
	long xmid, ymid;

	while (x0 < x1 && y0 < y1 && same_line(d, x0, y0))
		x0++, y0++;
	while (x1 > x0 && y1 > y0 && same_line(d, x1 - 1, y1 - 1))
		x1--, y1--;
	if (x0 == x1) {
		mark_changed(&d->b, y0, y1);
		return;
	}
	if (y0 == y1) {
		mark_changed(&d->a, x0, x1);
		return;
	}
	middle_snake(d, x0, x1, y0, y1, &xmid, &ymid);
	if ((xmid == x0 && ymid == y0) || (xmid == x1 && ymid == y1)) {
		mark_changed(&d->a, x0, x1); /* cannot split: all differ */
		mark_changed(&d->b, y0, y1);
		return;
	}
	compare(d, x0, xmid, y0, ymid);
	compare(d, xmid, x1, ymid, y1);
}

/* the change blocks from the marks; returns how many */
static size_t collect_blocks(const struct diff_ctx *d,
			     struct diff_block **blocks)
{
	size_t i = 0, j = 0, nr = 0, alloc = 0;

	*blocks = NULL;
	while (i < d->a.nr || j < d->b.nr) {
		struct diff_block *blk;

		if (i < d->a.nr && j < d->b.nr && !d->a.changed[i] &&
		    !d->b.changed[j]) {
			i++, j++;
			continue;
		}
		ALLOC_GROW(*blocks, nr + 1, alloc);
		blk = &(*blocks)[nr++];
		blk->a_start = i;
		blk->b_start = j;
		while (i < d->a.nr && d->a.changed[i])
			i++;
		while (j < d->b.nr && d->b.changed[j])
			j++;
		blk->a_end = i;
		blk->b_end = j;
	}
	return nr;
}

static void emit_line(struct strbuf *out, char sign,
		      const struct diff_line *line)
{
	strbuf_addch(out, sign);
	strbuf_add(out, line->text, line->len);
	if (!line->len || line->text[line->len - 1] != '\n')
		strbuf_addstr(out, "\n\\ No newline at end of file\n");
}

static void emit_range(struct strbuf *out, char sign,
		       const struct diff_side *side, size_t from, size_t to)
{
	for (; from < to; from++)
		emit_line(out, sign, &side->lines[from]);
}

static void emit_count(struct strbuf *out, char sign, size_t start,
		       size_t count)
{
	strbuf_addf(out, "%c%zu", sign, count ? start + 1 : start);
	if (count != 1)
		strbuf_addf(out, ",%zu", count);
}

/* as git: the last line before the hunk that starts with a name */
static void emit_funcname(struct strbuf *out, const struct diff_side *a,
			  size_t before)
{
	while (before-- > 0) {
		const struct diff_line *line = &a->lines[before];
		char c = line->len ? line->text[0] : 0;
		size_t len = line->len;

		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		      c == '_' || c == '$'))
			continue;
		while (len && (line->text[len - 1] == '\n' ||
			       line->text[len - 1] == '\r'))
			len--;
		if (len > FUNCNAME_MAX)
			len = FUNCNAME_MAX;
		while (len && (line->text[len - 1] == ' ' ||
			       line->text[len - 1] == '\t'))
			len--;
		strbuf_addch(out, ' ');
		strbuf_add(out, line->text, len);
		return;
	}
}

/* one hunk: blocks[first..last] with their context */
static void emit_hunk(struct strbuf *out, const struct diff_ctx *d,
		      const struct diff_block *first,
		      const struct diff_block *last, size_t context,
		      struct diff_stat *stat)
{
	size_t pre = first->a_start < context ? first->a_start : context;
	size_t post = d->a.nr - last->a_end < context ? d->a.nr - last->a_end :
							context;
	size_t a0 = first->a_start - pre, b0 = first->b_start - pre;
	const struct diff_block *blk;

	strbuf_addstr(out, "@@ ");
	emit_count(out, '-', a0, last->a_end + post - a0);
	strbuf_addch(out, ' ');
	emit_count(out, '+', b0, last->b_end + post - b0);
	strbuf_addstr(out, " @@");
	emit_funcname(out, &d->a, a0);
	strbuf_addch(out, '\n');
	for (blk = first; blk <= last; blk++) {
		size_t ctx_from = blk == first ? a0 : (blk - 1)->a_end;

		emit_range(out, ' ', &d->a, ctx_from, blk->a_start);
		emit_range(out, '-', &d->a, blk->a_start, blk->a_end);
		emit_range(out, '+', &d->b, blk->b_start, blk->b_end);
		if (stat) {
			stat->removed += blk->a_end - blk->a_start;
			stat->added += blk->b_end - blk->b_start;
		}
	}
	emit_range(out, ' ', &d->a, last->a_end, last->a_end + post);
}

size_t diff_write_hunks(struct strbuf *out, const char *a, size_t alen,
			const char *b, size_t blen, int context,
			struct diff_stat *stat)
{
	struct diff_ctx d;
	struct diff_block *blocks;
	size_t nr, i, first, hunks = 0, ctx = context > 0 ? context : 0;

	split_lines(&d.a, a, alen);
	split_lines(&d.b, b, blen);
	d.vmid = (long)d.b.nr + 1; /* diagonals run from -b.nr to a.nr */
	d.fwd = xcalloc(d.a.nr + d.b.nr + 3, sizeof(long));
	d.bwd = xcalloc(d.a.nr + d.b.nr + 3, sizeof(long));
	compare(&d, 0, (long)d.a.nr, 0, (long)d.b.nr);
	nr = collect_blocks(&d, &blocks);
	for (first = 0; first < nr; first = i + 1, hunks++) {
		for (i = first; i + 1 < nr; i++)
			if (blocks[i + 1].a_start - blocks[i].a_end > 2 * ctx)
				break;
		emit_hunk(out, &d, &blocks[first], &blocks[i], ctx, stat);
	}
	free(blocks);
	free(d.fwd);
	free(d.bwd);
	free(d.a.lines);
	free(d.b.lines);
	free(d.a.changed);
	free(d.b.changed);
	return hunks;
}

/* a byte git quotes in a path: '"', '\\', control bytes and DEL */
static int needs_quote(unsigned char c)
{
	return c == '"' || c == '\\' || c < 0x20 || c == 0x7f;
}

void diff_quote_path(struct strbuf *out, const char *prefix, const char *path)
{
	static const char escapes[] = "\a\b\t\n\v\f\r";
	static const char letters[] = "abtnvfr";
	const char *p;

	for (p = path; *p && !needs_quote((unsigned char)*p); p++)
		;
	if (!*p) {
		strbuf_addf(out, "%s%s", prefix, path);
		return;
	}
	strbuf_addf(out, "\"%s", prefix);
	for (p = path; *p; p++) {
		unsigned char c = (unsigned char)*p;
		const char *e = c ? strchr(escapes, c) : NULL;

		if (!needs_quote(c))
			strbuf_addch(out, (char)c);
		else if (c == '"' || c == '\\')
			strbuf_addf(out, "\\%c", c);
		else if (e)
			strbuf_addf(out, "\\%c", letters[e - escapes]);
		else
			strbuf_addf(out, "\\%03o", c);
	}
	strbuf_addch(out, '"');
}

/* "--- a/PATH": a name with a space gets a tab after it, as git does */
static void file_line(struct strbuf *out, const char *mark, const char *prefix,
		      const char *path)
{
	strbuf_addf(out, "%s ", mark);
	diff_quote_path(out, prefix, path);
	if (out->buf[out->len - 1] != '"' && strchr(path, ' '))
		strbuf_addch(out, '\t');
	strbuf_addch(out, '\n');
}

size_t diff_changed_lines(const char *a, size_t alen, const char *b,
			  size_t blen, char **changed)
{
	struct diff_ctx d;

	split_lines(&d.a, a, alen);
	split_lines(&d.b, b, blen);
	d.vmid = (long)d.b.nr + 1;
	d.fwd = xcalloc(d.a.nr + d.b.nr + 3, sizeof(long));
	d.bwd = xcalloc(d.a.nr + d.b.nr + 3, sizeof(long));
	compare(&d, 0, (long)d.a.nr, 0, (long)d.b.nr);
	free(d.fwd);
	free(d.bwd);
	free(d.a.lines);
	free(d.b.lines);
	free(d.a.changed);
	*changed = d.b.changed;
	return d.b.nr;
}

size_t diff_write_file(struct strbuf *out, const char *path, const char *a,
		       size_t alen, const char *b, size_t blen,
		       struct diff_stat *stat)
{
	struct strbuf hunks = STRBUF_INIT;
	size_t nr =
		diff_write_hunks(&hunks, a, alen, b, blen, DIFF_CONTEXT, stat);

	if (nr) {
		strbuf_addstr(out, "diff --git ");
		diff_quote_path(out, "a/", path);
		strbuf_addch(out, ' ');
		diff_quote_path(out, "b/", path);
		strbuf_addch(out, '\n');
		file_line(out, "---", "a/", path);
		file_line(out, "+++", "b/", path);
		strbuf_add(out, hunks.buf, hunks.len);
	}
	strbuf_release(&hunks);
	return nr;
}
