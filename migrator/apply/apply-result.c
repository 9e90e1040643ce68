/*
 * apply-result.c - which calls apply converts, and the release of what
 * apply_tree() gives back (see apply.h and apply-work.h).  apply.c uses
 * both, apply-spatch.c the first, apply-memo.c the second; this file
 * uses none of them.
 */
#include <stdlib.h>
#include <string.h>

#include "apply-work.h"
#include "apply.h"
#include "call-site.h"
#include "strbuf.h"
#include "tree-walk.h"

int apply_is_convertible(const struct call_site *cs)
{
	return cs->kind == CALL_SITE_OLD && !cs->in_macro &&
	       (cs->has_args || cs->standalone) && !cs->unterminated;
}

static void left_release(struct apply_left *left)
{
	free(left->text);
	free(left->param);
	free(left->function);
}

void apply_result_release(struct apply_result *r)
{
	size_t i;

	for (i = 0; i < r->nr_files; i++) {
		free(r->files[i].path);
		strbuf_release(&r->files[i].old_text);
		strbuf_release(&r->files[i].new_text);
		free(r->files[i].failure);
	}
	free(r->files);
	for (i = 0; i < r->nr_left; i++)
		left_release(&r->left[i]);
	free(r->left);
	for (i = 0; i < r->nr_dropped; i++)
		left_release(&r->dropped[i]);
	free(r->dropped);
	tree_notes_release(&r->notes);
	memset(r, 0, sizeof(*r));
}
