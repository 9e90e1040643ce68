/*
 * cocci-rules.h - what the parts of the semantic patch generator share,
 * they only; callers use cocci-gen.h:
 *
 *	cocci-evidence.c	the evidence for each form, as SmPL branches
 *	cocci-edit.c		the patch rule: the new-call map as SmPL;
 *				the metavariables and lines of any rule
 *	cocci-form.c		the rules that sort the calls by form
 *	cocci-gen.c		the text: header, modes, and the API
 *	cocci-value.c		a case's rule of the values apply knows
 *	cocci-case-print.c	the rules a case's modes print: each call
 *				once, as the case its arguments choose
 *	cocci-files.c		the files a spatch run takes (cocci_files())
 *
 * Caller's steps (cocci-gen.c): fill m, old, new, fn and renames of a
 * struct cocci_gen, cocci_evidence_build(), write the rules from it,
 * cocci_evidence_release().
 */
#ifndef KM_COCCI_RULES_H
#define KM_COCCI_RULES_H

#include <stddef.h>

#include "evidence.h"
#include "strlist.h"

struct map_values;
struct migration;
struct migration_prototype;
struct strbuf;

/* an argument pattern: what a branch puts at one position */
struct pattern {
	char *decl;  /* its metavariable's declaration, or NULL */
	char *text;  /* the SmPL expression */
	char *words; /* for the header: "NULL", "a dev_t" */
	struct evidence ev;
};

struct pattern_list {
	struct pattern *items;
	size_t nr, alloc;
};

/* a type whose values a typed metavariable matches */
struct typed_kind {
	char *type; /* normalised: "char *", "dev_t" */
	char *smpl; /* the metavariable's type: "{char *, const char *}" */
};

/* the branches of one evidence rule, and what they need declared */
struct evidence_rule {
	struct strlist branches; /* "f@p(e1, NULL, ...)" */
	struct strlist decls;	 /* metavariable declarations */
	struct strlist words;	 /* header lines */
	size_t nr_exprs;	 /* e1 .. eN used */
};

/* what the generator works on: the migration and its evidence */
struct cocci_gen {
	const struct migration *m;
	const struct migration_prototype *old, *new;
	const char *fn;		    /* the old name, the one matched */
	struct pattern_list common; /* the same at every position */
	struct typed_kind *typed;   /* the types a value may be known as */
	size_t nr_typed, alloc_typed;
	struct evidence_rule new_form, old_evidence;
	/*
	 * a literal at one form's format position, and the literals that
	 * rule that out (evidence.h's tier 2)
	 */
	struct evidence_rule fmt_old, fmt_new, literal_vs_old, literal_vs_new;
	int renames;
	/*
	 * a case's: values known from outside the text (map-values.h),
	 * which value_form offers (cocci-value.c); NULL: none
	 */
	const struct map_values *values;
};

/* "a" or "an" before word */
const char *cocci_article(const char *word);

/* the evidence rules of g, from its migration; released with g */
void cocci_evidence_build(struct cocci_gen *g);
void cocci_evidence_release(struct cocci_gen *g);

/* "expression e, e1, e3;": the ones of e, e1 .. eN that code uses */
void cocci_add_exprs(struct strbuf *out, const char *code, size_t nr);
/* each line of lines, ended by a newline, into out */
void cocci_join_lines(struct strbuf *out, const struct strlist *lines);

/*
 * The rules that sort the calls: evidence, old_form, new_only,
 * ambiguous, shadowed, and those of a "where:" context (cocci-form.c)
 */
void cocci_add_form_rules(struct strbuf *out, const struct cocci_gen *g);
/* the rule of the calls "where:" leaves ("result_used"), or NULL */
const char *cocci_context_rule(const struct migration *m);

/*
 * the rule that converts an old-form call, from the map: those of
 * value_form, with g->values
 */
void cocci_add_patch_rule(struct strbuf *out, const struct cocci_gen *g);
/*
 * Old argument arg (1-based) as the patch rule spells it (cocci-case.c):
 * "e2", or the literal a case's condition "$2 == 0" fixes it to
 */
char *cocci_old_arg(const struct migration *m, size_t arg);
/* the condition "$arg == VALUE" of m, or NULL (cocci-case.c) */
const char *cocci_case_value(const struct migration *m, size_t arg);
/*
 * The value of old argument arg must be known to choose m: a case of
 * its function up to m has a condition on it that an unknown value
 * leaves open (not "if known")
 */
int cocci_case_must_know(const struct migration *m, size_t arg);
/* "e3", or "c3" when a case needs its value known (a constant) */
char *cocci_arg_name(const struct migration *m, size_t arg);
/*
 * The rule value_form (cocci-value.c): the old-form calls whose
 * arguments spell what g's case asks, g->values' texts included
 */
void cocci_add_value_rule(struct strbuf *out, const struct cocci_gen *g);
/*
 * A case's rules of the calls it prints (cocci-case-print.c):
 * "case_form.q", the old-form calls its arguments choose it for, and in
 * the function's last case "no_case.q", those no case takes; nothing
 * for a migration without cases
 */
void cocci_add_case_print_rules(struct strbuf *out, const struct migration *m);
/* m prints the calls all its function's cases list alike: not a later case */
int cocci_case_prints_all(const struct migration *m);
/* m is the last case of its function */
int cocci_case_is_last(const struct migration *m);
/* what the modes say of a call no case takes */
char *cocci_no_case_message(const struct migration *m);
/* "constant c3;" for each of c1 .. cN code uses */
void cocci_add_constants(struct strbuf *out, const char *code, size_t nr);

#endif
