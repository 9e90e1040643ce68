/*
 * report.c - text, JSON and SARIF writers for check (see report.h).
 *
 * JSON goes through json.h, which escapes every string as RFC 8259
 * asks; nothing here builds JSON by hand.  SARIF follows the 2.1.0
 * standard's minimum that code-scanning services read: $schema, version,
 * runs[0].tool.driver (name, version, rules with id,
 * shortDescription, fullDescription, defaultConfiguration.level) and
 * results (ruleId, ruleIndex, level, message.text: the finding's
 * message and its detail after ": ", one physicalLocation
 * with artifactLocation.uri relative to %SRCROOT% and region
 * startLine/startColumn).
 */
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "json.h"
#include "report.h"
#include "rules.h"
#include "util.h"

#define SARIF_SCHEMA                                   \
	"https://raw.githubusercontent.com/oasis-tcs/" \
	"sarif-spec/master/Schemata/sarif-schema-2.1.0.json"

/* "FILE:LINE:COL: SEVERITY: MESSAGE [RULE]", the detail below it */
static void text_finding(struct strbuf *out, const char *prefix,
			 const struct finding *f, int details)
{
	struct strbuf lead = STRBUF_INIT, message = STRBUF_INIT;

	strbuf_addf(&lead, "%s:%u:%u: %s: ", f->file, f->line, f->column,
		    severity_name(f->severity));
	strbuf_addf(&message, "%s [%s]", f->message, f->rule);
	diag_add(out, prefix, lead.buf, message.buf,
		 details ? f->detail : NULL);
	strbuf_release(&lead);
	strbuf_release(&message);
}

void report_finding(struct strbuf *out, const struct finding *f)
{
	text_finding(out, "", f, 1);
}

void report_text(struct strbuf *out, const struct findings *findings,
		 size_t max_findings)
{
	size_t i;

	for (i = 0; i < findings->nr && i < max_findings; i++)
		report_finding(out, &findings->items[i]);
	if (findings->nr > max_findings)
		strbuf_addf(out, "... and %zu more findings\n",
			    findings->nr - max_findings);
}

static int note_before(const struct report_call_note *note,
		       const struct finding *f)
{
	int cmp = strcmp(note->file, f->file);

	if (cmp)
		return cmp < 0;
	if (note->line != f->line)
		return note->line < f->line;
	return note->column < f->column;
}

void report_text_notes(struct strbuf *out, const struct findings *findings,
		       size_t max_findings,
		       const struct report_call_note *notes, size_t nr)
{
	size_t i = 0, k = 0;

	while (i < findings->nr || k < nr) {
		const struct finding *f =
			i < findings->nr ? &findings->items[i] : NULL;

		if (k < nr && (!f || note_before(&notes[k], f))) {
			char *lead = xstrfmt("%s:%u:%u: note: ", notes[k].file,
					     notes[k].line, notes[k].column);

			diag_add(out, "", lead, notes[k].text, NULL);
			free(lead);
			k++;
			continue;
		}
		if (i < max_findings)
			report_finding(out, f);
		i++;
	}
	if (findings->nr > max_findings)
		strbuf_addf(out, "... and %zu more findings\n",
			    findings->nr - max_findings);
}

void report_text_severity(struct strbuf *out, const struct findings *findings,
			  enum severity severity, size_t max,
			  const char *prefix, int details)
{
	size_t i, n = 0;

	for (i = 0; i < findings->nr && n < max; i++) {
		if (findings->items[i].severity != severity)
			continue;
		text_finding(out, prefix, &findings->items[i], details);
		n++;
	}
}

