/*
 * report.h - check's findings as text, JSON or SARIF 2.1.0.
 *
 * Text, like a compiler, through diag.h: per finding the line
 *	FILE:LINE:COL: SEVERITY: MESSAGE [RULE]
 * and the detail word-wrapped below it on lines indented by 8 blanks,
 * no line wider than 100 columns; at most max_findings findings, then
 * "... and N more findings".  JSON is
 * the object DESIGN.md fixes: {"findings": [{"rule", "severity", "file",
 * "line", "column", "message", "detail", "call"}], "summary": {"files",
 * "call_sites", "errors", "warnings", "notes", "api", ...,
 * "unreadable_files", "binary_files"}}.  SARIF is
 * one run of the tool "kmigrate" with every rule of rule-list.h and one
 * result per finding, located relative to %SRCROOT% (the tree).  JSON
 * and SARIF hold every finding: a cap is for eyes, not for tools.
 *
 * A finding that knows the model's verdict on its call has a "sysfs"
 * key in JSON ("/sys/class/mem/<name> dev", "error -ENODEV") and a
 * properties.sysfs in SARIF.  With -v, text also shows a note per call,
 * not a finding ("FILE:LINE:COL: note: registers /sys/class/mem/<name>
 * (dev)"), after the findings of the same place.
 *
 * The findings are written in the order given (findings_sort() first).
 * Every writer appends to a strbuf; the caller prints it.
 */
#ifndef KM_REPORT_H
#define KM_REPORT_H

#include <stddef.h>

#include "finding.h"
#include "strbuf.h"

struct report_summary {
	size_t files; /* files with call sites */
	size_t call_sites;
	size_t old_calls, new_calls, ambiguous_calls;
	size_t seen_by_libclang; /* calls libclang described */
	const char *api;	 /* "new", "old", "new (fallback)" */
	const char *migration;	 /* "class-device-parent" */
	const char *version;	 /* kmigrate's */
	size_t unreadable_files; /* unreadable-file findings */
	size_t binary_files;	 /* binary-file findings */
	/*
	 * what call_sites counts when the kind says it in its own words:
	 * "functions given to .remove" (kind.h's count_judged); empty:
	 * call sites
	 */
	struct strbuf judged;
	/*
	 * check --base: REPORT_BASE_CHANGED when only the files changed
	 * since REV were judged fully (unchanged_files more from their
	 * text), REPORT_BASE_ALL when a file other than a .c changed and
	 * every file was
	 */
	enum report_base {
		REPORT_BASE_NONE,
		REPORT_BASE_CHANGED,
		REPORT_BASE_ALL,
	} base;
	size_t unchanged_files;
	size_t by_base_files; /* changed, judged by REV's version */
};

/* give back what a filled summary holds */
void report_summary_release(struct report_summary *summary);

void report_text(struct strbuf *out, const struct findings *findings,
		 size_t max_findings);
/* one finding as report_text() writes it, its lines */
void report_finding(struct strbuf *out, const struct finding *f);
/*
 * the findings of one severity, at most max, each line after prefix;
 * without their details unless details
 */
void report_text_severity(struct strbuf *out, const struct findings *findings,
			  enum severity severity, size_t max,
			  const char *prefix, int details);
void report_json(struct strbuf *out, const struct findings *findings,
		 const struct report_summary *summary);
void report_sarif(struct strbuf *out, const struct findings *findings,
		  const struct report_summary *summary);
/* a line about a call that is not a finding (-v) */
struct report_call_note {
	const char *file;
	unsigned int line, column;
	char *text;
};

/* report_text() with notes (in file, line, column order) merged in */
void report_text_notes(struct strbuf *out, const struct findings *findings,
		       size_t max_findings,
		       const struct report_call_note *notes, size_t nr);
/* "check: N call sites in M files: E errors, W warnings, N notes\n" */
void report_summary_line(struct strbuf *out, const struct findings *findings,
			 const struct report_summary *summary);
/* the same without "check: " and the newline */
void report_summary_counts(struct strbuf *out, const struct findings *findings,
			   const struct report_summary *summary);

#endif
