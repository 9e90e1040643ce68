/*
 * cocci-files.c - the semantic patches a command that runs spatch gives
 * it for a migration (see cocci-gen.h, cocci_files()): the migration's
 * own, or the generated one written into the scratch directory with the
 * isomorphisms its rules can use beside it.
 */
#include <stdlib.h>

#include "cocci-gen.h"
#include "family.h"
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

int cocci_files(const struct migration *m, const char *scratch,
		struct strlist *paths)
{
	struct strbuf text = STRBUF_INIT;
	char *path, *isos;
	size_t i;
	int ret;

	if (m->cocci.nr) {
		for (i = 0; i < m->cocci.nr; i++)
			strlist_push(paths, m->cocci.items[i].string);
		return 0;
	}
	/* one semantic patch per variant (family.h), run in turn */
	for (i = 0, ret = 0; !ret && i < migration_nr_variants(m); i++) {
		const struct migration *v = migration_variant(m, i);

		strbuf_reset(&text);
		v->kind->write_cocci(v, &text);
		path = i ? xstrfmt("%s/%s-%zu.cocci", scratch, m->name, i) :
			   xstrfmt("%s/%s.cocci", scratch, m->name);
		isos = i ? xstrfmt("%s/%s-%zu.iso", scratch, m->name, i) :
			   xstrfmt("%s/%s.iso", scratch, m->name);
		ret = write_scratch_file(isos, generated_isos,
					 sizeof(generated_isos) - 1);
		if (!ret)
			ret = write_scratch_file(path, text.buf, text.len);
		if (!ret)
			strlist_push(paths, path);
		free(isos);
		free(path);
	}
	strbuf_release(&text);
	return ret;
}
