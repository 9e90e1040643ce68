/*
 * rules.h - the check rules: one plugin file each, listed once in
 * rule-list.h, run in that order on every call site.
 *
 * A rule is one file, migrator/check/rules/rule-NAME.c, with its static
 * state and one registration struct:
 *
 *	const struct rule rule_null_class = {
 *		.name = "null-class", .severity = SEVERITY_ERROR,
 *		.summary = "...", .description = "...",
 *		.check_call = check_null_class,
 *	};
 *
 * and one line RULE(null_class) in rule-list.h.  check_call() gets one
 * context, struct rule_call: the call and its analysis, its file, the
 * migration and the tree's API, and what check knows beyond the
 * analysis (rc->extra: the driver-core model's verdict, and with --base
 * or --patch the call's counterparts before the change and in the
 * semantic conversion; NULL for a call check did not run on the model).
 * It adds findings; one finding per problem: a rule that reports marks
 * the arguments (or the whole call) it explained, and later rules skip
 * what is explained (findings_explained()).  Rules never name the
 * migrated function or a kernel type: what a parameter is comes from
 * the prototype of the call's form (call_prototype()), how the call
 * changes from the migration's map, what NULL does from its "not-null"
 * entries.  A tree rule (what the tree holds rather than what a call
 * does: a file that cannot be read) sets .check_tree instead, which
 * runs once, before the calls, on the scan of the tree and its notes.
 *
 * The helpers below (implemented in rules.c) are what rules share.
 */
#ifndef KM_RULES_H
#define KM_RULES_H

#include <stddef.h>

#include "c-type.h"
#include "clang-analysis.h"
#include "finding.h"
#include "migration.h"
#include "strbuf.h"
#include "tree-api.h"

struct call_extra;
struct scan_result;

/* what a rule reads of one call */
struct rule_call {
	const struct call_analysis *call; /* the call, its analysis */
	const struct call_extra *extra;	  /* check.h; NULL: none */
	const struct analysed_file *file;
	const struct migration *m;
	const struct tree_api *api;
};

struct rule {
	const char *name; /* the stable id: "null-class" */
	enum severity severity;
	const char *summary;	 /* one line (SARIF shortDescription) */
	const char *description; /* what and why (fullDescription) */
	/* a call rule: on every call; NULL for a tree rule */
	void (*check_call)(const struct rule_call *rc,
			   struct findings *findings);
	/*
	 * a tree rule: once, on the scan of the tree by the migration;
	 * NULL for a call rule
	 */
	void (*check_tree)(const struct scan_result *scan,
			   const struct migration *m,
			   struct findings *findings);
};

#define RULE(name) extern const struct rule rule_##name;
#include "rule-list.h"
#undef RULE

/* every rule, in run order */
extern const struct rule *const check_rules[];
extern const size_t nr_check_rules;

/* the prototype the call's form is checked against */
const struct migration_prototype *call_prototype(const struct rule_call *rc);
/* the call is checked against the new prototype */
int call_is_new_form(const struct rule_call *rc);
/* 1-based position of the call's format argument; 0: none */
int call_format_position(const struct rule_call *rc);
/* the argument at a 1-based position, or NULL */
const struct call_argument *call_arg(const struct call_analysis *call,
				     int argno);
/*
 * A null pointer constant: NULL, 0, (void *)0.  A null pointer cast to
 * another pointer type (THIS_MODULE as ((struct module *)0)) is not: it
 * has that type.
 */
int arg_is_null_constant(const struct call_argument *arg);
/* the type the rules judge an argument by (canonical when known) */
const char *arg_judged_type(const struct call_argument *arg);
/* "" or " (type from the file's declaration; libclang could not ...)" */
const char *arg_fallback_note(const struct call_argument *arg);
/*
 * f rests on arg's type: a type the text gave (the file's declaration of
 * a name, which may be another scope's, or the expression's form) makes
 * an error a warning; only libclang's type is sure enough to fail a gate
 */
void finding_rests_on_type(struct finding *f, const struct call_argument *arg);
/* "class" for "struct class *cls", else the parameter's name; in buf */
const char *param_role(const struct migration_param *param, char *buf,
		       size_t size);
/* the argument's text on one line, shortened: "MKDEV(FB_MAJOR, i)" */
const char *arg_display(const struct call_argument *arg, char *buf,
			size_t size);
/* "struct class_device *parent" */
const char *param_display(const struct migration_param *param, char *buf,
			  size_t size);
/*
 * The migration's words for what a NULL does at argno of the call's
 * form ("not-null"), with "{created}" replaced by created (or
 * "<class>"); NULL when the parameter is no "not-null" one or the
 * migration does not say.  *must (may be NULL) is set when it is one.
 * The caller frees it.
 */
char *null_effect(const struct rule_call *rc, int argno, const char *created,
		  int *must);
/*
 * How to convert an old-form call as the map says, in words:
 * "insert 'NULL' as argument 2 (struct class_device *parent) after
 * 'cls'", "remove argument 1 'THIS_MODULE' (owner)", joined with "; ".
 */
void describe_conversion(const struct rule_call *rc, struct strbuf *out);
/* the same backwards: a new-form call made old again */
void describe_reversal(const struct rule_call *rc, struct strbuf *out);

/*
 * The first of the call's arguments (1-based) whose type is known and
 * does not fit proto's parameter at its position; 0: none.  Only the
 * arguments up to proto's fixed parameters are read, whatever their
 * number.  An argument libclang could not type in a call it saw is not
 * judged (arg_type_unknown()).
 */
size_t first_misfit(const struct call_analysis *call,
		    const struct migration_prototype *proto);
/* libclang saw the call but could not give this argument a type */
int arg_type_unknown(const struct call_analysis *call,
		     const struct call_argument *arg);
/*
 * Converting the call as the map says gives a valid call of the new
 * prototype: no inserted value where the call already passes it, each
 * argument's type fitting its new parameter.  0, with why in words
 * appended to why (may be NULL): "it already passes 'NULL' as argument
 * 2", "'MKDEV(1, 2)' (a unsigned int) would be argument 4 (struct
 * device *device)".
 */
int conversion_is_valid(const struct rule_call *rc, struct strbuf *why);

/* a finding of rule at the call's function name, with the call's text */
__attribute__((format(printf, 4, 5))) struct finding *
call_finding(struct findings *findings, const struct rule_call *rc,
	     const struct rule *rule, const char *fmt, ...);

/*
 * A tree rule's finding at each standalone occurrence of the scan that
 * pick takes: "'FUNCTION' what", the occurrence's text as the call and
 * detail()'s words, from the occurrence and the migration m, as the
 * detail (a kind's own occurrences: callback)
 */
void site_findings(const struct scan_result *scan, const struct migration *m,
		   struct findings *findings, const struct rule *rule,
		   int (*pick)(const struct call_site *cs), const char *what,
		   void (*detail)(struct strbuf *why,
				  const struct call_site *cs,
				  const struct migration *m));

#endif
