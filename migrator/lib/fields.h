/*
 * fields.h - the "key: value" records of kmigrate's data files (a
 * migration's "migration" file, semantic-patches/kernel-types).
 *
 * '#' at the start of a line starts a comment line; an empty line is
 * nothing.  Every other line is "key: value", the key [a-z0-9-]+; the
 * value goes on over the following lines that start with a space or a
 * tab (the first character is dropped, the rest kept, so indentation
 * survives), and such a continuation line holding only " ." is an empty
 * line (RFC 822 style).
 * Trailing whitespace of a value is dropped.  What the keys mean is the
 * caller's business: fields.c knows none.
 *
 * Caller's steps: struct field_reader fr; field_reader_init(&fr, text);
 * while ((got = field_next(&fr, &key, &value)) > 0) use them, with
 * fr.key_line for messages; got < 0 is a line that is not "key: value",
 * at fr.lineno.
 */
#ifndef KM_FIELDS_H
#define KM_FIELDS_H

struct strbuf;

struct field_reader {
	const char *pos; /* the text still to read */
	int lineno;	 /* the last line read, 1-based */
	int key_line;	 /* the line of the last key */
};

void field_reader_init(struct field_reader *fr, const char *text);
/* 1: the next field is in key and value; 0: the end; -1: a bad line */
int field_next(struct field_reader *fr, struct strbuf *key,
	       struct strbuf *value);

#endif