void report_summary_counts(struct strbuf *out, const struct findings *findings,
			   const struct report_summary *summary)
{
	size_t errors = findings_count(findings, SEVERITY_ERROR);
	size_t warnings = findings_count(findings, SEVERITY_WARNING);
	size_t notes = findings_count(findings, SEVERITY_NOTE);

	const char *what = summary->judged.len	    ? summary->judged.buf :
			   summary->call_sites == 1 ? "call site" :
						      "call sites";

	strbuf_addf(out,
		    "%zu %s in %zu file%s: %zu error%s, "
		    "%zu warning%s, %zu note%s",
		    summary->call_sites, what, summary->files,
		    summary->files == 1 ? "" : "s", errors,
		    errors == 1 ? "" : "s", warnings, warnings == 1 ? "" : "s",
		    notes, notes == 1 ? "" : "s");
	if (summary->base == REPORT_BASE_CHANGED)
		strbuf_addf(out,
			    "; %zu file%s unchanged since the base, not "
			    "re-judged",
			    summary->unchanged_files,
			    summary->unchanged_files == 1 ? "" : "s");
	if (summary->base == REPORT_BASE_CHANGED && summary->by_base_files)
		strbuf_addf(out,
			    "; %zu changed only by calls renamed with their "
			    "arguments and parameter types kept, judged by "
			    "the base",
			    summary->by_base_files);
	else if (summary->base == REPORT_BASE_ALL)
		strbuf_addstr(out, "; a file other than a .c changed since "
				   "the base: every file judged");
}

void report_summary_release(struct report_summary *summary)
{
	strbuf_release(&summary->judged);
}

void report_summary_line(struct strbuf *out, const struct findings *findings,
			 const struct report_summary *summary)
{
	strbuf_addstr(out, "check: ");
	report_summary_counts(out, findings, summary);
	strbuf_addch(out, '\n');
}

static void json_finding(struct json_writer *w, const struct finding *f)
{
	json_object_begin(w);
	json_key(w, "rule");
	json_string(w, f->rule);
	json_key(w, "severity");
	json_string(w, severity_name(f->severity));
	json_key(w, "file");
	json_string(w, f->file);
	json_key(w, "line");
	json_uint(w, f->line);
	json_key(w, "column");
	json_uint(w, f->column);
	json_key(w, "message");
	json_string(w, f->message);
	json_key(w, "detail");
	if (f->detail)
		json_string(w, f->detail);
	else
		json_null(w);
	json_key(w, "call");
	if (f->call)
		json_string(w, f->call);
	else
		json_null(w);
	if (f->sysfs) {
		json_key(w, "sysfs");
		json_string(w, f->sysfs);
	}
	json_object_end(w);
}

static void json_count(struct json_writer *w, const char *key, size_t n)
{
	json_key(w, key);
	json_uint(w, n);
}

static const char *const base_names[] = { "none", "changed", "all" };

/* --base: what was judged fully, and the files that were not */
static void json_base(struct json_writer *w,
		      const struct report_summary *summary)
{
	if (summary->base == REPORT_BASE_NONE)
		return;
	json_key(w, "base_judged");
	json_string(w, base_names[summary->base]);
	json_count(w, "unchanged_files", summary->unchanged_files);
	json_count(w, "by_base_files", summary->by_base_files);
}

void report_json(struct strbuf *out, const struct findings *findings,
		 const struct report_summary *summary)
{
	struct json_writer w;
	size_t i;

	json_writer_init(&w, out, 2);
	json_object_begin(&w);
	json_key(&w, "findings");
	json_array_begin(&w);
	for (i = 0; i < findings->nr; i++)
		json_finding(&w, &findings->items[i]);
	json_array_end(&w);
	json_key(&w, "summary");
	json_object_begin(&w);
	json_count(&w, "files", summary->files);
	json_count(&w, "call_sites", summary->call_sites);
	if (summary->judged.len) {
		json_key(&w, "judged");
		json_string(&w, summary->judged.buf);
	}
	json_count(&w, "errors", findings_count(findings, SEVERITY_ERROR));
	json_count(&w, "warnings", findings_count(findings, SEVERITY_WARNING));
	json_count(&w, "notes", findings_count(findings, SEVERITY_NOTE));
	json_key(&w, "api");
	json_string(&w, summary->api ? summary->api : "new");
	json_count(&w, "old", summary->old_calls);
	json_count(&w, "new", summary->new_calls);
	json_count(&w, "ambiguous", summary->ambiguous_calls);
	json_count(&w, "analysed_by_libclang", summary->seen_by_libclang);
	json_count(&w, "unreadable_files", summary->unreadable_files);
	json_count(&w, "binary_files", summary->binary_files);
	json_base(&w, summary);
	if (summary->migration) {
		json_key(&w, "migration");
		json_string(&w, summary->migration);
	}
	json_object_end(&w);
	json_object_end(&w);
	json_writer_finish(&w);
}

