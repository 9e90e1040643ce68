/*
 * cocci-files.c - the semantic patches a command that runs spatch gives
 * it for a migration (see cocci-gen.h, cocci_files() and
 * cocci_family_file()): the migration's own, or the generated ones
 * written into the scratch directory with the isomorphisms their rules
 * can use beside them.
 */
#include <stdlib.h>

#include "cocci-gen.h"
#include "family.h"
#include "map-values.h"
#include "migration.h"
#include "scratch.h"
#include "strbuf.h"
#include "strlist.h"
#include "util.h"

/*
 * The isomorphisms the generated rules can use, out of spatch's
 * standard.iso: the rules match calls whose arguments are metavariables
 * (some typed: int and unsigned spellings), macros (MKDEV(...) holds
 * call arguments), &e, NULL and string literals; and definitions and
 * prototypes of the function, which only spatch's built-in isomorphisms
 * (storage, qualifiers) touch.  Nothing there has an operator, a test,
 * a field or a statement for the other isomorphisms to rewrite, but
 * spatch tries them all on every pattern: half of its time on a small
 * tree, and a megabyte, went to parsing the semantic patch with them.
 */
static const char generated_isos[] =
	"// The isomorphisms of kmigrate's generated semantic patch\n\n"
	"Expression\n@ drop_cast @\nexpression E;\npure type T;\n@@\n\n"
	" (T)E => E\n\n"
	"Expression\n@ paren @\nexpression E;\n@@\n\n (E) => E\n\n"
	"Type\n@ add_signed @\n@@\nint => signed int\n\n"
	"Type\n@ add_int1 @\n@@\nunsigned => unsigned int\n\n"
	"Type\n@ add_int2 @\n@@\nsigned => signed int\n\n"
	"ArgExpression\n@ zero_multiple_format @\n@@\n 0 => '\\0'\n";

/* text as scratch/NAME.cocci, with NAME.iso beside it, pushed to paths */
static int write_generated(const char *scratch, const char *name,
			   const struct strbuf *text, struct strlist *paths)
{
	char *path = xstrfmt("%s/%s.cocci", scratch, name);
	char *isos = xstrfmt("%s/%s.iso", scratch, name);
	int ret;

	ret = write_scratch_file(isos, generated_isos,
				 sizeof(generated_isos) - 1);
	if (!ret)
		ret = write_scratch_file(path, text->buf, text->len);
	if (!ret)
		strlist_push(paths, path);
	free(isos);
	free(path);
	return ret;
}

/* the migration's own semantic patches: 1 when it has some */
static int own_files(const struct migration *m, struct strlist *paths)
{
	size_t i;

	for (i = 0; i < m->cocci.nr; i++)
		strlist_push(paths, m->cocci.items[i].string);
	return m->cocci.nr > 0;
}

int cocci_files(const struct migration *m, const struct map_values *values,
		const char *scratch, struct strlist *paths)
{
	struct strbuf text = STRBUF_INIT;
	char *name;
	size_t i;
	int ret;

	if (own_files(m, paths))
		return 0;
	/* one semantic patch per variant (family.h), run in turn */
	for (i = 0, ret = 0; !ret && i < migration_nr_variants(m); i++) {
		const struct migration *v = migration_variant(m, i);

		strbuf_reset(&text);
		if (v->is_case && map_values_nr_known(values))
			cocci_generate_values(v, values, &text);
		else
			v->kind->write_cocci(v, &text);
		name = i ? xstrfmt("%s-%zu", m->name, i) : xstrdup(m->name);
		ret = write_generated(scratch, name, &text, paths);
		free(name);
	}
	strbuf_release(&text);
	return ret;
}

int cocci_family_file(const struct migration *m, const char *scratch,
		      struct strlist *paths)
{
	struct strbuf text = STRBUF_INIT;
	int ret;

	if (own_files(m, paths))
		return 0;
	cocci_generate_all(m, &text);
	ret = write_generated(scratch, m->name, &text, paths);
	strbuf_release(&text);
	return ret;
}
