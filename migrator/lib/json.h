/*
 * json.h - a small streaming JSON writer, for every command's
 * --format json.
 *
 * Values are appended to a strbuf as they are written: no tree is built.
 * The writer places the commas and, when asked to, line breaks and
 * two-space indentation for the first levels of nesting (deeper values
 * stay on one line, so a list of records prints one record a line).
 * Strings are escaped as RFC 8259 asks: '"' and '\' get a backslash,
 * control bytes below 0x20 become \b \f \n \r \t or \u00XX.  The output
 * is always valid UTF-8, whatever the bytes given: a well-formed UTF-8
 * sequence is copied as it is, and every byte that is not part of one
 * (a Latin-1 file name, a stray 0xff in a call's string) becomes the
 * \u00XX escape of that byte read as Latin-1, so "r\xe9seau" is written
 * "r\u00e9seau".  The reader gets a character for every byte and can
 * tell which bytes they were (U+0080..U+00FF); the diffs apply writes
 * keep the bytes themselves.
 *
 * Caller's steps:
 *	struct strbuf out = STRBUF_INIT;
 *	struct json_writer w;
 *	json_writer_init(&w, &out, 2);
 *	json_object_begin(&w);
 *	json_key(&w, "files"); json_uint(&w, 52);
 *	json_object_end(&w);
 *	json_writer_finish(&w);			(a final newline)
 *	fwrite(out.buf, 1, out.len, stdout); strbuf_release(&out);
 * Unbalanced begin/end, or a value where a key is due, dies (a bug).
 */
#ifndef KM_JSON_H
#define KM_JSON_H

#include <stddef.h>

#include "strbuf.h"

#define JSON_MAX_DEPTH 32

struct json_writer {
	struct strbuf *out;
	int indent_levels; /* levels broken over lines */
	int depth;
	unsigned char count[JSON_MAX_DEPTH]; /* values so far, capped */
	unsigned char is_object[JSON_MAX_DEPTH];
	int after_key;
};

void json_writer_init(struct json_writer *w, struct strbuf *out,
		      int indent_levels);
void json_writer_finish(struct json_writer *w);

void json_object_begin(struct json_writer *w);
void json_object_end(struct json_writer *w);
void json_array_begin(struct json_writer *w);
void json_array_end(struct json_writer *w);
void json_key(struct json_writer *w, const char *key);

void json_string(struct json_writer *w, const char *s);
void json_string_len(struct json_writer *w, const char *s, size_t len);
void json_int(struct json_writer *w, long long n);
void json_uint(struct json_writer *w, unsigned long long n);
void json_bool(struct json_writer *w, int b);
void json_null(struct json_writer *w);

/* append s as a quoted, escaped JSON string */
void json_quote(struct strbuf *sb, const char *s, size_t len);

/*
 * The length of the well-formed UTF-8 sequence at the start of s (len
 * > 0 bytes): 1 for ASCII, 2 to 4, or 0 when the bytes are not UTF-8
 * (RFC 3629: no overlong forms, no surrogates, nothing past U+10FFFF).
 */
size_t json_utf8_len(const unsigned char *s, size_t len);

#endif
