/*
 * test-kind-seam.c - the stages reach a kind only through its ops: a toy
 * second kind, defined here and nowhere in migrator/, is registered
 * beside the call kind, and scan (the pre-filter, one buffer, a tree),
 * apply's cross-check and check's analysis do what it says.
 *
 * The toy kind: "target: NAME" is the one name it looks for; an
 * occurrence followed by '!' is old, any other a reference; a converted
 * text is accepted when it is as long as the original, every old
 * occurrence converted.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "cross-check.h"
#include "kinds.h"
#include "migration.h"
#include "scan.h"
#include "scratch.h"
#include "strbuf.h"
#include "tempfile.h"
#include "unit.h"
#include "util.h"

/* how often each stage asked the toy kind */
static int scanned, cross_checked, prepared, analysed, concluded;

/* its one field, the target, is its own: m->kind_data */
static int toy_read_field(struct migration *m, const char *key,
			  const char *value, struct strbuf *why)
{
	if (strcmp(key, "target")) {
		strbuf_addstr(why, "unknown key");
		return -1;
	}
	free(m->kind_data);
	m->kind_data = xstrdup(value);
	return 0;
}

static const char *toy_missing_field(const struct migration *m)
{
	return m->kind_data ? NULL : "target";
}

static int toy_finish(struct migration *m, struct strbuf *why)
{
	(void)m;
	(void)why;
	return 0;
}

static void toy_release(struct migration *m)
{
	free(m->kind_data);
	m->kind_data = NULL;
}

static size_t toy_names(const struct migration *m, const char **names)
{
	names[0] = m->kind_data;
	return 1;
}

static void toy_scan_buffer(struct scan_file *file, const char *buf, size_t len,
			    const struct migration *m)
{
	const char *target = m->kind_data;
	size_t n = strlen(target);
	const char *p = buf;

	scanned++;
	while ((p = scan_find_word(p, buf + len, target, n))) {
		struct call_site *cs;

		ALLOC_GROW(file->sites, file->nr_sites + 1, file->alloc_sites);
		cs = &file->sites[file->nr_sites++];
		memset(cs, 0, sizeof(*cs));
		cs->file = xstrdup(file->path);
		cs->name_offset = (size_t)(p - buf);
		cs->name_len = n;
		p += n;
		cs->kind = p < buf + len && *p == '!' ? CALL_SITE_OLD :
							CALL_SITE_REFERENCE;
		cs->text = xstrdup("toy");
	}
}

static int toy_cross_check(struct cross_check *cc)
{
	size_t i;

	cross_checked++;
	for (i = 0; i < cc->a->scan.nr_sites; i++)
		if (cc->a->scan.sites[i].kind == CALL_SITE_OLD)
			cc->changes[i] = CALL_CONVERTED;
	if (cc->a->len == cc->b->len)
		return 0;
	cc->where = 7;
	return -1;
}

static int toy_prepare(const struct check_options *opts,
		       struct check_result *result)
{
	(void)opts;
	prepared += (int)result->scan.nr_files;
	return 0;
}

static int toy_analyse_files(struct check_result *const *results, size_t nr,
			     const struct check_options *opts)
{
	(void)results;
	(void)opts;
	analysed += (int)nr;
	return 0;
}

static void toy_conclude(struct check_result *result, int jobs)
{
	(void)result;
	(void)jobs;
	concluded++;
}

static const struct migration_kind kind_toy = {
	.name = "toy",
	.read_field = toy_read_field,
	.missing_field = toy_missing_field,
	.finish = toy_finish,
	.release = toy_release,
	.names = toy_names,
	.scan_buffer = toy_scan_buffer,
	.cross_check = toy_cross_check,
	.prepare = toy_prepare,
	.analyse_files = toy_analyse_files,
	.conclude = toy_conclude,
};

static const struct migration_kind *const with_toy[] = { &kind_call, &kind_toy,
							 NULL };

/* a toy migration that looks for "widget" */
static void parse_toy(struct migration *m)
{
	static const char text[] = "name: toy\n"
				   "subject: toy: convert widget\n"
				   "description: test\n"
				   "kind: toy\n"
				   "target: widget\n";

	migration_kinds_set(with_toy);
	memset(m, 0, sizeof(*m));
	check_int_fatal(migration_parse(m, text, "toy"), 0);
	CU_ASSERT_PTR_EQUAL_FATAL(m->kind, &kind_toy);
}

