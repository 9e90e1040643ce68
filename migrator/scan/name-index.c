/*
 * name-index.c - a file's declarations by name (see name-index.h): a
 * name table (name-table.h) of the names declared, filled in one pass
 * over the tokens on the first lookup.
 */
#include <stdlib.h>
#include <string.h>

#include "lexer.h"
#include "name-index.h"
#include "strbuf.h"
#include "util.h"

/* the declarations of the token's name, made when new */
static struct name_decls *decls_of(struct name_index *ix, const struct token *t)
{
	void **slot = name_table_put(&ix->table, ix->buf + t->start,
				     t->end - t->start);

	if (!*slot) {
		struct name_decls *decls = xcalloc(1, sizeof(*decls));

		strlist_init(&decls->types);
		*slot = decls;
	}
	return *slot;
}

static void build(struct name_index *ix)
{
	const struct token_list *list = ix->tokens;
	struct strbuf type = STRBUF_INIT;
	size_t i, d;

	ix->built = 1;
	for (i = 0; i < list->nr; i++)
		if (declared_type_at(list, ix->buf, i, &type))
			strlist_push(&decls_of(ix, &list->tokens[i])->types,
				     type.buf);
	for (d = 1; d <= list->nr_directives; d++) {
		size_t def = define_name(list, ix->buf, d);
		struct name_decls *decls;

		if (def == (size_t)-1 ||
		    define_is_function_like(list, ix->buf, def))
			continue;
		decls = decls_of(ix, &list->tokens[def]);
		if (!decls->define)
			decls->define = d;
	}
	strbuf_release(&type);
}

void name_index_init(struct name_index *ix, const struct token_list *tokens,
		     const char *buf)
{
	memset(ix, 0, sizeof(*ix));
	ix->tokens = tokens;
	ix->buf = buf;
}

const struct name_decls *name_index_find(struct name_index *ix,
					 const char *name)
{
	if (!ix->built)
		build(ix);
	return name_table_get(&ix->table, name, strlen(name));
}

static void free_decls(void *util)
{
	struct name_decls *decls = util;

	strlist_clear(&decls->types, 0);
	free(decls);
}

void name_index_release(struct name_index *ix)
{
	name_table_release(&ix->table, free_decls);
	memset(ix, 0, sizeof(*ix));
}
