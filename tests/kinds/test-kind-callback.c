/*
 * test-kind-callback.c - the "callback" kind: its keys read and checked
 * (one error per bad value), its scan of one buffer (each member's
 * function decided: to convert, converted, left with its reason) and
 * its rewrite of what it converts.
 */
#include <stdlib.h>
#include <string.h>

#include "callback-convert.h"
#include "callback.h"
#include "kinds.h"
#include "migration.h"
#include "rewrite.h"
#include "scan.h"
#include "strbuf.h"
#include "unit.h"

static const char keys[] =
	"name: cb\nsubject: x: y\ndescription: z\nkind: callback\n"
	"struct: drv\nfield: stop\nnew-field: stop_new\n"
	"header: include/drv.h\nwrapper: WRAP\n"
	"summary: Convert to stop returning void\n";

static int parse_with(struct migration *m, const char *old_proto,
		      const char *new_proto, const char *extra)
{
	struct strbuf text = STRBUF_INIT;
	int ret;

	memset(m, 0, sizeof(*m));
	strbuf_addf(&text, "%sold-prototype: %s\nnew-prototype: %s\n%s", keys,
		    old_proto, new_proto, extra);
	ret = migration_parse(m, text.buf, "test");
	strbuf_release(&text);
	return ret;
}

static void test_keys(void)
{
	struct migration m;
	const struct migration_callback *cb;

	check_int_fatal(parse_with(&m, "int stop(struct dev *d)",
				   "void stop_new(struct dev *d)", ""),
			0);
	CU_ASSERT_PTR_EQUAL(m.kind, &kind_callback);
	cb = migration_callback(&m);
	check_str(cb->struct_name, "drv");
	check_str(cb->new_field, "stop_new");
	check_str(cb->success, "0");
	check_int(cb->drop_errors, 0);
	check_int((int)cb->wrappers.nr, 1);
	migration_release(&m);
	/* each bad value: -1 */
	check_int(parse_with(&m, "int stop(struct dev *d)",
			     "int stop_new(struct dev *d)", ""),
		  -1);
	migration_release(&m);
	check_int(parse_with(&m, "int stop(struct dev *d)",
			     "void stop_new(struct dev *d, int x)", ""),
		  -1);
	migration_release(&m);
	check_int(parse_with(&m, "int halt(struct dev *d)",
			     "void stop_new(struct dev *d)", ""),
		  -1);
	migration_release(&m);
	check_int(parse_with(&m, "int stop(struct dev *d)",
			     "void stop_new(struct dev *d)", "errors: maybe\n"),
		  -1);
	migration_release(&m);
	check_int(parse_with(&m, "int stop(struct dev *d)",
			     "void stop_new(struct dev *d)", "function: f\n"),
		  -1);
	migration_release(&m);
}

static const char source[] =
	"static int a_stop(struct dev *d)\n{\n\ta_off(d);\n\n\treturn 0;\n}\n"
	"static int b_stop(struct dev *d)\n{\n\treturn b_off(d);\n}\n"
	"static int c_stop(struct dev *d)\n{\n\tif (!d)\n\t\treturn 0;\n"
	"\tc_off(d);\n\treturn 0;\n}\n"
	"static void g(void)\n{\n\tif (c_stop(0))\n\t\treturn;\n}\n"
	"static struct drv x[] = {\n\t{ .stop = WRAP(a_stop), },\n"
	"\t{ .stop = b_stop, },\n\t{ .stop = c_stop, },\n"
	"\t{ .stop = d_stop, },\n};\n"
	"struct other o = { .stop = e_stop, };\n";

static void test_scan(void)
{
	struct migration m;
	struct scan_file f;
	size_t i, old = 0, left = 0;
	struct strbuf seen = STRBUF_INIT;

	check_int_fatal(parse_with(&m, "int stop(struct dev *d)",
				   "void stop_new(struct dev *d)", ""),
			0);
	scan_file_buffer(&f, "t.c", source, strlen(source), &m);
	for (i = 0; i < f.nr_sites; i++) {
		strbuf_addf(&seen, "%s:%s:%d ", f.sites[i].local_name,
			    call_site_kind_name(f.sites[i].kind),
			    (int)f.sites[i].reason);
		old += f.sites[i].kind == CALL_SITE_OLD;
		left += f.sites[i].kind == CALL_SITE_AMBIGUOUS;
	}
	/* a_stop: definition and member; b, c and d left; e not the struct's */
	check_str(seen.buf,
		  "a_stop:old:0 b_stop:definition:0 "
		  "c_stop:definition:0 a_stop:old:0 b_stop:ambiguous:10 "
		  "c_stop:ambiguous:9 d_stop:ambiguous:11 ");
	check_int((int)old, 2);
	check_int((int)left, 3);
	scan_file_release(&f);
	strbuf_release(&seen);
	migration_release(&m);
}

static void test_rewrite(void)
{
	static const char text[] = "static int a_stop(struct dev *d)\n{\n"
				   "\tif (d)\n\t\treturn 0;\n\ta_off(d);\n\n"
				   "\treturn 0;\n}\n"
				   "struct drv x = { .stop = a_stop, };\n";
	struct strbuf out = STRBUF_INIT;
	unsigned char convert[2] = { 1, 1 };
	struct apply_rewrite rw = { 0 };
	struct migration m;
	struct scan_file f;

	check_int_fatal(parse_with(&m, "int stop(struct dev *d)",
				   "void stop_new(struct dev *d)", ""),
			0);
	scan_file_buffer(&f, "t.c", text, strlen(text), &m);
	check_int_fatal((int)f.nr_sites, 2);
	rw.m = &m;
	rw.buf = text;
	rw.len = strlen(text);
	rw.sites = f.sites;
	rw.nr_sites = f.nr_sites;
	rw.convert = convert;
	rw.out = &out;
	rewrite_callbacks(&rw);
	check_int((int)rw.converted, 2);
	check_str(out.buf, "static void a_stop(struct dev *d)\n{\n"
			   "\tif (d)\n\t\treturn;\n\ta_off(d);\n}\n"
			   "struct drv x = { .stop_new = a_stop, };\n");
	strbuf_release(&out);
	scan_file_release(&f);
	migration_release(&m);
}

static const struct unit_test tests[] = {
	{ "the keys are read and each bad one refused", test_keys },
	{ "scan decides each member's function", test_scan },
	{ "the rewrite converts the function and the member", test_rewrite },
	{ NULL, NULL }
};

UNIT_MAIN("kind-callback", tests)
