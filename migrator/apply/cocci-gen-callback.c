/*
 * cocci-gen-callback.c - the "callback" kind's semantic patch, made from
 * its data (callback.h): the functions given to the member (in an
 * initializer of a variable of the struct or of an array of them, through
 * a wrapper, or by an assignment), with the member's old prototype, no
 * call that uses their result and (unless errors are dropped) no return
 * of another value than success; their returns, return type and
 * declarations converted, and the member renamed when the data renames
 * it.  A function with the new prototype already (form_new), given to
 * the old member in an initializer and returning no value, has only its
 * member renamed.  It decides as callback-site.c does, so apply's
 * cross-check finds every function kmigrate converts converted.  Every
 * return of success becomes "return;", the body's last one too:
 * spatch's control flow
 * cannot tell it from one that ends a nested block (both go to the
 * function's end), and apply drops it (callback-convert.c).  The
 * converting rules run with -D patch only; -D report and -D org name each
 * function at its member, definition and declarations, with its verdict
 * (converted, or left and why), as make coccicheck MODE=report prints.
 */
#include <stdlib.h>
#include <string.h>

#include "callback-convert.h"
#include "callback-site.h"
#include "callback.h"
#include "scan.h"
#include "strbuf.h"
#include "util.h"

#define OK "form && !bad && !used2"
#define NEW_OK "form_new && !bad_new"

/* the member's value, "fn" or "fn@p", in each form it takes */
static void value_forms(const struct migration_callback *cb, struct strbuf *out,
			const char *lead, const char *tail, const char *field,
			const char *minus, const char *fn)
{
	size_t i;

	strbuf_addf(out, "%s%s%s = %s%s", lead, minus, field, fn, tail);
	strbuf_addf(out, "|\n%s%s%s = &%s%s", lead, minus, field, fn, tail);
	for (i = 0; i < cb->wrappers.nr; i++)
		strbuf_addf(out, "|\n%s%s%s = %s(%s)%s", lead, minus, field,
			    cb->wrappers.items[i].string, fn, tail);
}

/* every initializer that gives a function the member, "|"-separated */
static void init_sites(const struct migration_callback *cb, struct strbuf *out,
		       const char *fn)
{
	const char *s = cb->struct_name, *f = cb->field;
	struct strbuf lead = STRBUF_INIT;

	strbuf_addf(&lead, "struct %s d = { ..., ", s);
	value_forms(cb, out, lead.buf, ", ... };\n", f, ".", fn);
	strbuf_reset(&lead);
	strbuf_addf(&lead, "struct %s d[] = { ..., { ..., ", s);
	strbuf_addstr(out, "|\n");
	value_forms(cb, out, lead.buf, ", ... }, ... };\n", f, ".", fn);
	strbuf_release(&lead);
}

/*
 * every way a function is given to the member, "|"-separated; the
 * assignments first: spatch 1.1.1 misses them after the initializers
 */
static void sites(const struct migration_callback *cb, struct strbuf *out,
		  const char *fn)
{
	const char *f = cb->field;

	strbuf_addf(out, "E->%s = %s;\n|\nE.%s = %s;\n|\n", f, fn, f, fn);
	init_sites(cb, out, fn);
}

/* rule name: fn is defined with prototype p */
static void form_rule(struct strbuf *out, const char *name,
		      const struct migration_prototype *p)
{
	size_t i;

	strbuf_addf(out, "@%s@\nidentifier site.fn;\n", name);
	for (i = 0; i < p->nr_params; i++)
		strbuf_addf(out, "identifier p%zu;\n", i + 1);
	strbuf_addf(out, "@@\n%s fn(", p->return_type);
	for (i = 0; i < p->nr_params; i++)
		strbuf_addf(out, "%s%s p%zu", i ? ", " : "", p->params[i].type,
			    i + 1);
	strbuf_addstr(out, ") { ... }\n\n");
}

/*
 * a function with the new prototype already, given to the old member:
 * form_new, and bad_new when it returns a value all the same
 */