static void done_toy(struct migration *m)
{
	migration_release(m);
	kinds_init();
}

static void test_scan_asks_the_kind(void)
{
	static const char text[] = "widget! f(widget); /* widget_x */\n"
				   "\twidget!\n";
	struct migration m;
	struct scan_file f;

	parse_toy(&m);
	scanned = 0;
	/* the pre-filter is the toy's name, not a function's */
	CU_ASSERT_TRUE(scan_mentions_function(text, strlen(text), &m));
	CU_ASSERT_FALSE(scan_mentions_function("widget_x", 8, &m));
	scan_file_buffer(&f, "t.c", "widget_x;", 9, &m);
	check_int(scanned, 0);
	check_int(f.nr_sites, 0);
	scan_file_release(&f);
	/* the sites are the toy's, with scan's lines and columns */
	scan_file_buffer(&f, "t.c", text, strlen(text), &m);
	check_int(scanned, 1);
	check_int_fatal(f.nr_sites, 3);
	check_int(f.sites[0].kind, CALL_SITE_OLD);
	check_int(f.sites[1].kind, CALL_SITE_REFERENCE);
	check_int(f.sites[2].kind, CALL_SITE_OLD);
	check_str(f.sites[2].text, "toy");
	check_int(f.sites[2].line, 2);
	check_int(f.sites[2].column, 2);
	scan_file_release(&f);
	done_toy(&m);
}

static void test_cross_check_asks_the_kind(void)
{
	static const char before[] = "widget! widget;";
	struct scanned_text a, b;
	enum call_change changes[2];
	struct migration m;
	size_t where = 0;

	parse_toy(&m);
	cross_checked = 0;
	scanned_text_init(&a, "t.c", before, strlen(before), &m);
	scanned_text_init(&b, "t.c", "gadget! widget;", 15, &m);
	check_int_fatal(a.scan.nr_sites, 2);
	check_int(cross_check(&a, &b, &m, changes, &where), 0);
	check_int(cross_checked, 1);
	check_int(changes[0], CALL_CONVERTED);
	check_int(changes[1], CALL_SAME);
	scanned_text_release(&b);
	/* the toy's refusal, and where it says */
	scanned_text_init(&b, "t.c", "widget!", 7, &m);
	check_int(cross_check(&a, &b, &m, changes, &where), -1);
	check_int(where, 7);
	check_int(cross_checked, 2);
	scanned_text_release(&b);
	scanned_text_release(&a);
	done_toy(&m);
}

static void put(const char *tree, const char *path, const char *text)
{
	char *full = xstrfmt("%s/%s", tree, path);

	CU_ASSERT_FATAL(!write_scratch_file(full, text, strlen(text)));
	free(full);
}

static void test_tree_and_check_ask_the_kind(void)
{
	char *tree = tempdir_create("test-kind-seam");
	struct check_options opts = { tree, NULL, NULL, 1, 0, 1, 0 };
	struct check_result r, *one = &r;
	struct migration m;

	setenv("KMIGRATE_NO_CACHE", "1", 1);
	put(tree, "drivers/a.c", "int x = widget!;\n");
	put(tree, "drivers/b.c", "int widget_y;\n");
	put(tree, "include/c.h", "/* widget */\n");
	parse_toy(&m);
	opts.migration = &m;
	scanned = prepared = analysed = concluded = 0;
	check_int_fatal(check_prepare(&opts, &r), 0);
	/* b.c lacks the name: the pre-filter keeps it from the toy */
	check_int(scanned, 2);
	check_int_fatal(r.scan.nr_files, 2);
	check_str(r.scan.files[0].path, "drivers/a.c");
	check_int(r.scan.counts[CALL_SITE_OLD], 1);
	check_int(r.scan.counts[CALL_SITE_REFERENCE], 1);
	check_int(prepared, 2);
	check_int(check_analyse_files(&one, 1, &opts), 0);
	check_int(analysed, 1);
	check_conclude(&r, 1);
	check_int(concluded, 1);
	check_result_release(&r);
	done_toy(&m);
	free(tree);
}

static const struct unit_test tests[] = {
	{ "scan looks for the kind's names and records its sites",
	  test_scan_asks_the_kind },
	{ "cross-check is the kind's", test_cross_check_asks_the_kind },
	{ "a tree's scan and check's analysis go through the kind",
	  test_tree_and_check_ask_the_kind },
	{ NULL, NULL }
};

UNIT_MAIN("kind-seam", tests)
