/*
 * check.h - the check pipeline: scan a tree, learn which API it declares,
 * describe every call with libclang, run the rules, collect findings.
 *
 * Other commands reuse it in two steps: check_analyse() leaves one
 * record per call site (result->files[i].calls[j], in path and offset
 * order: compare two runs call by call, e.g. a tree and a scratch copy
 * with a patch applied), and check_run_rules() turns them into findings.
 * check_tree() does both.  A check may run on any directory, a scratch
 * copy included, and on a tree as a change leaves it (an overlay, no
 * copy); findings name files relative to it.  The records of a file
 * come from the result cache when it has them (check-cache.h), so a
 * second check of an unchanged tree does not load libclang.  check_analyse()
 * also runs every call on the driver-core model (model-call.h): its
 * verdict is in files[i].extras[j], which the rules get in their
 * context (rules.h).  check-patch.h fills the extras' counterparts
 * (--base, --patch) between the two steps.
 *
 * Returns: 0, or -1 on a setup error (tree missing, migration unusable),
 * already reported on stderr: the command exits 2.
 *
 * Caller's steps: struct check_result r; check_tree(&opts, &r) (or the
 * two steps); read r.findings (sorted), r.api, the counts;
 * check_result_release(&r).
 */
#ifndef KM_CHECK_H
#define KM_CHECK_H

#include <stddef.h>

#include "clang-analysis.h"
#include "finding.h"
#include "strbuf.h"
#include "migration.h"
#include "model-call.h"
#include "scan.h"
#include "tree-api.h"

struct rule_call;
struct tree_overlay;

struct check_options {
	const char *tree;
	/* the tree as a change leaves it (tree-overlay.h); NULL: as it is */
	const struct tree_overlay *overlay;
	const struct migration *migration;
	int jobs;
	int lexer_only; /* describe calls from their text only */
	int quiet;	/* no notes: a version compared with the checked one */
	/*
	 * only the overlay's files are this version's (scan_overlay_only()):
	 * a version no rule describes, for what its scan tells
	 */
	int overlay_only;
};

/*
 * What check knows of a call beyond its analysis: the model's verdict,
 * and with --base or --patch the call's counterpart before the change
 * (and, with --patch, in the semantic conversion), matched by file and
 * order.  The counterparts belong to other results that live until the
 * rules have run.
 */
enum check_compare {
	COMPARE_NONE,
	COMPARE_BASE,  /* --base REV */
	COMPARE_PATCH, /* --patch FILE */
};

struct call_extra {
	struct model_call model;
	struct model_verdict verdict;
	enum check_compare compare;
	const struct call_analysis *before; /* NULL: a new call */
	const struct call_extra *before_extra;
	const struct call_analysis *converted; /* --patch: apply's */
	const struct call_extra *converted_extra;
};

struct check_file {
	struct analysed_file analysed;
	struct strbuf text;	     /* as read (through the overlay) */
	struct call_analysis *calls; /* the file's calls, by offset */
	struct call_extra *extras;   /* one per call */
	size_t nr_calls;
};

struct check_result {
	char *tree;
	const struct tree_overlay *overlay; /* the options' */
	const struct migration *migration;  /* the options' */
	struct scan_result scan;
	struct tree_api api;
	struct check_file *files; /* files with calls, by path */
	size_t nr_files;
	size_t nr_calls;
	struct findings findings; /* sorted after check_run_rules() */
	/*
	 * check --base: report.h's enum report_base, what was judged
	 * fully, the files with calls unchanged since REV (text_only),
	 * and the changed ones judged by REV's version (text_only too)
	 */
	int base;
	size_t nr_unchanged;
	/* changed files judged by their base (kind.h's judged_by_base) */
	size_t nr_by_base;
};

int check_analyse(const struct check_options *opts,
		  struct check_result *result);

/*
 * check_analyse() in its three steps, for a caller that analyses
 * several versions of a tree at once (check --patch: one parse of each
 * file serves all of them, clang-analysis.h): check_prepare() scans
 * each and has the migration's kind keep a record of each occurrence
 * it analyses (kind.h's prepare: for a call, it learns which prototype
 * the tree declares and records the old, new and ambiguous calls),
 * check_analyse_files() has the kind describe them in all of them,
 * check_conclude() has it settle what the description can (for a call:
 * what the types decide) and run the model.
 */
int check_prepare(const struct check_options *opts,
		  struct check_result *result);
/* 0, or -1 when libclang is needed and cannot be loaded (reported) */
int check_analyse_files(struct check_result *const *results, size_t nr,
			const struct check_options *opts);
void check_conclude(struct check_result *result, int jobs);

/*
 * The call kind's prepare, analyse_files and conclude (kind.h): the
 * tree's API and a record per call, libclang (or the result cache)
 * describes every call (check-analyse.c), then the types decide the
 * ambiguous calls they can and each call runs on the model
 */
int check_prepare_calls(const struct check_options *opts,
			struct check_result *result);
int check_analyse_calls(struct check_result *const *results, size_t nr,
			const struct check_options *opts);
void check_conclude_calls(struct check_result *result, int jobs);
/*
 * check_analyse_calls() for any kind's records: each file's versions
 * described by describe (in -j worker processes, through the result
 * cache, as check-analyse.c says); the call kind's is
 * clang_analyse_variants()
 */
int check_analyse_records(struct check_result *const *results, size_t nr,
			  const struct check_options *opts,
			  void (*describe)(const struct clang_env *env,
					   struct clang_variant *variants,
					   size_t nr, int reuse));
void check_run_rules(struct check_result *result);
int check_tree(const struct check_options *opts, struct check_result *result);
void check_result_release(struct check_result *result);

/*
 * The analysed records of a file as bytes, and back (check-records.c):
 * 0, or -1 when the bytes do not fit f's calls, and then nothing is
 * filled.  How check copies the records of a text it analyses twice,
 * and the payload of its result cache.
 */
void check_records_write(const struct check_file *f, struct strbuf *out);
int check_records_read(struct check_file *f, const char *buf, size_t len);

/*
 * The next file record of r, for path and its nr calls (allocated,
 * none filled yet: the caller inits each and counts nr_calls up); r's
 * files hold a slot for each scanned file
 */
struct check_file *check_file_start(struct check_result *r, const char *path,
				    size_t nr);
/* the file record of a path, or NULL */
const struct check_file *check_find_file(const struct check_result *r,
					 const char *path);
/* what the rules get for call j of file f of r (rules.h) */
void check_rule_call(struct rule_call *rc, const struct check_result *r,
		     const struct check_file *f, size_t j);

#endif
