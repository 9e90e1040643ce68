/*
 * diffstat.c - per-file pieces of a unified diff and git's --stat lines
 * (see diffstat.h).
 *
 * Contract: a file's piece starts at its "diff " line, or at its "--- "
 * line when it has none, and runs to the next file's start; hunk bodies
 * are counted by their "@@ -a,b +c,d @@" lengths, so a deleted line that
 * reads "-- x" is never taken for a header.  Lines before the first file
 * (a mail's headers, say) belong to no file.  The graph follows the rules
 * git documents for --stat: the name column takes what the widest name
 * needs unless the line would pass the width, in which case the graph
 * gets at most 3/8 of it (never less than 6 columns) and long names are
 * shortened from the left to ".../tail"; counts are scaled linearly, and
 * a file with both additions and deletions keeps at least one of each.
 */
#include <stdlib.h>
#include <string.h>

#include "diff.h"
#include "diffstat.h"
#include "util.h"

struct diff_parser {
	struct diff_files *df;
	unsigned long old_left, new_left;
	int fresh; /* a "diff " line opened the file */
};

void diff_files_release(struct diff_files *df)
{
	size_t i;

	for (i = 0; i < df->nr; i++)
		free(df->files[i].path);
	free(df->files);
	df->files = NULL;
	df->nr = df->alloc = 0;
}

static struct diff_file *current(struct diff_parser *p)
{
	return p->df->nr ? &p->df->files[p->df->nr - 1] : NULL;
}

static void open_file(struct diff_parser *p, const char *line)
{
	struct diff_file *file;

	ALLOC_GROW(p->df->files, p->df->nr + 1, p->df->alloc);
	file = &p->df->files[p->df->nr++];
	memset(file, 0, sizeof(*file));
	file->text = line;
}

/*
 * "\"b/x/t\\ty.c\"" -> "\"x/t\\ty.c\"": a name git quoted (diff.h) is
 * shown quoted, as git's diffstat shows it; NULL if it is not one
 */
static char *strip_quoted(const char *s, size_t len)
{
	struct strbuf path = STRBUF_INIT, shown = STRBUF_INIT;
	const char *slash;
	size_t n = diff_quoted_len(s, len);

	if (!n || diff_unquote_path(s, n, &path)) {
		strbuf_release(&path);
		return NULL;
	}
	slash = strchr(path.buf, '/');
	diff_quote_path(&shown, "", slash ? slash + 1 : path.buf);
	strbuf_release(&path);
	return strbuf_detach(&shown, NULL);
}

/* "b/drivers/input/evdev.c\t2005-10-12" -> "drivers/input/evdev.c" */
static char *strip_path(const char *s, size_t len)
{
	const char *slash;
	size_t n = strcspn(s, "\t\r\n");

	if (len && *s == '"') {
		char *quoted = strip_quoted(s, len);

		if (quoted)
			return quoted;
	}
	if (n > len)
		n = len;
	while (n && s[n - 1] == ' ')
		n--;
	if (n == 9 && !strncmp(s, "/dev/null", 9))
		return NULL;
	slash = memchr(s, '/', n);
	if (slash)
		n -= (size_t)(slash + 1 - s), s = slash + 1;
	return xstrndup(s, n);
}

static void set_path(struct diff_file *file, char *path)
{
	if (!path)
		return;
	free(file->path);
	file->path = path;
}

/* "--- a/x" followed by "+++ b/x": the new side names the file */
static void file_headers(struct diff_parser *p, const char *minus,
			 const char *plus, const char *end)
{
	const char *eol = memchr(minus, '\n', (size_t)(end - minus));
	struct diff_file *file;

	if (!p->fresh)
		open_file(p, minus);
	p->fresh = 0;
	file = current(p);
	set_path(file, strip_path(minus + 4, (size_t)(eol - minus - 4)));
	eol = memchr(plus, '\n', (size_t)(end - plus));
	if (!eol)
		eol = end;
	set_path(file, strip_path(plus + 4, (size_t)(eol - plus - 4)));
}

