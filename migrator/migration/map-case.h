/*
 * map-case.h - what a case of a migration holds to (its "case:" line),
 * read and evaluated on an argument's text, without a compiler.
 *
 * A condition compares an old argument with an integer literal or NULL
 * ("$3 == 0", "$2 != NULL"); "case: else" has none.  An argument's
 * value is known when it is an integer literal, NULL, the address of
 * something or a string literal (never NULL), or a name the caller's
 * lookup says stands for a literal (a "#define NAME 0" the file has);
 * anything else (a variable, an expression) is unknown, and so is every
 * condition on it, unless the condition ends in "if known" ("$2 == 0
 * if known": a case that is only the better form when the value is
 * known, a later case being right for every value): then it fails.
 *
 * Caller's steps: map_case_parse() on a variant while the file is
 * read; map_case_eval() per condition.
 */
#ifndef KM_MAP_CASE_H
#define KM_MAP_CASE_H

#include <stddef.h>

struct migration;
struct strbuf;

/* what an identifier stands for: the literal it is defined as, or NULL */
struct map_lookup {
	const char *(*literal)(void *data, const char *name, size_t len);
	void *data;
};

enum map_case_value {
	MAP_CASE_UNKNOWN, /* the argument's value is not known here */
	MAP_CASE_HOLDS,
	MAP_CASE_FAILS,
};

/* read "$2 == 0, $3 != 0" or "else" into v's conditions; -1 with why */
int map_case_parse(struct migration *v, const char *value, struct strbuf *why);
/* every condition's argument is one of the old prototype's; -1 with why */
int map_case_validate(const struct migration *v, struct strbuf *why);
void map_case_release(struct migration *v);

/* does condition i of v hold for an argument written text */
enum map_case_value map_case_eval(const struct migration *v, size_t i,
				  const char *text,
				  const struct map_lookup *lookup);

#endif
