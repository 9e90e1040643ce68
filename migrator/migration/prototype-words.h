/*
 * prototype-words.h - reading the words of a C declaration, that
 * prototype.c and prototype-words.c share, they only; callers use
 * migration.h's prototype_read().
 */
#ifndef KM_PROTOTYPE_WORDS_H
#define KM_PROTOTYPE_WORDS_H

#include <stddef.h>

#include "lexer.h"

struct kernel_data;
struct strbuf;

struct reader {
	const char *text;
	struct token_list tl;
	size_t i;
	const struct kernel_data *kd;
	struct strbuf *why;
	int failed;
};

/* the current token, NULL at the end */
const struct token *reader_tok(const struct reader *r);
/* is the current token text */
int reader_at(const struct reader *r, const char *text);
int reader_at_ident(const struct reader *r);
/* -1 after "REASON, at 'TOKEN'" (or "at the end") in r->why, once */
int reader_fail(struct reader *r, const char *reason);
/* the current identifier, copied to word (empty if there is none) */
void reader_ident(const struct reader *r, char *word, size_t size);
/*
 * An attribute at r (GCC's or one of kernel-types), skipped with its
 * arguments: 1; 0 when there is none; -1 on a malformed one
 */
int reader_skip_attribute(struct reader *r);
/* words that say nothing of the type a caller passes: "static" */
int is_storage_word(const char *word);
/* "const", "volatile" as C spells them, for any spelling; else NULL */
const char *qualifier_word(const char *word);
/* word appended to sb, a blank between words */
void add_type_word(struct strbuf *sb, const char *word);
/* the declaration specifiers, as C spells them, into spec: 0 or -1 */
int reader_specifiers(struct reader *r, struct strbuf *spec);

#endif
