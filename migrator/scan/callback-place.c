/*
 * callback-place.c - the "callback" kind's positional initializers
 * (callback-code.h): "static struct platform_driver d = { foo_probe,
 * foo_remove };" gives foo_remove to the member whose place in the
 * struct is the second, which only the struct's definition says.
 *
 * cb_place_learn() reads the places of the member (old and new name)
 * from a definition of the struct in a buffer (the tree's header, read
 * by callback-tree.c): one place per declarator, an unnamed struct or
 * union one.  cb_positional() lists the elements of positional
 * initializers of the struct at those places, and each initializer
 * whose places are not known.  callback-tree.c learns the places,
 * callback-site.c lists the elements.
 */
#include <string.h>

#include "callback-code.h"
#include "util.h"

/* the code token after i, skipping a bracketed group at i */
static size_t skip(const struct cb_code *c, size_t i)
{
	if ((cb_is(c, i, "(") || cb_is(c, i, "[") || cb_is(c, i, "{")) &&
	    c->match[i] != CB_NONE)
		return c->match[i] + 1;
	return i + 1;
}

/* the name a declarator [from, to) declares, as a code index, or CB_NONE */
static size_t declarator_name(const struct cb_code *c, size_t from, size_t to)
{
	size_t i, name = CB_NONE;

	for (i = from; i < to; i = skip(c, i)) {
		/* "(*remove)(...)": the name is inside the first group */
		if (cb_is(c, i, "(") && c->match[i] != CB_NONE &&
		    c->match[i] < to && cb_is(c, i + 1, "*") &&
		    cb_ident(c, c->match[i] - 1))
			return c->match[i] - 1;
		if (cb_is(c, i, ":") || cb_is(c, i, "["))
			break;
		if (cb_ident(c, i))
			name = i;
	}
	return name;
}

/* note the place of the member named at code token n */
static void note_place(const struct cb_code *c, size_t n, size_t place,
		       const struct migration_callback *cb, size_t *field,
		       size_t *new_field)
{
	if (n == CB_NONE)
		return;
	if (cb_is(c, n, cb->field))
		*field = place;
	if (cb_is(c, n, cb->new_field))
		*new_field = place;
}

/*
 * The members of the definition whose body is the brace o: the 1-based
 * places of field and new_field (0 when absent)
 */
static void read_members(const struct cb_code *c, size_t o,
			 const struct migration_callback *cb, size_t *field,
			 size_t *new_field)
{
	size_t i = o + 1, from = o + 1, place = 0, end = c->match[o];

	while (i < end) {
		if (cb_is(c, i, ",") || cb_is(c, i, ";")) {
			note_place(c, declarator_name(c, from, i), ++place, cb,
				   field, new_field);
			/* "int a, b;": b's declarator starts after the ',' */
			from = ++i;
			continue;
		}
		i = skip(c, i);
	}
}

int cb_place_learn(const struct cb_code *c, const struct migration_callback *cb,
		   size_t *field, size_t *new_field)
{
	size_t i;

	for (i = 0; i + 2 < c->nr; i++) {
		if (!cb_is(c, i, "struct") ||
		    !cb_is(c, i + 1, cb->struct_name) ||
		    !cb_is(c, i + 2, "{") || c->encl[i] != CB_NONE ||
		    c->match[i + 2] == CB_NONE)
			continue;
		*field = *new_field = 0;
		read_members(c, i + 2, cb, field, new_field);
		return 1;
	}
	return 0;
}

/* the brace o opens "struct S x = {" or "struct S x[] = {" */
static int struct_initializer(const struct cb_code *c, size_t o,
			      const char *name, int *array)
{
	size_t i = o;

	*array = 0;
	if (!o || !cb_is(c, o - 1, "="))
		return 0;
	while (i-- > 0 && !cb_is(c, i, ";") && !cb_is(c, i, "}") &&
	       !cb_is(c, i, "{") && !cb_is(c, i, ")")) {
		if (cb_is(c, i, "["))
			*array = 1;
		if (cb_is(c, i, "struct") && cb_is(c, i + 1, name))
			return 1;
	}
	return 0;
}

static void add_place(struct cb_place **out, size_t *nr, size_t *alloc,
		      size_t brace, size_t value, int new_name)
{
	ALLOC_GROW(*out, *nr + 1, *alloc);
	(*out)[*nr].brace = brace;
	(*out)[*nr].value = value;
	(*out)[(*nr)++].new_name = new_name;
}

/* the elements of the positional initializer at brace e */
static void elements(const struct cb_code *c, size_t e,
		     const struct migration_callback *cb, struct cb_place **out,
		     size_t *nr, size_t *alloc)
{
	size_t i = e + 1, end = c->match[e], place = 1;

	if (i >= end || cb_is(c, i, ".") || cb_is(c, i, "["))
		return; /* empty, or designated */
	if (!cb->field_place && !cb->new_field_place) {
		add_place(out, nr, alloc, e, CB_NONE, 0);
		return;
	}
	while (i < end) {
		if (place == cb->field_place || place == cb->new_field_place)
			add_place(out, nr, alloc, e, i,
				  place == cb->new_field_place &&
					  cb->new_field_place !=
						  cb->field_place);
		while (i < end && !cb_is(c, i, ","))
			i = skip(c, i);
		i++;
		place++;
		if (i < end && cb_is(c, i, "."))
			return; /* designated from here on */
	}
}

void cb_positional(const struct cb_code *c, const struct migration_callback *cb,
		   struct cb_place **out, size_t *nr)
{
	size_t o, i, alloc = 0;
	int array;

	*nr = 0;
	for (o = 1; o < c->nr; o++) {
		if (!cb_is(c, o, "{") || c->encl[o] != CB_NONE ||
		    c->match[o] == CB_NONE ||
		    !struct_initializer(c, o, cb->struct_name, &array))
			continue;
		if (!array) {
			elements(c, o, cb, out, nr, &alloc);
			continue;
		}
		for (i = o + 1; i < c->match[o]; i = skip(c, i))
			if (cb_is(c, i, "{") && c->match[i] != CB_NONE)
				elements(c, i, cb, out, nr, &alloc);
	}
}