/* one line inside a hunk body */
static int hunk_line(struct diff_parser *p, const char *line, size_t len)
{
	struct diff_file *file = current(p);
	char c = len ? line[0] : ' ';

	if (c == '\r' || c == '\n')
		c = ' ';
	if (c == ' ' && p->old_left && p->new_left) {
		p->old_left--;
		p->new_left--;
	} else if (c == '-' && p->old_left) {
		p->old_left--;
		file->deleted++;
	} else if (c == '+' && p->new_left) {
		p->new_left--;
		file->added++;
	} else if (c != '\\') {
		return -1;
	}
	return 0;
}

static int header_line(struct diff_parser *p, const char *line,
		       const char *next, const char *end)
{
	if (!strncmp(line, "diff ", 5)) {
		const char *eol = strchrnul(line, '\n');
		const char *b = strstr(line, " b/");

		if (!b || b > eol)
			b = strstr(line, " \"b/");

		open_file(p, line);
		p->fresh = 1;
		if (b && b < eol)
			set_path(current(p),
				 strip_path(b + 1, (size_t)(eol - b - 1)));
	} else if (!strncmp(line, "--- ", 4) && next < end &&
		   !strncmp(next, "+++ ", 4)) {
		file_headers(p, line, next, end);
		return 1; /* the "+++" line is done too */
	} else if (!strncmp(line, "@@ -", 4)) {
		if (!current(p) ||
		    diff_hunk_header(line, (size_t)(next - line), &p->old_left,
				     &p->new_left) < 0)
			return -1;
	} else if (current(p) && (!strncmp(line, "Binary files ", 13) ||
				  !strncmp(line, "GIT binary patch", 16))) {
		current(p)->binary = 1;
	}
	return 0;
}

static const char *next_line(const char *line, const char *end)
{
	const char *eol = memchr(line, '\n', (size_t)(end - line));

	return eol ? eol + 1 : end;
}

int diff_files_parse(struct diff_files *df, const char *diff, size_t len)
{
	struct diff_parser p = { df, 0, 0, 0 };
	const char *line = diff, *end = diff + len;
	size_t i;

	while (line < end) {
		const char *next = next_line(line, end);
		int ret;

		if (p.old_left || p.new_left)
			ret = hunk_line(&p, line, (size_t)(next - line));
		else
			ret = header_line(&p, line, next, end);
		if (ret < 0)
			return error("malformed diff at line '%.*s'",
				     (int)strcspn(line, "\r\n"), line);
		if (ret > 0)
			next = next_line(next, end);
		line = next;
	}
	if (p.old_left || p.new_left)
		return error("diff ends inside a hunk");
	for (i = 0; i < df->nr; i++) {
		const char *stop = i + 1 < df->nr ? df->files[i + 1].text : end;

		df->files[i].len = (size_t)(stop - df->files[i].text);
		if (!df->files[i].path)
			return error("diff names no file in '%.*s'",
				     (int)strcspn(df->files[i].text, "\r\n"),
				     df->files[i].text);
	}
	return 0;
}

void diffstat_summary(struct strbuf *out, size_t files,
		      unsigned long insertions, unsigned long deletions)
{
	if (!files) {
		strbuf_addstr(out, " 0 files changed\n");
		return;
	}
	strbuf_addf(out, " %zu file%s changed", files, files == 1 ? "" : "s");
	if (insertions || !deletions)
		strbuf_addf(out, ", %lu insertion%s(+)", insertions,
			    insertions == 1 ? "" : "s");
	if (deletions || !insertions)
		strbuf_addf(out, ", %lu deletion%s(-)", deletions,
			    deletions == 1 ? "" : "s");
	strbuf_addch(out, '\n');
}

static int decimal_width(unsigned long n)
{
	int width = 1;

	for (; n >= 10; n /= 10)
		width++;
	return width;
}

