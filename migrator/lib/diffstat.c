/*
 * diffstat.c - per-file pieces of a unified diff and git's --stat lines
 * (see diffstat.h).
 *
 * Contract: the lines are read with diff.h's diff_iter, the one reader
 * of diffs.  A file's piece starts at its "diff " line, or at its "--- "
 * line when it has none (a "--- " line followed by a "+++ " line), and
 * runs to the next file's start; hunk bodies are counted by their
 * "@@ -a,b +c,d @@" lengths, so a deleted line that reads "-- x" is
 * never taken for a header, and any line diff_iter finds malformed
 * fails the parse.  Lines before the first file
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
	const char *old_path; /* the "--- " line just read, if any */
	size_t old_len;
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
static void file_headers(struct diff_parser *p, const struct diff_iter *plus)
{
	struct diff_file *file;

	if (!p->fresh)
		open_file(p, p->old_path);
	p->fresh = 0;
	file = current(p);
	set_path(file, strip_path(p->old_path + 4, p->old_len - 4));
	set_path(file, strip_path(plus->line + 4, plus->len - 4));
}

/* "diff --git a/x b/x": a file starts, named by its " b/" path */
static void diff_line(struct diff_parser *p, const struct diff_iter *it)
{
	const char *b = memmem(it->line, it->len, " b/", 3);

	if (!b)
		b = memmem(it->line, it->len, " \"b/", 4);
	open_file(p, it->line);
	p->fresh = 1;
	if (b)
		set_path(current(p),
			 strip_path(b + 1,
				    (size_t)(it->line + it->len - b - 1)));
}

/* one line of the diff, as the iterator read it; -1 if malformed */
static int file_line(struct diff_parser *p, const struct diff_iter *it)
{
	struct diff_file *file = current(p);

	switch (it->kind) {
	case DIFF_LINE_DIFF:
		diff_line(p, it);
		break;
	case DIFF_LINE_OLD_PATH:
		p->old_path = it->line;
		p->old_len = it->len;
		return 0;
	case DIFF_LINE_NEW_PATH:
		if (p->old_path)
			file_headers(p, it);
		break;
	case DIFF_LINE_HUNK:
		if (!file)
			return -1;
		break;
	case DIFF_LINE_BINARY:
		if (file)
			file->binary = 1;
		break;
	case DIFF_LINE_DELETED:
		file->deleted++;
		break;
	case DIFF_LINE_ADDED:
		file->added++;
		break;
	default:
		break;
	}
	p->old_path = NULL; /* a "--- " line counts only right before "+++ " */
	return 0;
}

int diff_files_parse(struct diff_files *df, const char *diff, size_t len)
{
	struct diff_parser p = { df, NULL, 0, 0 };
	const char *end = diff + len;
	struct diff_iter it;
	size_t i;
	int ret;

	diff_iter_init(&it, diff, len);
	while ((ret = diff_iter_next(&it)))
		if (ret < 0 || file_line(&p, &it) < 0)
			return error("malformed diff at line '%.*s'",
				     (int)strcspn(it.line, "\r\n"), it.line);
	if (it.old_left || it.new_left)
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

int diffstat_count(const char *diff, size_t len, unsigned long *insertions,
		   unsigned long *deletions)
{
	struct diff_files df = DIFF_FILES_INIT;
	int ret = diff_files_parse(&df, diff, len);
	size_t i;

	*insertions = *deletions = 0;
	for (i = 0; !ret && i < df.nr; i++) {
		*insertions += df.files[i].added;
		*deletions += df.files[i].deleted;
	}
	diff_files_release(&df);
	return ret;
}
