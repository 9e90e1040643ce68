/*
 * cmd-check.c - "kmigrate check": validate every call site of the
 * migrated function in a tree, as a CI gate.
 *
 *	kmigrate check [--format text|json|sarif] [--werror]
 *		       [--max-findings N] [-j N] [-q] TREE
 *
 * The findings (rules in rule-list.h) go to stdout: text lines
 * "FILE:LINE:COL: SEVERITY: MESSAGE [RULE]" sorted by place, or one JSON
 * object, or a SARIF 2.1.0 log.  Notes (a tree whose API cannot be told,
 * unreadable files) and the one-line summary go to stderr, not with -q.
 *
 * Exit: 0 when no finding is an error (with --werror: no error and no
 * warning), 1 when one is, 2 for usage errors, a missing migration or
 * TREE, or a setup failure.
 */
#include <stdio.h>
#include <string.h>

#include "builtin.h"
#include "check.h"
#include "migration.h"
#include "parse-options.h"
#include "report.h"
#include "strbuf.h"
#include "util.h"

#ifndef KMIGRATE_VERSION
#define KMIGRATE_VERSION "unknown"
#endif

static const char *const check_usage[] = {
	"kmigrate check [--format text|json|sarif] [--werror] [-j N] [-q] TREE",
	"",
	"Validate every call of the migrated function in TREE: its form",
	"against the prototype the tree declares, argument types, NULL-ness,",
	"and the printf format against the variadic arguments.  Findings go",
	"to stdout, a summary to stderr.  Exit 1 when a finding is an error.",
	NULL
};

static const char *const formats[] = { "text", "json", "sarif", NULL };

static void fill_summary(struct report_summary *s,
			 const struct check_result *r,
			 const struct migration *m)
{
	size_t i, j;

	memset(s, 0, sizeof(*s));
	s->files = r->nr_files;
	s->call_sites = r->nr_calls;
	s->api = tree_api_describe(&r->api);
	s->migration = m->name;
	s->version = KMIGRATE_VERSION;
	for (i = 0; i < r->nr_files; i++) {
		for (j = 0; j < r->files[i].nr_calls; j++) {
			const struct call_analysis *call;

			call = &r->files[i].calls[j];
			s->seen_by_libclang += call->seen_by_libclang;
			if (call->form == CALL_SITE_OLD)
				s->old_calls++;
			else if (call->form == CALL_SITE_NEW)
				s->new_calls++;
			else
				s->ambiguous_calls++;
		}
	}
}

static void print_report(const struct check_result *r,
			 const struct report_summary *summary,
			 const char *format, int max_findings,
			 const char *function)
{
	struct strbuf out = STRBUF_INIT;

	if (!strcmp(format, "json"))
		report_json(&out, &r->findings, summary);
	else if (!strcmp(format, "sarif"))
		report_sarif(&out, &r->findings, summary);
	else
		report_text(&out, &r->findings, (size_t)max_findings);
	fwrite(out.buf, 1, out.len, stdout);
	fflush(stdout);
	strbuf_release(&out);
	tree_notes_print(&r->scan.notes);
	if (!r->nr_calls)
		note("no call of '%s' found in '%s'", function, r->tree);
	if (km_verbosity >= 1) {
		report_summary_line(&out, &r->findings, summary);
		fputs(out.buf, stderr);
		strbuf_release(&out);
	}
}

int cmd_check(int argc, const char **argv)
{
	const char *format = "text";
	int werror = 0, quiet = 0, max_findings = 1000, status;
	const struct option options[] = {
		OPT_CHOICE(0, "format", &format, "FORMAT", formats,
			   "text (default), json or sarif"),
		OPT_BOOL(0, "werror", &werror,
			 "warnings fail the check too (exit 1)"),
		OPT_INT(0, "max-findings", &max_findings, "N",
			"print at most N findings as text (default 1000)"),
		OPT_JOBS(),
		OPT_BOOL('q', "quiet", &quiet, "no notes and no summary"),
		OPT_END(),
	};
	struct check_options opts;
	struct report_summary summary;
	struct check_result result;
	struct migration m;

	argc = parse_options(argc, argv, options, check_usage, "check");
	if (argc != 1)
		usage_error("check", argc ? "too many arguments" :
					    "missing TREE");
	if (max_findings < 0)
		usage_error("check", "'--max-findings' needs a number >= 0");
	if (quiet)
		km_verbosity = 0;
	if (migration_load(&m, km_global.migration) < 0)
		return 2;
	memset(&opts, 0, sizeof(opts));
	opts.tree = argv[0];
	opts.migration = &m;
	opts.jobs = km_jobs();
	if (check_tree(&opts, &result) < 0) {
		check_result_release(&result);
		migration_release(&m);
		return 2;
	}
	fill_summary(&summary, &result, &m);
	print_report(&result, &summary, format, max_findings, m.function);
	status = findings_count(&result.findings, SEVERITY_ERROR) ||
		 (werror && findings_count(&result.findings,
					   SEVERITY_WARNING)) ? 1 : 0;
	check_result_release(&result);
	migration_release(&m);
	return status;
}
