/*
 * map-values.c - argument values known from outside the call's text
 * (see map-values.h).
 */
#include <ctype.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "map-values.h"
#include "strbuf.h"
#include "strlist.h"
#include "util.h"

int map_text_encloses(const char *text, size_t len)
{
	size_t i, depth = 0;

	if (len < 2 || text[0] != '(' || text[len - 1] != ')')
		return 0;
	for (i = 0; i < len; i++) {
		if (text[i] == '(')
			depth++;
		else if (text[i] == ')' && !--depth)
			return i == len - 1;
	}
	return 0;
}

/* a blank between a and b must stay: two words, or "- -" */
static int blank_needed(char a, char b)
{
	return (is_c_ident_char(a) && is_c_ident_char(b)) ||
	       (ispunct((unsigned char)a) && a == b);
}

char *map_values_key(const char *text, size_t len)
{
	struct strbuf key = STRBUF_INIT;
	size_t i;

	for (;;) {
		while (len && isspace((unsigned char)*text))
			text++, len--;
		while (len && isspace((unsigned char)text[len - 1]))
			len--;
		if (!map_text_encloses(text, len))
			break;
		text++;
		len -= 2;
	}
	for (i = 0; i < len; i++) {
		if (!isspace((unsigned char)text[i])) {
			strbuf_addch(&key, text[i]);
			continue;
		}
		while (i + 1 < len && isspace((unsigned char)text[i + 1]))
			i++;
		if (key.len && i + 1 < len &&
		    blank_needed(key.buf[key.len - 1], text[i + 1]))
			strbuf_addch(&key, ' ');
	}
	return strbuf_detach(&key, NULL);
}

static struct map_value *find(const struct map_values_file *f, const char *key)
{
	size_t i;

	for (i = 0; f && i < f->nr; i++)
		if (!strcmp(f->items[i].text, key))
			return &f->items[i];
	return NULL;
}

const struct map_values_file *map_values_file(const struct map_values *v,
					      const char *path)
{
	size_t i;

	for (i = 0; v && path && i < v->nr; i++)
		if (!strcmp(v->files[i].path, path))
			return &v->files[i];
	return NULL;
}

static struct map_values_file *file_for(struct map_values *v, const char *path)
{
	struct map_values_file *f =
		(struct map_values_file *)map_values_file(v, path);

	if (f)
		return f;
	ALLOC_GROW(v->files, v->nr + 1, v->alloc);
	f = &v->files[v->nr++];
	memset(f, 0, sizeof(*f));
	f->path = xstrdup(path);
	return f;
}

/* another file's value of key differs from value: mark them all */
static int mark_conflicts(struct map_values *v, const char *key, uint64_t value)
{
	int conflict = 0;
	size_t i, pass;

	for (pass = 0; pass < 2; pass++)
		for (i = 0; i < v->nr; i++) {
			struct map_value *it = find(&v->files[i], key);

			if (!it)
				continue;
			if (!pass)
				conflict |= it->value != value || it->conflict;
			else
				it->conflict |= conflict;
		}
	return conflict;
}

void map_values_add(struct map_values *v, const char *path, const char *text,
		    size_t len, uint64_t value)
{
	char *key = map_values_key(text, len);
	struct map_values_file *f = file_for(v, path);
	struct map_value *it;
	int conflict = mark_conflicts(v, key, value);

	if (find(f, key)) {
		free(key);
		return;
	}
	ALLOC_GROW(f->items, f->nr + 1, f->alloc);
	it = &f->items[f->nr++];
	it->text = key;
	it->literal = xstrfmt("%" PRIu64, value);
	it->value = value;
	it->conflict = conflict;
}

void map_values_texts(const struct map_values *v, int all, uint64_t want,
		      struct strlist *out)
{
	size_t i, k;

	for (i = 0; v && i < v->nr; i++)
		for (k = 0; k < v->files[i].nr; k++) {
			const struct map_value *it = &v->files[i].items[k];

			if (!it->conflict && (all || it->value == want) &&
			    strlist_find(out, it->text) < 0)
				strlist_push(out, it->text);
		}
}

int map_values_clash(const struct map_values *v, const char *path,
		     const char *text, size_t len, struct map_values_clash *out)
{
	char *key = map_values_key(text, len);
	const struct map_value *mine = find(map_values_file(v, path), key);
	const struct map_value *it = NULL;
	size_t i;

	for (i = 0; mine && mine->conflict && i < v->nr; i++) {
		it = find(&v->files[i], key);
		if (it && it->value != mine->value)
			break;
	}
	free(key);
	if (!mine || !it || i == v->nr)
		return 0;
	out->paths[0] = path;
	out->paths[1] = v->files[i].path;
	out->literals[0] = mine->literal;
	out->literals[1] = it->literal;
	return 1;
}

size_t map_values_nr_known(const struct map_values *v)
{
	struct strlist texts = STRLIST_INIT;
	size_t n;

	map_values_texts(v, 1, 0, &texts);
	n = texts.nr;
	strlist_clear(&texts, 0);
	return n;
}

static const char *literal_of(void *data, const char *name, size_t len)
{
	char *key = map_values_key(name, len);
	const struct map_value *it = find(data, key);

	free(key);
	return it && !it->conflict ? it->literal : NULL;
}

struct map_lookup map_values_lookup(const struct map_values_file *f)
{
	struct map_lookup lookup = { literal_of, (void *)f };

	return lookup;
}

void map_values_release(struct map_values *v)
{
	size_t i, k;

	for (i = 0; i < v->nr; i++) {
		for (k = 0; k < v->files[i].nr; k++) {
			free(v->files[i].items[k].text);
			free(v->files[i].items[k].literal);
		}
		free(v->files[i].items);
		free(v->files[i].path);
	}
	free(v->files);
	v->files = NULL;
	v->nr = v->alloc = 0;
}