static void new_form_rules(const struct migration_callback *cb,
			   struct strbuf *out)
{
	form_rule(out, "form_new", &cb->new_proto);
	strbuf_addf(out,
		    "@bad_new@\nidentifier site.fn;\nexpression E;\n@@\n"
		    "%s fn(...) { <+... return E; ...+> }\n\n",
		    cb->new_proto.return_type);
}

static void find_rules(const struct migration_callback *cb, struct strbuf *out)
{
	const struct migration_prototype *p = &cb->old_proto;

	strbuf_addstr(out, "@site@\nidentifier d, fn;\nexpression E;\n@@\n"
			   "(\n");
	sites(cb, out, "fn");
	strbuf_addstr(out, ")\n\n");
	form_rule(out, "form", p);
	if (callback_renames(cb))
		new_form_rules(cb, out);
	strbuf_addstr(out, "@bad@\nidentifier site.fn;\n");
	if (cb->drop_errors)
		/* an error return that stays as a statement where none fits */
		strbuf_addf(out,
			    "expression C, F;\nexpression list es;\n"
			    "statement S;\n@@\n%s fn(...) { <+...\n(\n"
			    "if (C) return F(es);\n|\n"
			    "if (C) return F(es); else S\n|\n"
			    "if (C) S else return F(es);\n)\n...+> }\n",
			    p->return_type);
	else
		strbuf_addf(out,
			    "expression E != %s;\n@@\n"
			    "%s fn(...) { <+... return E; ...+> }\n",
			    cb->success, p->return_type);
	strbuf_addstr(out, "\n@used@\nidentifier site.fn;\nposition p;\n@@\n"
			   "(\n fn(...);\n|\n fn@p(...)\n)\n\n"
			   "@used2@\nidentifier site.fn;\n"
			   "position used.p;\n@@\n fn@p(...)\n\n");
}

/*
 * "errors: drop": an error return's value goes, or stays as a statement
 * when it is a call, before a "return;"
 */
static void drop_rules(const struct migration_callback *cb, struct strbuf *out)
{
	const char *rt = cb->old_proto.return_type;

	strbuf_addf(out,
		    "@depends on patch && " OK "@\nidentifier site.fn;\n"
		    "expression F;\nexpression list es;\n@@\n"
		    "%s fn(...) {\n <...\n-return F(es);\n+F(es);\n"
		    "+return;\n ...>\n }\n\n",
		    rt);
	strbuf_addf(out,
		    "@depends on patch && " OK "@\nidentifier site.fn;\n"
		    "expression E;\n@@\n"
		    "%s fn(...) {\n <...\n-return E;\n+return;\n ...>\n }\n\n",
		    rt);
}

static void convert_rules(const struct migration_callback *cb,
			  struct strbuf *out)
{
	const char *rt = cb->old_proto.return_type, *ok = cb->success;

	/*
	 * no rule removes a body's only "return 0;": spatch would take the
	 * comments before it along; apply drops the "return;" it becomes
	 */
	strbuf_addf(out,
		    "@depends on patch && " OK "@\nidentifier site.fn;\n@@\n"
		    "%s fn(...) {\n <...\n-return %s;\n+return;\n ...>\n }\n\n",
		    rt, ok);
	if (cb->drop_errors)
		drop_rules(cb, out);
	strbuf_addf(out,
		    "@depends on patch && " OK "@\nidentifier site.fn;\n@@\n"
		    "-%s\n+%s\n fn(...) { ... }\n\n",
		    rt, cb->new_proto.return_type);
	strbuf_addf(out,
		    "@depends on patch && " OK "@\nidentifier site.fn;\n@@\n"
		    "-%s\n+%s\n fn(...);\n",
		    rt, cb->new_proto.return_type);
}

/*
 * the member renamed where a function the condition when holds is
 * given to it; by an assignment too when assignments
 */
