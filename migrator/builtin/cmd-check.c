/*
 * cmd-check.c - "kmigrate check": validate every call site of the
 * migrated function in a tree, as a CI gate.
 *
 *	kmigrate check [--format text|json|sarif] [--werror]
 *		       [--max-findings N] [--patch FILE | --base REV
 *		       [--parse-renamed]] [--verdicts] [-j N] [-q] TREE
 *
 * The findings (rules in rule-list.h) go to stdout: text, a first line
 * "FILE:LINE:COL: SEVERITY: MESSAGE [RULE]" and the detail indented
 * below it (report.h), sorted by place, or one JSON object, or a SARIF
 * 2.1.0 log (check_formats, output-format.h).  Notes (a tree whose API
 * cannot be told, unreadable files) and the one-line summary go to
 * stderr, not with -q.
 * With -v, text also has a note per call with the model's verdict.
 * --verdicts prints instead one line per call, "FILE:LINE: VERDICT"
 * (model-call.h: "/sys/class/mem/<name> dev device?", "error -ENODEV",
 * "unknown: why"), in the shape of the model harness's per-call log.
 *
 * --patch FILE reviews a hand-written conversion (TREE is the tree
 * before it and is never written); --base REV judges the files changed
 * since REV fully, each call compared with its version at REV, and
 * the others from their text (check-patch.h); a changed file whose
 * only change is calls renamed with their arguments as they were, of a
 * function whose parameter types stay, is judged by REV's version
 * (check-renamed.h), unless --parse-renamed.
 *
 * Exit: 0 when no finding is an error (with --werror: no error and no
 * warning), 1 when one is, 2 for usage errors, a missing migration or
 * TREE, a patch refused or not applying, REV unusable, or a setup
 * failure.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin.h"
#include "check.h"
#include "check-patch.h"
#include "migration.h"
#include "output-format.h"
#include "parse-options.h"
#include "report.h"
#include "scan.h"
#include "strbuf.h"
#include "util.h"

static const char *const check_usage[] = {
	"kmigrate check [--format text|json|sarif] [--werror] [-j N] [-q]",
	"               [--patch FILE | --base REV [--parse-renamed]]",
	"               [--verdicts] TREE",
	"",
	"Validate every call of the migrated function in TREE: its form",
	"against the prototype the tree declares, argument types, NULL-ness,",
	"the printf format against the variadic arguments, and what the call",
	"registers on the driver-core model.  Findings go to stdout, a",
	"summary to stderr.  Exit 1 when a finding is an error.",
	"",
	"--patch FILE applies FILE to a scratch copy of TREE (TREE is not",
	"written), checks the copy and compares each call the patch changed",
	"with the semantic conversion (hand-patch-divergence) and with the",
	"call before (sysfs-effect-changed).  --base REV judges the files",
	"changed since REV of TREE's git work tree fully, each call against",
	"its version at REV, and the others from their text; a file that",
	"only renames calls, their arguments and parameter types kept, is",
	"judged by its version at REV without a parse, unless",
	"--parse-renamed.  --verdicts",
	"prints one line per call instead of findings: 'FILE:LINE: PATH [dev]",
	"[device|device?]', 'FILE:LINE: error -EXXX' or 'FILE:LINE: unknown:",
	"WHY', what the model registers for it (device?: unless the device",
	"is NULL at run time).  The global -v adds that verdict to the text",
	"as a note per call.",
	NULL
};

/* the notes that are no finding (unreadable-file, binary-file are) */
static void print_plain_notes(const struct tree_notes *notes)
{
	struct tree_notes plain = TREE_NOTES_INIT;
	size_t i;

	plain.items = xcalloc(notes->nr + 1, sizeof(*plain.items));
	for (i = 0; i < notes->nr; i++)
		if (notes->items[i].problem != TREE_NOTE_UNREADABLE &&
		    notes->items[i].problem != TREE_NOTE_BINARY)
			plain.items[plain.nr++] = notes->items[i];
	tree_notes_print(&plain);
	free(plain.items);
}

static void print_report(const struct report_input *in,
			 const struct output_format *format)
{
	const struct check_result *r = in->check;
	struct report_summary summary;
	struct strbuf out = STRBUF_INIT;

	format->write(&out, in);
	fwrite(out.buf, 1, out.len, stdout);
	fflush(stdout);
	strbuf_release(&out);
	print_plain_notes(&r->scan.notes);
	check_report_summary(&summary, r, in->migration);
	if (!summary.call_sites)
		note("no call of '%s' found in '%s'",
		     scan_first_name(in->migration), r->tree);
	if (km_verbosity >= 1) {
		report_summary_line(&out, &r->findings, &summary);
		fputs(out.buf, stderr);
		strbuf_release(&out);
	}
	report_summary_release(&summary);
}

/* check TREE, with a before when asked: 0, or -1 (reported: exit 2) */
static int run_check(const char *tree, const struct migration *m,
		     const struct check_compare_opts *copts,
		     struct check_result *result)
{
	struct check_options opts;

	memset(&opts, 0, sizeof(opts));
	opts.tree = tree;
	opts.migration = m;
	opts.jobs = km_jobs();
	if (copts->patch || copts->base)
		return check_compared(&opts, copts, result);
	return check_tree(&opts, result);
}

int cmd_check(int argc, const char **argv, struct km_setup *setup)
{
	const char *format = "text";
	int werror = 0, max_findings = 1000, verdicts = 0, status;
	struct check_compare_opts copts = { NULL, NULL, 0 };
	const struct option options[] = {
		OPT_STRING(0, "format", &format, "FORMAT",
			   "text (default), json or sarif"),
		OPT_STRING(0, "patch", &copts.patch, "FILE",
			   "review the hand-written patch FILE against TREE"),
		OPT_STRING(0, "base", &copts.base, "REV",
			   "compare each call with its version at REV"),
		OPT_BOOL(0, "parse-renamed", &copts.parse_renamed,
			 "with --base, parse also the files that only "
			 "rename calls"),
		OPT_BOOL(0, "verdicts", &verdicts,
			 "print the model's verdict on each call instead"),
		OPT_BOOL(0, "werror", &werror,
			 "warnings fail the check too (exit 1)"),
		OPT_INT(0, "max-findings", &max_findings, "N",
			"print at most N findings as text (default 1000)"),
		OPT_JOBS(),
		OPT_MAX_FILE_SIZE(),
		OPT_NO_CACHE(),
		OPT_QUIET("no notes and no summary"),
		OPT_END(),
	};
	const struct output_format *fmt;
	struct report_input in = { 0 };
	struct check_result result;

	setup_command(setup, argc, argv, options, check_usage);
	in.migration = setup->migration;
	fmt = output_format_find(check_formats, format, "check");
	if (max_findings < 0)
		usage_error("check", "'--max-findings' needs a number >= 0");
	if (copts.patch && copts.base)
		usage_error("check", "'--patch' and '--base' cannot be "
				     "combined");
	if (copts.parse_renamed && !copts.base)
		usage_error("check", "'--parse-renamed' needs '--base'");
	if (verdicts)
		fmt = &check_verdicts;
	if (run_check(setup->tree, setup->migration, &copts, &result) < 0) {
		check_result_release(&result);
		return 2;
	}
	in.check = &result;
	in.max_findings = (size_t)max_findings;
	in.call_notes = km_verbosity >= 2;
	print_report(&in, fmt);
	status = findings_count(&result.findings, SEVERITY_ERROR) ||
				 (werror && findings_count(&result.findings,
							   SEVERITY_WARNING)) ?
			 1 :
			 0;
	check_result_release(&result);
	return status;
}
