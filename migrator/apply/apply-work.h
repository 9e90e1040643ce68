/*
 * apply-work.h - the state of one apply_tree() run that apply.c,
 * apply-spatch.c, apply-given.c, apply-memo.c, apply-result.c and
 * apply-account.c share, they only; callers use apply.h.
 *
 * apply.c reads each file spatch runs on into an apply_work (the
 * original bytes and their scan), hands them all to apply_spatch(), and
 * then converts each from what it left: changes[], or failure.
 */
#ifndef KM_APPLY_WORK_H
#define KM_APPLY_WORK_H

#include <stddef.h>
#include <time.h>

#include "apply.h"
#include "cross-check.h"
#include "result-cache.h"
#include "spatch.h"
#include "strbuf.h"
#include "strlist.h"

struct scan_result;

/* a file spatch runs on */
struct apply_work {
	struct apply_file *file;
	struct scanned_text orig;
	/* every file's values (orig.values is this file's): a clash */
	const struct map_values *values;
	struct strbuf given_text; /* what spatch is given (see copy_in) */
	/* what follows it in the copy: other files' part (kind.h) */
	struct strbuf context;
	struct scanned_text given; /* its scan, when it is not orig's */
	int has_given;
	int given_ready;    /* given_text (and given) are made */
	int sliced;	    /* given_text is a slice of the file (slice.h) */
	int whole;	    /* never slice it: a slice was not enough */
	char *input;	    /* SCRATCH/N.c, the copy spatch reads, once run */
	char *output;	    /* spatch's latest output, or NULL */
	char *failure;	    /* spatch failed on it: why */
	char *parse_error;  /* spatch's parse error in it */
	char *left_reasons; /* "LINE REASON\n" lines (spatch.h), or NULL */
	int timed_out;
	int cached;		     /* spatch's outcome came from the cache */
	struct strbuf cached_output; /* the cache's spatch output, if any */
	int cached_changed;	     /* the cache holds one */
	/*
	 * how spatch's output left each call of orig (cross-check.h); NULL
	 * until apply_spatch() has checked it, all CALL_SAME on a failure
	 */
	enum call_change *changes;
	/*
	 * the file with the bodies a hand-written semantic patch changed
	 * taken from spatch's output (cross_check_bodies())
	 */
	struct strbuf spliced;
	int has_spliced;
	/*
	 * per call of orig, NULL: the path of the file that leaves the
	 * function it is of, given across files (apply-whole.c)
	 */
	const char **whole_left;
	int rewrite_again; /* apply_whole_leave() took a conversion back */
};

struct apply_ctx {
	const struct apply_opts *opts;
	struct apply_result *result;
	char *scratch;
	struct spatch_batch *prestart; /* the first batch, started early */
	struct result_key spatch_key;  /* apply_spatch_key() */
	struct result_key memo;	       /* the whole run's (apply-memo.c) */
};

/* apply-result.c: an old-form call apply may convert */
int apply_is_convertible(const struct call_site *cs);

/*
 * apply-account.c: record in r every call of sites (the file's, nr of
 * them) that is not converted, with why; changes as spatch's output left
 * them (NULL: none converted), w the file's work (NULL: spatch never ran
 * on it)
 */
void account_sites(struct apply_result *r, const struct migration *m,
		   const struct apply_file *file, const struct call_site *sites,
		   size_t nr, const enum call_change *changes,
		   const struct apply_work *w);

/*
 * apply-spatch.c: run the semantic patches (coccis, in order) on every
 * work with a file and no failure yet, through the result cache keyed
 * with ctx->spatch_key; then each such work has changes[], or a
 * failure.  -1 (reported) only when spatch cannot be run at all.
 */
int apply_spatch(struct apply_ctx *ctx, struct apply_work *works, size_t nr,
		 const struct strlist *coccis);

/*
 * apply-spatch.c: start the first batch of the first semantic patch
 * (spatch_prestart()) in ctx->prestart, so that spatch parses it while
 * apply scans the tree; apply_spatch() runs it, or apply_spatch_cancel()
 * kills it
 */
void apply_spatch_prestart(struct apply_ctx *ctx, const char *cocci);
void apply_spatch_cancel(struct apply_ctx *ctx);

/*
 * apply-spatch.c: the result cache's key for spatch's outcomes, all but
 * the file's own: the semantic patches and their isomorphisms, spatch
 * and its version v, kmigrate's version
 */
void apply_spatch_key(struct result_key *base, const struct strlist *coccis,
		      const struct spatch_version *v);

/*
 * apply-memo.c: a whole run's result, for a later run on the tree as
 * the walk found it (begun at started).  apply_memo_key() makes the
 * key from spatch's (apply_spatch_key()) and says whether a run may be
 * kept under it (0: a file was written too recently); apply_memo_get()
 * fills r on a hit (1), reading again the files of tree the run read,
 * on up to jobs threads; apply_memo_put() keeps r unless it is a run
 * another would not repeat (a failure, a timeout).
 */
int apply_memo_key(struct result_key *key, const struct result_key *spatch,
		   const struct apply_opts *opts, unsigned int max_line_length,
		   const struct tree_walk *walk,
		   const struct timespec *started);
int apply_memo_get(struct result_key *key, const char *tree, int jobs,
		   struct apply_result *r);
void apply_memo_put(struct result_key *key, const struct apply_result *r);

/* apply-given.c: ".c" or ".h": spatch tells headers by their name */
const char *apply_extension(const char *path);
/*
 * apply-given.c: make w's given_text (and given, its scan, when it is
 * not orig's) once; -1 when the file fails (w->failure says why)
 */
int apply_prepare_given(struct apply_ctx *ctx, struct apply_work *w);
/*
 * apply-given.c: the given text of work i to SCRATCH/I.c (or .h), its
 * path in w->input; -1 when the file fails (w->failure says why)
 */
int apply_copy_in(struct apply_ctx *ctx, struct apply_work *w, size_t i);
/*
 * apply-given.c: the length of spatch's output text[0..len) without
 * the other files' part the copy ended with (kind.h's spatch_context)
 */
size_t apply_cut_context(const char *text, size_t len);

/*
 * apply-whole.c: of the functions given across files (call-site.h's
 * across_files), those some file leaves, added to left (util: that
 * file's path, from scan); their calls taken back in every other work
 * (changes[] made CALL_SAME, whole_left[] set), which is marked
 * rewrite_again.  works[i] is scan's file i (no file: not converted);
 * returns how many works it took a call from, 0 when none.
 */
size_t apply_whole_leave(struct apply_work *works,
			 const struct scan_result *scan, struct strlist *left);

/* apply-spatch.c: what apply_spatch() made in the work */
void apply_work_release_spatch(struct apply_work *w);

#endif
