/*
 * series-verify.h - judging a written series before it is put in place
 * (the tree's own checkpatch on each patch, and git am of the whole
 * series onto a scratch copy of the files it changes), that
 * write-series.c and series-verify.c share, they only; callers use
 * write-series.h.
 *
 * Both read the patches from staged, the directory they were written
 * into (an absolute path: the tools run elsewhere), and keep their
 * verdicts in the struct series for the cover letter.  Neither touches
 * the tree.
 *
 * Caller's steps: after series_format_patches() and writing each patch
 * under its file_name into staged, series_checkpatch(); create an empty
 * scratch directory; series_verify(); on success run check on the tree
 * with apply's texts over it (tree-overlay.h); then series_format_cover().
 */
#ifndef KM_SERIES_VERIFY_H
#define KM_SERIES_VERIFY_H

struct series;

/*
 * run the tree's scripts/checkpatch.pl --no-tree (with perl, from the
 * tree; --no-signoff too when the options add no Signed-off-by) on each
 * patch, and keep each verdict: its "total: E errors, W
 * warnings, L lines checked" line, or "clean"; when the tree has no
 * checkpatch or perl is missing, s->checkpatch_note says so
 */
void series_checkpatch(struct series *s, const char *staged);

/*
 * copy the files the series changes into scratch, commit them to a git
 * repository of scratch's own, git am the series there (--keep-cr) and
 * compare every changed file byte for byte with apply's text.  0:
 * verified (s->verified); 1: not verified, git is not installed
 * (warned); -1 (reported): the series does not reproduce the
 * conversion, or the copy failed.  s->verify_note says how it went.
 */
int series_verify(struct series *s, const char *staged, const char *scratch);

#endif
