/*
 * output-format.c - scan's and check's output formats (see
 * output-format.h).
 *
 * Contract: a writer only appends to the caller's strbuf and reads
 * its input; scan's JSON goes through json.h, check's findings through
 * report.h's writers, and the model's verdicts through model-call.h's
 * words.  Nothing here prints, but the usage error of an unknown name.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "json.h"
#include "output-format.h"
#include "parse-options.h"
#include "report.h"
#include "scan.h"
#include "util.h"

#ifndef KMIGRATE_VERSION
#define KMIGRATE_VERSION "unknown"
#endif

/* --- scan ---------------------------------------------------------------- */

static void scan_text(struct strbuf *out, const struct report_input *in)
{
	const struct scan_result *result = in->scan;
	size_t i, j;

	for (i = 0; i < result->nr_files; i++) {
		const struct scan_file *file = &result->files[i];

		for (j = 0; j < file->nr_sites; j++) {
			const struct call_site *cs = &file->sites[j];

			strbuf_addf(out, "%s:%zu:%zu: %s ", file->path,
				    cs->line, cs->column,
				    call_site_kind_name(cs->kind));
			strbuf_addstr(out, cs->text);
			strbuf_addch(out, '\n');
		}
	}
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
	if (cs->reason != CALL_REASON_NONE) {
		struct strbuf why = STRBUF_INIT;

		call_site_reason_text(&why, cs);
		json_key(w, "reason");
		json_string(w, why.buf);
		strbuf_release(&why);
	}
	json_object_end(w);
}

static void json_scan_summary(struct json_writer *w,
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
	json_key(w, "left_by_context");
	json_uint(w, result->counts[CALL_SITE_CONTEXT]);
	json_key(w, "not_calls");
	json_uint(w, scan_count_not_calls(result));
	json_key(w, "skipped_files");
	json_uint(w, result->nr_skipped);
	json_object_end(w);
}

static void scan_json(struct strbuf *out, const struct report_input *in)
{
	const struct scan_result *result = in->scan;
	struct json_writer w;
	size_t i, j;

	json_writer_init(&w, out, 2);
	json_object_begin(&w);
	json_key(&w, "call_sites");
	json_array_begin(&w);
	for (i = 0; i < result->nr_files; i++)
		for (j = 0; j < result->files[i].nr_sites; j++)
			json_site(&w, &result->files[i].sites[j]);
	json_array_end(&w);
	json_key(&w, "summary");
	json_scan_summary(&w, result);
	json_object_end(&w);
	json_writer_finish(&w);
}

const struct output_format scan_formats[] = {
	{ "text", scan_text },
	{ "json", scan_json },
	{ NULL, NULL },
};

/* --- check --------------------------------------------------------------- */

void check_report_summary(struct report_summary *s,
			  const struct check_result *r,
			  const struct migration *m)
{
	size_t i, j;

	memset(s, 0, sizeof(*s));
	strbuf_init(&s->judged, 0);
	s->files = r->nr_files;
	s->call_sites = r->nr_calls;
	if (m->kind->count_judged)
		s->call_sites = m->kind->count_judged(m, &r->scan, &s->files,
						      &s->judged);
	s->api = tree_api_describe(&r->api);
	s->migration = m->name;
	s->version = KMIGRATE_VERSION;
	s->unreadable_files =
		tree_notes_count(&r->scan.notes, TREE_NOTE_UNREADABLE);
	s->binary_files = tree_notes_count(&r->scan.notes, TREE_NOTE_BINARY);
	s->base = r->base;
	s->unchanged_files = r->nr_unchanged;
	s->by_base_files = r->nr_by_base;
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

/* -v: "note: registers ..." per call, in place order */
static struct report_call_note *verdict_notes(const struct check_result *r,
					      size_t *nr)
{
	struct report_call_note *notes;
	struct strbuf prose = STRBUF_INIT;
	size_t i, j;

	notes = xcalloc(r->nr_calls + 1, sizeof(*notes));
	*nr = 0;
	for (i = 0; i < r->nr_files; i++) {
		const struct check_file *cf = &r->files[i];

		for (j = 0; j < cf->nr_calls; j++) {
			const struct model_verdict *v = &cf->extras[j].verdict;
			struct report_call_note *n;

			/* a record no model runs on: a callback's member */
			if (v->outcome == VERDICT_UNKNOWN && !v->why)
				continue;
			n = &notes[(*nr)++];
			strbuf_reset(&prose);
			model_verdict_prose(&prose, v);
			n->file = cf->analysed.path;
			n->line = (unsigned int)cf->calls[j].site->line;
			n->column = (unsigned int)cf->calls[j].site->column;
			n->text = xstrdup(prose.buf);
		}
	}
	strbuf_release(&prose);
	return notes;
}

static void check_text(struct strbuf *out, const struct report_input *in)
{
	const struct check_result *r = in->check;
	struct report_call_note *notes;
	size_t i, nr;

	if (!in->call_notes) {
		report_text(out, &r->findings, in->max_findings);
		return;
	}
	notes = verdict_notes(r, &nr);
	report_text_notes(out, &r->findings, in->max_findings, notes, nr);
	for (i = 0; i < nr; i++)
		free(notes[i].text);
	free(notes);
}

static void check_json(struct strbuf *out, const struct report_input *in)
{
	struct report_summary summary;

	check_report_summary(&summary, in->check, in->migration);
	report_json(out, &in->check->findings, &summary);
	report_summary_release(&summary);
}

static void check_sarif(struct strbuf *out, const struct report_input *in)
{
	struct report_summary summary;

	check_report_summary(&summary, in->check, in->migration);
	report_sarif(out, &in->check->findings, &summary);
	report_summary_release(&summary);
}

static void verdict_lines(struct strbuf *out, const struct report_input *in)
{
	const struct check_result *r = in->check;
	size_t i, j;

	for (i = 0; i < r->nr_files; i++) {
		const struct check_file *cf = &r->files[i];

		for (j = 0; j < cf->nr_calls; j++) {
			strbuf_addf(out, "%s:%zu: ", cf->analysed.path,
				    cf->calls[j].site->line);
			model_verdict_line(out, &cf->extras[j].verdict);
			strbuf_addch(out, '\n');
		}
	}
}

const struct output_format check_formats[] = {
	{ "text", check_text },
	{ "json", check_json },
	{ "sarif", check_sarif },
	{ NULL, NULL },
};

const struct output_format check_verdicts = { "verdicts", verdict_lines };

/* --- the lookup ---------------------------------------------------------- */

const struct output_format *
output_format_find(const struct output_format *formats, const char *name,
		   const char *cmd)
{
	const struct output_format *f;
	struct strbuf names = STRBUF_INIT;

	for (f = formats; f->name; f++)
		if (!strcmp(f->name, name))
			return f;
	for (f = formats; f->name; f++)
		strbuf_addf(&names, "%s%s",
			    f == formats ? "" :
			    f[1].name	 ? ", " :
					   " or ",
			    f->name);
	usage_error(cmd, "unknown format '%s': use %s", name, names.buf);
}
