/*
 * output-format.h - the output formats of scan and check: one table of
 * {name, writer} each, one lookup.
 *
 * A command's --format names a row of its table: scan_formats (text,
 * json) or check_formats (text, json, sarif).  Every writer has the same
 * shape: it appends the command's result, as struct report_input holds
 * it, to a strbuf the caller prints; a format reads the fields its
 * command fills and no others.  The bytes are the ones DESIGN.md and
 * report.h fix: scan's text is "FILE:LINE:COL: KIND TEXT" per
 * occurrence and its JSON {"call_sites": [...], "summary": {...}};
 * check's are report.h's text (with -v, a note per call merged in),
 * JSON and SARIF.  check --verdicts is a writer of the same shape
 * outside the table (it is an option, not a --format).
 *
 * output_format_find() is the one lookup: an unknown name is a usage
 * error (exit 2) that lists the table's names.
 *
 * Caller's steps: fmt = output_format_find(check_formats, name,
 * "check"); fill a struct report_input; fmt->write(&out, &in); print
 * out.
 */
#ifndef KM_OUTPUT_FORMAT_H
#define KM_OUTPUT_FORMAT_H

#include <stddef.h>

#include "strbuf.h"

struct check_result;
struct migration;
struct report_summary;
struct scan_result;

struct report_input {
	const struct migration *migration;
	const struct scan_result *scan;	  /* scan's formats */
	const struct check_result *check; /* check's formats */
	size_t max_findings;		  /* check's text: at most that many */
	int call_notes;			  /* check's text: a note per call */
};

struct output_format {
	const char *name;
	void (*write)(struct strbuf *out, const struct report_input *in);
};

/* the tables end with a row whose name is NULL */
extern const struct output_format scan_formats[];
extern const struct output_format check_formats[];
/* check --verdicts: "FILE:LINE: VERDICT" per call (model-call.h) */
extern const struct output_format check_verdicts;

/* the row named name; else "unknown format 'NAME': use A, B or C", exit 2 */
const struct output_format *
output_format_find(const struct output_format *formats, const char *name,
		   const char *cmd);

/* check's summary of a result (report.h): counts, API, migration, version */
void check_report_summary(struct report_summary *s,
			  const struct check_result *r,
			  const struct migration *m);

#endif
