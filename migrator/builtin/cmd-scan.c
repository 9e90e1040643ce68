/*
 * cmd-scan.c - "kmigrate scan": list every occurrence of the migrated
 * function's name in a tree, classified.
 *
 *	kmigrate scan [--format text|json] [-j N] [-q] TREE
 *
 * Text: one line per occurrence, by file (byte order), line and column:
 *	FILE:LINE:COL: KIND TEXT
 * then the notes for skipped files and a one-line summary on stderr
 * (not with -q).  JSON: one object {"call_sites": [...], "summary":
 * {...}} on stdout; the notes still go to stderr.  The formats are
 * scan_formats (output-format.h).  A tree without any occurrence prints
 * nothing on stdout and a note on stderr.
 *
 * Exit: 0 when the tree was scanned (whatever was found), 2 for usage
 * errors, a missing migration, or a TREE that cannot be opened or is
 * not a directory.
 */
#include <stdio.h>

#include "builtin.h"
#include "call-site.h"
#include "diag.h"
#include "migration.h"
#include "output-format.h"
#include "parse-options.h"
#include "scan.h"
#include "strbuf.h"
#include "util.h"

static const char *const scan_usage[] = {
	"kmigrate scan [--format text|json] [-j N] [-q] TREE",
	"",
	"List every occurrence of the migrated function's name in the *.c and",
	"*.h files of TREE, one per line: FILE:LINE:COL: KIND TEXT, where KIND",
	"is old, new or ambiguous for a call, or shadowed, declaration,",
	"definition, reference, comment or string; a summary goes to stderr.",
	"With 'kmigrate -v scan', stderr also says why each call is what it is.",
	NULL
};

/*
 * with -v: why each call that is not plainly old or new is what it is,
 * "FILE:LINE:COL: note: KIND" and the reason below (diag.h)
 */
static void print_reasons(const struct scan_result *result)
{
	struct strbuf why = STRBUF_INIT, lead = STRBUF_INIT;
	struct strbuf out = STRBUF_INIT;
	size_t i, j;

	for (i = 0; i < result->nr_files; i++) {
		const struct scan_file *file = &result->files[i];

		for (j = 0; j < file->nr_sites; j++) {
			const struct call_site *cs = &file->sites[j];

			if (cs->reason == CALL_REASON_NONE)
				continue;
			strbuf_reset(&why);
			strbuf_reset(&lead);
			call_site_reason_text(&why, cs);
			strbuf_addf(&lead, "%s:%zu:%zu: note: ", file->path,
				    cs->line, cs->column);
			diag_add(&out, "", lead.buf,
				 call_site_kind_name(cs->kind), why.buf);
		}
	}
	fputs(out.buf, stderr);
	strbuf_release(&out);
	strbuf_release(&lead);
	strbuf_release(&why);
}

static void print_summary(const struct scan_result *result)
{
	fprintf(stderr,
		"scan: %zu occurrences in %zu files: %zu old, %zu new, "
		"%zu ambiguous, %zu not calls",
		result->nr_occurrences, result->nr_files,
		result->counts[CALL_SITE_OLD], result->counts[CALL_SITE_NEW],
		result->counts[CALL_SITE_AMBIGUOUS],
		scan_count_not_calls(result));
	if (result->counts[CALL_SITE_CONTEXT])
		fprintf(stderr, ", %zu left by context",
			result->counts[CALL_SITE_CONTEXT]);
	if (result->nr_skipped)
		fprintf(stderr, " (%zu skipped)", result->nr_skipped);
	fputc('\n', stderr);
}

static void report(const struct scan_result *result,
		   const struct output_format *format, const char *tree,
		   const struct migration *m)
{
	struct report_input in = { .migration = m, .scan = result };
	struct strbuf out = STRBUF_INIT;

	if (result->nr_occurrences)
		format->write(&out, &in);
	fwrite(out.buf, 1, out.len, stdout);
	strbuf_release(&out);
	fflush(stdout);
	tree_notes_print(&result->notes);
	if (km_verbosity >= 2)
		print_reasons(result);
	if (!result->nr_occurrences)
		note("no call of '%s' found in '%s'", scan_first_name(m), tree);
	else if (km_verbosity >= 1)
		print_summary(result);
}

int cmd_scan(int argc, const char **argv, struct km_setup *setup)
{
	const char *format = "text";
	const struct option options[] = {
		OPT_STRING(0, "format", &format, "FORMAT",
			   "text (default) or json"),
		OPT_JOBS(),
		OPT_MAX_FILE_SIZE(),
		OPT_QUIET("no notes and no summary on stderr"),
		OPT_END(),
	};
	const struct output_format *fmt;
	struct scan_result result;

	setup_command(setup, argc, argv, options, scan_usage);
	fmt = output_format_find(scan_formats, format, "scan");
	if (scan_tree(setup->tree, setup->migration, km_jobs(), &result) < 0)
		die_errno("cannot open tree '%s'", setup->tree);
	report(&result, fmt, setup->tree, setup->migration);
	scan_result_release(&result);
	return 0;
}