static void rename_rule(const struct migration_callback *cb, struct strbuf *out,
			const char *when, int assignments)
{
	const char *s = cb->struct_name, *f = cb->field, *n = cb->new_field;
	struct strbuf minus = STRBUF_INIT, lead = STRBUF_INIT;

	strbuf_addf(out,
		    "\n@depends on patch && %s@\nidentifier d, site.fn;\n"
		    "expression E;\n@@\n(\n",
		    when);
	if (assignments) {
		strbuf_addf(out, "-E->%s = fn;\n+E->%s = fn;\n|\n", f, n);
		strbuf_addf(out, "-E.%s = fn;\n+E.%s = fn;\n|\n", f, n);
	}
	strbuf_addf(&minus, "\n-.%s\n+.%s\n", f, n);
	strbuf_addf(&lead, "struct %s d = { ...,", s);
	value_forms(cb, out, lead.buf, ", ... };\n", "", minus.buf, "fn");
	strbuf_reset(&lead);
	strbuf_addf(&lead, "struct %s d[] = { ..., { ...,", s);
	strbuf_addstr(out, "|\n");
	value_forms(cb, out, lead.buf, ", ... }, ... };\n", "", minus.buf,
		    "fn");
	strbuf_addstr(out, ")\n");
	strbuf_release(&minus);
	strbuf_release(&lead);
}

/* ---- the modes that print: report and org ---- */

/* where each function is given, defined and declared */
static void position_rules(const struct migration_callback *cb,
			   struct strbuf *out)
{
	const char *rt = cb->old_proto.return_type;

	strbuf_addstr(out, "\n@site_at depends on org || report@\n"
			   "identifier d, site.fn;\nexpression E;\n"
			   "position p;\n@@\n(\n");
	sites(cb, out, "fn@p");
	strbuf_addf(out,
		    ")\n\n@def_at depends on org || report@\n"
		    "identifier site.fn;\nposition p;\n@@\n"
		    "%s fn@p(...) { ... }\n\n"
		    "@decl_at depends on org || report@\n"
		    "identifier site.fn;\nposition p;\n@@\n"
		    "%s fn@p(...);\n",
		    rt, rt);
	/*
	 * where a function that is not the member's is named: an
	 * assignment only to a pointer or a variable of the struct's type,
	 * so that another struct's member of the same name is none
	 */
	strbuf_addf(out,
		    "\n@site_typed_at depends on org || report@\n"
		    "identifier d, site.fn;\nstruct %s *P;\nstruct %s V;\n"
		    "position p;\n@@\n(\nP->%s = fn@p;\n|\nV.%s = fn@p;\n|\n",
		    cb->struct_name, cb->struct_name, cb->field, cb->field);
	init_sites(cb, out, "fn@p");
	strbuf_addstr(out, ")\n");
	if (!callback_renames(cb))
		return;
	strbuf_addstr(out, "\n@site_new_at depends on org || report@\n"
			   "identifier d, site.fn;\nposition p;\n@@\n(\n");
	init_sites(cb, out, "fn@p");
	strbuf_addstr(out, ")\n");
}

/* one script rule of a mode: FN(): MESSAGE at each position of RULE */
static void print_rule(struct strbuf *out, const char *mode, const char *when,
		       const char *rule, const char *message)
{
	const char *print = strcmp(mode, "report") ?
				    "coccilib.org.print_todo" :
				    "coccilib.report.print_report";

	strbuf_addf(out,
		    "\n@script:python depends on %s && %s@\n"
		    "fn << site.fn;\np << %s.p;\n@@\n\n"
		    "%s(p[0], \"%%s(): %s\" %% fn)\n",
		    mode, when, rule, print, message);
}

/* a function with the new prototype already, given to the old member */
static void print_new_rules(const struct migration_callback *cb,
			    struct strbuf *out, const char *mode)
{
	char *rename = xstrfmt("has the new prototype already: given to "
			       ".%s of struct %s",
			       cb->new_field, cb->struct_name);

	print_rule(out, mode, "!form && !form_new", "site_typed_at",
		   "not defined in this file with the old prototype: left");
	print_rule(out, mode, NEW_OK, "site_new_at", rename);
	print_rule(out, mode, "form_new && bad_new", "site_at",
		   "has the new prototype but returns a value: left");
	free(rename);
}

