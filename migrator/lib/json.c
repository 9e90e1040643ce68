/*
 * json.c - the streaming JSON writer (see json.h).
 *
 * State: for each open container, whether it is an object and how many
 * values it holds (only "none" or "some" matters).  Every value or key
 * first calls separate(), which writes the comma and the line break the
 * position needs.
 */
#include <stdio.h>
#include <string.h>

#include "json.h"
#include "util.h"

void json_writer_init(struct json_writer *w, struct strbuf *out,
		      int indent_levels)
{
	memset(w, 0, sizeof(*w));
	w->out = out;
	w->indent_levels = indent_levels;
}

void json_writer_finish(struct json_writer *w)
{
	if (w->depth || w->after_key)
		die("json: unclosed container at the end of the output");
	strbuf_addch(w->out, '\n');
}

static void newline(struct json_writer *w, int depth)
{
	strbuf_addch(w->out, '\n');
	strbuf_addchars(w->out, ' ', (size_t)depth * 2);
}

/* the comma and line break before a value, or before a key */
static void separate(struct json_writer *w, int is_key)
{
	int d = w->depth;

	if (w->after_key) {
		if (is_key)
			die("json: a key where a value is due");
		w->after_key = 0;
		return;
	}
	if (d && w->is_object[d - 1] && !is_key)
		die("json: a value without a key");
	if (d && w->count[d - 1])
		strbuf_addstr(w->out, d <= w->indent_levels ? "," : ", ");
	if (d && d <= w->indent_levels)
		newline(w, d);
	if (d)
		w->count[d - 1] = 1;
}

static void begin(struct json_writer *w, char open, int is_object)
{
	separate(w, 0);
	if (w->depth == JSON_MAX_DEPTH)
		die("json: nested too deep");
	strbuf_addch(w->out, open);
	w->is_object[w->depth] = (unsigned char)is_object;
	w->count[w->depth] = 0;
	w->depth++;
}

static void end(struct json_writer *w, char close, int is_object)
{
	if (!w->depth || w->is_object[w->depth - 1] != is_object ||
	    w->after_key)
		die("json: '%c' does not close the open container", close);
	w->depth--;
	if (w->count[w->depth] && w->depth < w->indent_levels)
		newline(w, w->depth);
	strbuf_addch(w->out, close);
}

void json_object_begin(struct json_writer *w)
{
	begin(w, '{', 1);
}

void json_object_end(struct json_writer *w)
{
	end(w, '}', 1);
}

void json_array_begin(struct json_writer *w)
{
	begin(w, '[', 0);
}

void json_array_end(struct json_writer *w)
{
	end(w, ']', 0);
}

void json_key(struct json_writer *w, const char *key)
{
	if (!w->depth || !w->is_object[w->depth - 1])
		die("json: a key outside an object");
	separate(w, 1);
	json_quote(w->out, key, strlen(key));
	strbuf_addstr(w->out, ": ");
	w->after_key = 1;
}

/* the two-byte escape of c, or NULL */
static const char *short_escape(unsigned char c)
{
	switch (c) {
	case '"':
		return "\\\"";
	case '\\':
		return "\\\\";
	case '\b':
		return "\\b";
	case '\f':
		return "\\f";
	case '\n':
		return "\\n";
	case '\r':
		return "\\r";
	case '\t':
		return "\\t";
	}
	return NULL;
}

/*
 * The length of the well-formed UTF-8 sequence at s (RFC 3629: no
 * overlong forms, no surrogates, nothing past U+10FFFF), or 0.
 */
size_t json_utf8_len(const unsigned char *s, size_t len)
{
	unsigned char c = s[0];
	size_t n, i;
	unsigned char lo = 0x80, hi = 0xbf;

	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		n = 2;
	else if (c >= 0xe0 && c <= 0xef)
		n = 3;
	else if (c >= 0xf0 && c <= 0xf4)
		n = 4;
	else
		return 0;
	if (c == 0xe0)
		lo = 0xa0;
	else if (c == 0xed)
		hi = 0x9f;
	else if (c == 0xf0)
		lo = 0x90;
	else if (c == 0xf4)
		hi = 0x8f;
	if (len < n || s[1] < lo || s[1] > hi)
		return 0;
	for (i = 2; i < n; i++)
		if (s[i] < 0x80 || s[i] > 0xbf)
			return 0;
	return n;
}

static void add_u_escape(struct strbuf *sb, unsigned int c)
{
	static const char hex[] = "0123456789abcdef";

	strbuf_addstr(sb, "\\u00");
	strbuf_addch(sb, hex[(c >> 4) & 0xf]);
	strbuf_addch(sb, hex[c & 0xf]);
}

void json_quote(struct strbuf *sb, const char *s, size_t len)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0;

	strbuf_addch(sb, '"');
	while (i < len) {
		unsigned char c = u[i];
		const char *esc = short_escape(c);
		size_t n;

		if (esc) {
			strbuf_addstr(sb, esc);
			i++;
		} else if (c < 0x20) {
			add_u_escape(sb, c);
			i++;
		} else if ((n = json_utf8_len(u + i, len - i))) {
			strbuf_add(sb, s + i, n);
			i += n;
		} else {
			/* not UTF-8: the byte read as Latin-1 */
			add_u_escape(sb, c);
			i++;
		}
	}
	strbuf_addch(sb, '"');
}

void json_string_len(struct json_writer *w, const char *s, size_t len)
{
	separate(w, 0);
	json_quote(w->out, s, len);
}

void json_string(struct json_writer *w, const char *s)
{
	json_string_len(w, s, strlen(s));
}

void json_int(struct json_writer *w, long long n)
{
	separate(w, 0);
	strbuf_addf(w->out, "%lld", n);
}

void json_uint(struct json_writer *w, unsigned long long n)
{
	separate(w, 0);
	strbuf_addf(w->out, "%llu", n);
}

void json_bool(struct json_writer *w, int b)
{
	separate(w, 0);
	strbuf_addstr(w->out, b ? "true" : "false");
}

void json_null(struct json_writer *w)
{
	separate(w, 0);
	strbuf_addstr(w->out, "null");
}
