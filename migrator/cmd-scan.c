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
 * {...}} on stdout; the notes still go to stderr.  A tree without any
 * occurrence prints nothing on stdout and a note on stderr.
 *
 * Exit: 0 when the tree was scanned (whatever was found), 2 for usage
 * errors, a missing migration, or a TREE that cannot be opened or is
 * not a directory.
 */
#include <stdio.h>
#include <string.h>

#include "builtin.h"
#include "call-site.h"
#include "json.h"
#include "migration.h"
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

static const char *const formats[] = { "text", "json", NULL };

static void print_text(const struct scan_result *result)
{
	struct strbuf out = STRBUF_INIT;
	size_t i, j;

	for (i = 0; i < result->nr_files; i++) {
		const struct scan_file *file = &result->files[i];

		for (j = 0; j < file->nr_sites; j++) {
			const struct call_site *cs = &file->sites[j];

			strbuf_addf(&out, "%s:%zu:%zu: %s ", file->path,
				    cs->line, cs->column,
				    call_site_kind_name(cs->kind));
			strbuf_addstr(&out, cs->text);
			strbuf_addch(&out, '\n');
		}
	}
	fwrite(out.buf, 1, out.len, stdout);
	strbuf_release(&out);
}

static void json_site(struct json_writer *w, const struct call_site *cs)
{
	json_object_begin(w);
	json_key(w, "file");
	json_string(w, cs->file);
	json_key(w, "line");
	json_uint(w, cs->line);
	json_key(w, "column");
	json_uint(w, cs->column);
	json_key(w, "kind");
	json_string(w, call_site_kind_name(cs->kind));
	json_key(w, "call");
	json_string(w, cs->text);
	if (cs->reason) {
		json_key(w, "reason");
		json_string(w, cs->reason);
	}
	json_object_end(w);
}

static void json_summary(struct json_writer *w,
			 const struct scan_result *result)
{
	json_object_begin(w);
	json_key(w, "files");
	json_uint(w, result->nr_files);
	json_key(w, "occurrences");
	json_uint(w, result->nr_occurrences);
	json_key(w, "old");
	json_uint(w, result->counts[CALL_SITE_OLD]);
	json_key(w, "new");
	json_uint(w, result->counts[CALL_SITE_NEW]);
	json_key(w, "ambiguous");
	json_uint(w, result->counts[CALL_SITE_AMBIGUOUS]);
	json_key(w, "not_calls");
	json_uint(w, scan_count_not_calls(result));
	json_key(w, "skipped_files");
	json_uint(w, result->nr_skipped);
	json_object_end(w);
}

static void print_json(const struct scan_result *result)
{
	struct strbuf out = STRBUF_INIT;
	struct json_writer w;
	size_t i, j;

	json_writer_init(&w, &out, 2);
	json_object_begin(&w);
	json_key(&w, "call_sites");
	json_array_begin(&w);
	for (i = 0; i < result->nr_files; i++)
		for (j = 0; j < result->files[i].nr_sites; j++)
			json_site(&w, &result->files[i].sites[j]);
	json_array_end(&w);
	json_key(&w, "summary");
	json_summary(&w, result);
	json_object_end(&w);
	json_writer_finish(&w);
	fwrite(out.buf, 1, out.len, stdout);
	strbuf_release(&out);
}

/* with -v: why each call that is not plainly old or new is what it is */
static void print_reasons(const struct scan_result *result)
{
	size_t i, j;

	for (i = 0; i < result->nr_files; i++) {
		const struct scan_file *file = &result->files[i];

		for (j = 0; j < file->nr_sites; j++) {
			const struct call_site *cs = &file->sites[j];

			if (cs->reason)
				note("%s:%zu:%zu: %s: %s", file->path, cs->line,
				     cs->column, call_site_kind_name(cs->kind),
				     cs->reason);
		}
	}
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
	if (result->nr_skipped)
		fprintf(stderr, " (%zu skipped)", result->nr_skipped);
	fputc('\n', stderr);
}

static void report(const struct scan_result *result, const char *format,
		   const char *tree, const char *function)
{
	if (result->nr_occurrences) {
		if (!strcmp(format, "json"))
			print_json(result);
		else
			print_text(result);
	}
	fflush(stdout);
	tree_notes_print(&result->notes);
	if (km_verbosity >= 2)
		print_reasons(result);
	if (!result->nr_occurrences)
		note("no call of '%s' found in '%s'", function, tree);
	else if (km_verbosity >= 1)
		print_summary(result);
}

int cmd_scan(int argc, const char **argv, struct km_setup *setup)
{
	const char *format = "text";
	const struct option options[] = {
		OPT_CHOICE(0, "format", &format, "FORMAT", formats,
			   "text (default) or json"),
		OPT_JOBS(),
		OPT_QUIET("no notes and no summary on stderr"),
		OPT_END(),
	};
	struct scan_result result;

	setup_command(setup, argc, argv, options, scan_usage);
	if (scan_tree(setup->tree, setup->migration, km_jobs(), &result) < 0)
		die_errno("cannot open tree '%s'", setup->tree);
	report(&result, format, setup->tree, setup->migration->function);
	scan_result_release(&result);
	return 0;
}
