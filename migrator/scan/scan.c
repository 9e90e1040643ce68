/*
 * scan.c - finding and classifying occurrences (see scan.h): the
 * pre-filter, and one buffer's scan, which the migration's kind does.
 *
 * One buffer: the pre-filter (memmem for each of the names the kind
 * gives as a whole identifier), then the kind's scan_buffer (kind.h;
 * the call kind's is call-site-scan.c), then the line and column of
 * every occurrence it found.
 *
 * A tree's scan is scan-tree.c's.
 */
#include <stdlib.h>
#include <string.h>

#include "lexer.h"
#include "scan.h"
#include "util.h"

#define BINARY_PROBE 8000

static int is_ident_byte(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_' || c == '$';
}

const char *scan_find_word(const char *from, const char *to, const char *name,
			   size_t len)
{
	const char *p = from;

	while (p < to && (p = memmem(p, (size_t)(to - p), name, len))) {
		const unsigned char *u = (const unsigned char *)p;
		int before = p > from && is_ident_byte(u[-1]);
		int after = p + len < to && is_ident_byte(u[len]);

		if (!before && !after)
			return p;
		p++;
	}
	return NULL;
}

const char *scan_first_name(const struct migration *m)
{
	const char *names[KIND_MAX_NAMES];

	m->kind->names(m, names);
	return names[0];
}

int scan_mentions(const char *buf, size_t len, const char *name)
{
	return scan_find_word(buf, buf + len, name, strlen(name)) != NULL;
}

int scan_mentions_function(const char *buf, size_t len,
			   const struct migration *m)
{
	const char *names[KIND_MAX_NAMES];
	size_t i, n = m->kind->names(m, names);

	for (i = 0; i < n; i++)
		if (scan_mentions(buf, len, names[i]))
			return 1;
	return m->kind->mentions && m->kind->mentions(m, buf, len);
}

int scan_is_binary(const char *buf, size_t len)
{
	size_t i, nuls = 0, lines = 0;

	if (len > BINARY_PROBE)
		len = BINARY_PROBE;
	for (i = 0; i < len; i++) {
		nuls += !buf[i];
		lines += lex_line_end(buf, len, i);
	}
	return nuls > lines;
}

/* line and column of every site; the sites are in offset order */
static void set_positions(struct scan_file *file, const char *buf, size_t len)
{
	size_t i, line = 1, line_start = 0, pos = 0;

	for (i = 0; i < file->nr_sites; i++) {
		struct call_site *cs = &file->sites[i];

		for (; pos < cs->name_offset; pos++) {
			if (!lex_line_end(buf, len, pos))
				continue;
			line++;
			line_start = pos + 1;
		}
		cs->line = line;
		cs->column = cs->name_offset - line_start + 1;
	}
}

void scan_file_buffer(struct scan_file *file, const char *path, const char *buf,
		      size_t len, const struct migration *m)
{
	memset(file, 0, sizeof(*file));
	file->path = xstrdup(path);
	if (!scan_mentions_function(buf, len, m))
		return;
	m->kind->scan_buffer(file, buf, len, m);
	set_positions(file, buf, len);
}

void scan_file_release(struct scan_file *file)
{
	size_t i;

	for (i = 0; i < file->nr_sites; i++)
		call_site_release(&file->sites[i]);
	free(file->sites);
	free(file->path);
	memset(file, 0, sizeof(*file));
}