static void print_rules(const struct migration_callback *cb, struct strbuf *out)
{
	static const char *const modes[] = { "report", "org" };
	static const char *const at[] = { "site_at", "def_at", "decl_at" };
	char *convert, *bad;
	size_t k, r;

	convert = xstrfmt("returns only %s: it becomes %s, given to .%s of "
			  "struct %s",
			  cb->success, cb->new_proto.return_type, cb->new_field,
			  cb->struct_name);
	bad = cb->drop_errors ?
		      xstrdup("returns an error where no statement can "
			      "stay: left") :
		      xstrfmt("returns another value than %s: left",
			      cb->success);
	for (k = 0; k < ARRAY_SIZE(modes); k++) {
		for (r = 0; r < ARRAY_SIZE(at); r++)
			print_rule(out, modes[k], OK, at[r], convert);
		if (callback_renames(cb))
			print_new_rules(cb, out, modes[k]);
		else
			print_rule(out, modes[k], "!form", "site_typed_at",
				   "not defined in this file with the old "
				   "prototype: left");
		print_rule(out, modes[k], "form && bad", "site_at", bad);
		print_rule(out, modes[k], "form && !bad && used2", "site_at",
			   "also called and its result used: left");
	}
	free(convert);
	free(bad);
}

void cocci_generate_callback(const struct migration *m, struct strbuf *out)
{
	const struct migration_callback *cb = migration_callback(m);

	strbuf_addf(out,
		    "// SPDX-License-Identifier: GPL-2.0-only\n"
		    "/// %s: every function given to .%s of struct %s gets "
		    "the member's new prototype\n"
		    "///\n// Generated by kmigrate from the migration's "
		    "data.\n// Confidence: Moderate\n"
		    "// Options: --no-includes --include-headers\n\n"
		    "virtual patch\nvirtual org\nvirtual report\n\n",
		    m->name, cb->field, cb->struct_name);
	find_rules(cb, out);
	convert_rules(cb, out);
	if (callback_renames(cb)) {
		rename_rule(cb, out, OK, 1);
		rename_rule(cb, out, NEW_OK, 0);
	}
	position_rules(cb, out);
	print_rules(cb, out);
}

/* site i of file is the first to convert of its function */
static int first_of(const struct scan_file *file, size_t i)
{
	size_t k;

	for (k = 0; k < i; k++)
		if (file->sites[k].kind == CALL_SITE_OLD &&
		    !strcmp(file->sites[k].local_name,
			    file->sites[i].local_name))
			return 0;
	return 1;
}

/* the file gives fn to the member */
static int gives(const struct scan_file *file, const char *fn)
{
	size_t k;

	for (k = 0; k < file->nr_sites; k++)
		if (!strcmp(file->sites[k].local_name, fn) &&
		    callback_site_at_member(&file->sites[k]))
			return 1;
	return 0;
}

void cocci_callback_context(const struct migration *m,
			    const struct scan_file *file, const char *buf,
			    size_t len, struct strbuf *out)
{
	const struct migration_callback *cb = migration_callback(m);
	const struct migration_prototype *p = &cb->old_proto;
	size_t i, k;

	for (i = 0; i < file->nr_sites; i++) {
		const char *fn = file->sites[i].local_name;

		if (file->sites[i].kind != CALL_SITE_OLD || !first_of(file, i))
			continue;
		if (!gives(file, fn))
			strbuf_addf(out,
				    "static struct %s kmigrate_given_%s = "
				    "{ .%s = %s, };\n",
				    cb->struct_name, fn, cb->field, fn);
		if (callback_defines(m, buf, len, fn))
			continue;
		strbuf_addf(out, "%s %s(", p->return_type, fn);
		for (k = 0; k < p->nr_params; k++)
			strbuf_addf(out, "%s%s kmigrate_p%zu", k ? ", " : "",
				    p->params[k].type, k + 1);
		strbuf_addf(out, ")\n{\n\treturn %s;\n}\n", cb->success);
	}
}
