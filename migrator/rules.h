/*
 * rules.h - the check rules: one plugin file each, listed once in
 * rule-list.h, run in that order on every call site.
 *
 * A rule is one file, migrator/rule-NAME.c, with its static state and one
 * registration struct:
 *
 *	const struct rule rule_null_class = {
 *		.name = "null-class", .severity = SEVERITY_ERROR,
 *		.summary = "...", .description = "...",
 *		.check_call = check_null_class,
 *	};
 *
 * and one line RULE(null_class) in rule-list.h.  A tree rule (what the
 * tree holds rather than what a call does: a file that cannot be read)
 * sets .check_tree instead, which runs once, before the calls, on the
 * scan of the tree and its notes.  check_call() reads the
 * call's analysis and adds findings; one finding per problem: a rule that
 * reports marks the arguments (or the whole call) it explained, and later
 * rules skip what is explained (findings_explained()).  Rules never name
 * the migrated function: parameter roles come from the migration's
 * prototypes (call_prototype(), the new argument's position, the format
 * position) and from its check hints.  What the driver-core model does
 * with the call, and with --base or --patch the call's counterparts
 * before the change and in the semantic conversion, come from
 * call_extra() (check.h); it is NULL for a call check did not analyse.
 *
 * The helpers below (implemented in check.c) are what rules share.
 */
#ifndef KM_RULES_H
#define KM_RULES_H

#include <stddef.h>

#include "clang-analysis.h"
#include "finding.h"
#include "migration.h"
#include "tree-api.h"

struct scan_result;

struct rule {
	const char *name;		/* the stable id: "null-class" */
	enum severity severity;
	const char *summary;		/* one line (SARIF shortDescription) */
	const char *description;	/* what and why (fullDescription) */
	/* a call rule: on every call; NULL for a tree rule */
	void (*check_call)(const struct call_analysis *call,
			   struct findings *findings);
	/* a tree rule: once, on the scan of the tree; NULL for a call rule */
	void (*check_tree)(const struct scan_result *scan,
			   struct findings *findings);
};

#define RULE(name) extern const struct rule rule_##name;
#include "rule-list.h"
#undef RULE

/* every rule, in run order */
extern const struct rule *const check_rules[];
extern const size_t nr_check_rules;
/* the rule named name, or NULL */
const struct rule *rule_find(const char *name);

/* the prototype the call's form is checked against */
const struct migration_prototype *call_prototype(
	const struct call_analysis *call);
/* 1-based position of the call's format argument; 0: none */
int call_format_position(const struct call_analysis *call);
/* the argument at a 1-based position, or NULL */
const struct call_argument *call_arg(const struct call_analysis *call,
				     int argno);
/* the type the rules judge an argument by (canonical when known) */
const char *arg_judged_type(const struct call_argument *arg);
/* "" or " (type from the file's declaration; libclang could not ...)" */
const char *arg_fallback_note(const struct call_argument *arg);
/* "class" for "struct class *cls", else the parameter's name; in buf */
const char *param_role(const struct migration_param *param, char *buf,
		       size_t size);
/* the argument's text on one line, shortened: "MKDEV(FB_MAJOR, i)" */
const char *arg_display(const struct call_argument *arg, char *buf,
			size_t size);
/* "struct class_device *parent" */
const char *param_display(const struct migration_param *param, char *buf,
			  size_t size);
/* the argument that must not be NULL (check_hints), 0: none */
int null_argument(const struct call_analysis *call);
/*
 * The migration's words for what a NULL at argno does (check_hints),
 * with "{created}" replaced by created (or "<class>"); NULL when the
 * migration does not say.  The caller frees it.
 */
char *null_effect(const struct call_analysis *call, int argno,
		  const char *created);

/* a finding of rule at the call's function name, with the call's text */
__attribute__((format(printf, 4, 5)))
struct finding *call_finding(struct findings *findings,
			     const struct call_analysis *call,
			     const struct rule *rule, const char *fmt, ...);

#endif