/* n of max changes drawn in width columns: 1 + n * (width - 1) / max */
static unsigned long scale(unsigned long n, unsigned long width,
			   unsigned long max)
{
	return n ? 1 + n * (width - 1) / max : 0;
}

struct stat_columns {
	int name, number, graph;
	unsigned long max_change;
};

static void size_columns(struct stat_columns *col, const struct diff_file *f,
			 size_t nr, int width)
{
	size_t i, max_len = 0;
	int binary = 0;

	col->max_change = 0;
	for (i = 0; i < nr; i++) {
		if (strlen(f[i].path) > max_len)
			max_len = strlen(f[i].path);
		if (f[i].binary)
			binary = 1;
		else if (f[i].added + f[i].deleted > col->max_change)
			col->max_change = f[i].added + f[i].deleted;
	}
	col->number = decimal_width(col->max_change);
	if (binary && col->number < 3)
		col->number = 3; /* "Bin" */
	if (width < 16 + 6 + col->number)
		width = 16 + 6 + col->number;
	col->graph = (int)col->max_change;
	col->name = (int)max_len;
	if (col->name + col->number + 6 + col->graph <= width)
		return;
	if (col->graph > width * 3 / 8 - col->number - 6) {
		col->graph = width * 3 / 8 - col->number - 6;
		if (col->graph < 6)
			col->graph = 6;
	}
	if (col->name > width - col->number - 6 - col->graph)
		col->name = width - col->number - 6 - col->graph;
	else
		col->graph = width - col->number - 6 - col->name;
}

/* a file's + and - scaled to the graph's columns, when they do not fit */
static void scale_graph(unsigned long *add, unsigned long *del,
			const struct stat_columns *col)
{
	unsigned long graph = (unsigned long)col->graph, total;

	if (graph >= col->max_change)
		return;
	total = scale(*add + *del, graph, col->max_change);
	if (total < 2 && *add && *del)
		total = 2;
	if (*add < *del) {
		*add = scale(*add, graph, col->max_change);
		*del = total - *add;
	} else {
		*del = scale(*del, graph, col->max_change);
		*add = total - *del;
	}
}

static void stat_line(struct strbuf *out, const struct diff_file *file,
		      const struct stat_columns *col)
{
	const char *name = file->path, *prefix = "";
	unsigned long add = file->added, del = file->deleted;
	size_t len = strlen(name);

	if (len > (size_t)col->name) {
		const char *slash;

		prefix = "...";
		len = col->name > 3 ? (size_t)col->name - 3 : 0;
		name += strlen(name) - len;
		slash = strchr(name, '/');
		if (slash)
			name = slash;
		len = strlen(name);
	}
	strbuf_addf(out, " %s%s%*s | ", prefix, name,
		    (int)((size_t)col->name - strlen(prefix) - len), "");
	if (file->binary) {
		strbuf_addf(out, "%*s\n", col->number, "Bin");
		return;
	}
	strbuf_addf(out, "%*lu%s", col->number, add + del,
		    add + del ? " " : "");
	scale_graph(&add, &del, col);
	strbuf_addchars(out, '+', add);
	strbuf_addchars(out, '-', del);
	strbuf_addch(out, '\n');
}

void diffstat_format(struct strbuf *out, const struct diff_file *files,
		     size_t nr, int width)
{
	struct stat_columns col;
	unsigned long insertions = 0, deletions = 0;
	size_t i;

	size_columns(&col, files, nr, width);
	for (i = 0; i < nr; i++) {
		stat_line(out, &files[i], &col);
		insertions += files[i].added;
		deletions += files[i].deleted;
	}
	diffstat_summary(out, nr, insertions, deletions);
}

int diffstat_format_diff(struct strbuf *out, const char *diff, size_t len,
			 int width)
{
	struct diff_files df = DIFF_FILES_INIT;
	int ret = diff_files_parse(&df, diff, len);

	if (!ret)
		diffstat_format(out, df.files, df.nr, width);
	diff_files_release(&df);
	return ret;
}
