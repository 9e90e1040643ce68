/*
 * map-values.h - the values of arguments known from outside their call's
 * text: what libclang evaluates an argument to in the call's own
 * translation unit (a macro of a header, an enum constant, a constant
 * expression), so that a case's condition (map-case.h) can be decided
 * on it.
 *
 * Values are kept per file: a text has a value only in the files where
 * it was evaluated.  A text is kept by its tokens: blanks between two
 * tokens that do not need them dropped, and outer parentheses that
 * enclose it all removed, so "(1<<16)" and "1 << 16" are one text.  A
 * text two files give different values (they define a name
 * differently) has none anywhere: its calls are left, as if nothing had
 * evaluated it.
 *
 * Caller's steps: map_values_add() for each text evaluated; for a file,
 * map_values_lookup(map_values_file()) as (or behind) a map_lookup; the
 * texts of every file, map_values_texts(); map_values_release().
 */
#ifndef KM_MAP_VALUES_H
#define KM_MAP_VALUES_H

#include <stddef.h>
#include <stdint.h>

#include "map-case.h"

struct strlist;

struct map_value {
	char *text;	/* the key: see above */
	char *literal;	/* the value in decimal, for map_lookup */
	uint64_t value; /* a negative one as C's conversion makes it */
	int conflict;	/* another file gives it another value */
};

struct map_values_file {
	char *path;
	struct map_value *items;
	size_t nr, alloc;
};

struct map_values {
	struct map_values_file *files;
	size_t nr, alloc;
};

#define MAP_VALUES_INIT    \
	{                  \
		NULL, 0, 0 \
	}

/* text[0..len) has value in the file at path */
void map_values_add(struct map_values *v, const char *path, const char *text,
		    size_t len, uint64_t value);
/* the values of the file at path, or NULL; v may be NULL */
const struct map_values_file *map_values_file(const struct map_values *v,
					      const char *path);
/* a text two files give different values: the files, and the values */
struct map_values_clash {
	const char *paths[2];
	const char *literals[2];
};

/*
 * text[0..len) has in the file at path a value another file does not
 * give it: 1 with the two (the call's file first, then the first other
 * one); else 0
 */
int map_values_clash(const struct map_values *v, const char *path,
		     const char *text, size_t len,
		     struct map_values_clash *out);
/* how many texts have a value (in some file, without conflict) */
size_t map_values_nr_known(const struct map_values *v);
/*
 * Push to out each text that has a value, once: all of them, or those
 * whose value is want
 */
void map_values_texts(const struct map_values *v, int all, uint64_t want,
		      struct strlist *out);
/* the key of text[0..len), malloc'd */
char *map_values_key(const char *text, size_t len);
/* text[0..len) is one parenthesised expression: "(a) + (b)" is not */
int map_text_encloses(const char *text, size_t len);
/* a lookup of one file's values, as literals; f may be NULL */
struct map_lookup map_values_lookup(const struct map_values_file *f);
void map_values_release(struct map_values *v);

#endif