static void sarif_text(struct json_writer *w, const char *key, const char *text)
{
	json_key(w, key);
	json_object_begin(w);
	json_key(w, "text");
	json_string(w, text);
	json_object_end(w);
}

static void sarif_rules(struct json_writer *w)
{
	size_t i;

	json_key(w, "rules");
	json_array_begin(w);
	for (i = 0; i < nr_check_rules; i++) {
		const struct rule *rule = check_rules[i];

		json_object_begin(w);
		json_key(w, "id");
		json_string(w, rule->name);
		json_key(w, "name");
		json_string(w, rule->name);
		sarif_text(w, "shortDescription", rule->summary);
		sarif_text(w, "fullDescription", rule->description);
		json_key(w, "defaultConfiguration");
		json_object_begin(w);
		json_key(w, "level");
		json_string(w, severity_name(rule->severity));
		json_object_end(w);
		json_object_end(w);
	}
	json_array_end(w);
}

static void sarif_tool(struct json_writer *w,
		       const struct report_summary *summary)
{
	json_key(w, "tool");
	json_object_begin(w);
	json_key(w, "driver");
	json_object_begin(w);
	json_key(w, "name");
	json_string(w, "kmigrate");
	json_key(w, "version");
	json_string(w, summary->version ? summary->version : "unknown");
	sarif_rules(w);
	json_object_end(w);
	json_object_end(w);
}

static long rule_index(const char *name)
{
	size_t i;

	for (i = 0; i < nr_check_rules; i++)
		if (!strcmp(check_rules[i]->name, name))
			return (long)i;
	return -1;
}

static void sarif_location(struct json_writer *w, const struct finding *f)
{
	json_key(w, "locations");
	json_array_begin(w);
	json_object_begin(w);
	json_key(w, "physicalLocation");
	json_object_begin(w);
	json_key(w, "artifactLocation");
	json_object_begin(w);
	json_key(w, "uri");
	json_string(w, f->file);
	json_key(w, "uriBaseId");
	json_string(w, "%SRCROOT%");
	json_object_end(w);
	json_key(w, "region");
	json_object_begin(w);
	json_key(w, "startLine");
	json_uint(w, f->line ? f->line : 1);
	json_key(w, "startColumn");
	json_uint(w, f->column ? f->column : 1);
	json_object_end(w);
	json_object_end(w);
	json_object_end(w);
	json_array_end(w);
}

static void sarif_result(struct json_writer *w, const struct finding *f)
{
	long index = rule_index(f->rule);

	json_object_begin(w);
	json_key(w, "ruleId");
	json_string(w, f->rule);
	if (index >= 0) {
		json_key(w, "ruleIndex");
		json_int(w, index);
	}
	json_key(w, "level");
	json_string(w, severity_name(f->severity));
	if (f->detail) {
		char *text = xstrfmt("%s: %s", f->message, f->detail);

		sarif_text(w, "message", text);
		free(text);
	} else {
		sarif_text(w, "message", f->message);
	}
	sarif_location(w, f);
	if (f->sysfs) {
		json_key(w, "properties");
		json_object_begin(w);
		json_key(w, "sysfs");
		json_string(w, f->sysfs);
		json_object_end(w);
	}
	json_object_end(w);
}

void report_sarif(struct strbuf *out, const struct findings *findings,
		  const struct report_summary *summary)
{
	struct json_writer w;
	size_t i;

	json_writer_init(&w, out, 3);
	json_object_begin(&w);
	json_key(&w, "$schema");
	json_string(&w, SARIF_SCHEMA);
	json_key(&w, "version");
	json_string(&w, "2.1.0");
	json_key(&w, "runs");
	json_array_begin(&w);
	json_object_begin(&w);
	sarif_tool(&w, summary);
	json_key(&w, "properties");
	json_object_begin(&w);
	json_count(&w, "unreadable_files", summary->unreadable_files);
	json_count(&w, "binary_files", summary->binary_files);
	json_base(&w, summary);
	json_object_end(&w);
	json_key(&w, "results");
	json_array_begin(&w);
	for (i = 0; i < findings->nr; i++)
		sarif_result(&w, &findings->items[i]);
	json_array_end(&w);
	json_object_end(&w);
	json_array_end(&w);
	json_object_end(&w);
	json_writer_finish(&w);
}
