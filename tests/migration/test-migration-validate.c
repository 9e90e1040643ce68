/*
 * test-migration-validate.c - what a value of a migration's data may be
 * (migration-validate.h), and a hostile migration file refused by
 * migration_parse() field by field.  The fuzz case feeds random C-ish
 * text to validate_c_expression(), checks what it lets through with a
 * scanner of its own, and generates the semantic patch of a migration
 * that passes each accepted value: no value adds a rule to it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cocci-gen.h"
#include "migration.h"
#include "migration-validate.h"
#include "strbuf.h"
#include "test-migration-data.h"
#include "unit.h"

typedef int (*validator)(const char *, struct strbuf *);

/* every good value passes, every bad one fails with a one-line reason */
static void expect(validator fn, const char *const *good, size_t nr_good,
		   const char *const *bad, size_t nr_bad)
{
	struct strbuf why = STRBUF_INIT;
	size_t i;

	for (i = 0; i < nr_good; i++) {
		strbuf_reset(&why);
		if (fn(good[i], &why))
			fprintf(stderr, "refused '%s': %s\n", good[i], why.buf);
		check_int(fn(good[i], &why), 0);
	}
	for (i = 0; i < nr_bad; i++) {
		strbuf_reset(&why);
		if (!fn(bad[i], &why))
			fprintf(stderr, "accepted '%s'\n", bad[i]);
		check_int(fn(bad[i], &why), -1);
		CU_ASSERT_TRUE(why.len > 0);
		CU_ASSERT_PTR_NULL(strpbrk(why.buf, "\n\r"));
	}
	strbuf_release(&why);
}

#define EXPECT(fn, good, bad) \
	expect(fn, good, ARRAY_SIZE(good), bad, ARRAY_SIZE(bad))

static void test_names(void)
{
	static const char *const good[] = { "class-device-parent", "a", "0x",
					    "frob-swap", "x-" };
	static const char *const bad[] = {
		"",	  "-x", "Abc", "a/b", "../x", "a b",	   "a_b",
		"a\n@x@", ".x", "a.b", "x\r", "..",   "ab\x1b[2K", "é",
	};

	EXPECT(validate_migration_name, good, bad);
}

static void test_lines(void)
{
	static const char *const line[] = { "driver core: fix it", "a'b\"c", "",
					    "x@y" };
	static const char *const not_line[] = { "a\nb", "a\rb", "a\tb",
						"\x1b[31m", "a\x7f" };
	static const char *const prose[] = { "a\nb", "a\n\tb", "one" };
	static const char *const not_prose[] = { "a\r\nb", "\x1b[31m", "\b" };
	static const char *const ident[] = { "class_create", "_x", "F00" };
	static const char *const not_ident[] = { "",	"0x", "a-b",
						 "a b", "a$", "a\n" };
	static const char *const word[] = { "class-device", "devt", "a_b" };
	static const char *const not_word[] = { "", "a b", "a*", "a\n" };

	EXPECT(validate_one_line, line, not_line);
	EXPECT(validate_prose, prose, not_prose);
	EXPECT(validate_identifier, ident, not_ident);
	EXPECT(validate_word, word, not_word);
}

static void test_expressions(void)
{
	static const char *const good[] = {
		"NULL",
		"MKDEV(0, 0)",
		"0",
		"\"str\"",
		"(struct x){ .a = 1 }",
		"a[1]",
		"'\\''",
		"L\"x\"",
		"-1UL",
		"0,0",
		"\"a;b // c /* d */\"",
		"&x->dev",
		"sizeof(int) * 2",
	};
	static const char *const bad[] = {
		"NULL\n@script:python@",
		"a@b",
		"\"a@b\"",
		"@@",
		"f(",
		"f)",
		"(]",
		"{",
		"a /* x */",
		"a // x",
		"/*",
		"#x",
		"a ## b",
		"a;b",
		"f(...)",
		"\"abc",
		"'a",
		"\"a\\\"",
		"$x",
		"a\rb",
		"a\tb",
		"`",
		"\\",
		"\x80",
		"",
		"  ",
	};

	EXPECT(validate_c_expression, good, bad);
}

static void test_types_and_prototypes(void)
{
	static const char *const types[] = { "struct class *", "dev_t",
					     "const char *", "unsigned long",
					     "char **" };
	static const char *const not_types[] = {
		"*x",	     "int[2]", "int (*)(void)", "char *\n@@", "x @",
		"int /*c*/", "0",      "\"s\"",		"int, x",     "",
	};
	static const char *const protos[] = {
		"struct class *class_create(struct module *owner, const char *name)",
		"int g()",
		"void f(void x)",
		"int f(char *fmt, ...)",
		"int f(...)",
		/* the tokens only: the grammar is test-prototype.c's */
		"int f(int a[2]);",
		"int f(int (*cb)(void))",
		"__printf(2, 3) int f(const char *fmt, ...)",
	};
	static const char *const not_protos[] = {
		"int f(int a) // c", "int f(int a @)", "int f(int a = 1)",
		"int f(int a\n)",    "int f(int a) {", "int f(char *s = \"x\")",
		"int f(int a) (b",   "int $f(int a)",
	};

	EXPECT(validate_c_type, types, not_types);
	EXPECT(validate_prototype, protos, not_protos);
}

static void test_paths(void)
{
	static const char *const good[] = { "include/linux/device.h", "a.cocci",
					    "x/./y", "a..b/c..",
					    "tree-fixtures/linux-2.6.14-mini" };
	static const char *const bad[] = { "",		"/etc/passwd", "../x",
					   "a/../../b", "a/..",	       "..",
					   "a\nb",	"a\rb" };

	EXPECT(validate_relative_path, good, bad);
}

static void test_symlinks(void)
{
	char dir[] = "/tmp/test-migration-validate-XXXXXX";
	struct strbuf why = STRBUF_INIT, path = STRBUF_INIT;
	FILE *fp;

	CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(dir));
	strbuf_addf(&path, "%s/mine.cocci", dir);
	fp = fopen(path.buf, "w");
	CU_ASSERT_PTR_NOT_NULL_FATAL(fp);
	fclose(fp);
	strbuf_reset(&path);
	strbuf_addf(&path, "%s/out.cocci", dir);
	check_int(symlink("/etc/passwd", path.buf), 0);
	strbuf_reset(&path);
	strbuf_addf(&path, "%s/in.cocci", dir);
	check_int(symlink("mine.cocci", path.buf), 0);

	check_int(validate_path_inside(dir, "mine.cocci", &why), 0);
	check_int(validate_path_inside(dir, "in.cocci", &why), 0);
	/* missing: its reader says so */
	check_int(validate_path_inside(dir, "none.cocci", &why), 0);
	check_int(validate_path_inside(dir, "out.cocci", &why), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(why.buf, "leads out of"));

	unlink(path.buf);
	strbuf_reset(&path);
	strbuf_addf(&path, "%s/out.cocci", dir);
	unlink(path.buf);
	strbuf_reset(&path);
	strbuf_addf(&path, "%s/mine.cocci", dir);
	unlink(path.buf);
	rmdir(dir);
	strbuf_release(&path);
	strbuf_release(&why);
}

/* test_migration_text with the line of key replaced by line */
static char *with_line(const char *key, const char *line)
{
	struct strbuf sb = STRBUF_INIT;
	const char *p = test_migration_text, *eol;
	size_t n = strlen(key);

	for (; *p; p = eol + 1) {
		eol = strchr(p, '\n');
		if (!strncmp(p, key, n) && p[n] == ':')
			strbuf_addf(&sb, "%s\n", line);
		else
			strbuf_add(&sb, p, (size_t)(eol - p + 1));
	}
	return strbuf_detach(&sb, NULL);
}

static void test_hostile_fields(void)
{
	static const struct {
		const char *key, *line;
	} bad[] = {
		{ "name", "name: x\n @script:python@\n @@\n import os" },
		{ "name", "name: ../../x" },
		{ "name", "name: Class-Device" },
		{ "name", "name: -x" },
		{ "function", "function: class_device_create\n x" },
		{ "header", "header: ../include/linux/device.h" },
		{ "header", "header: /usr/include/linux/device.h" },
		{ "cocci", "cocci: ../x.cocci" },
		{ "cocci", "cocci: /tmp/x.cocci" },
		{ "subject", "subject: a\n b" },
		{ "subject", "subject: a\rBcc: x" },
		{ "new-call", "new-call: $1, NULL@, $2, $3, $4, ..." },
		{ "new-call", "new-call: $1, f(@@), $2, $3, $4, ..." },
		{ "new-call", "new-call: $1, f(0, $2, $3, $4, ..." },
		{ "new-call", "new-call: $1, NULL /* x */, $2, $3, $4, ..." },
		{ "new-call", "new-call: $1, NULL // x, $2, $3, $4, ..." },
		{ "new-call", "new-call: $1 NULL\n @@ $2 $3 $4 ..." },
		{ "old-prototype",
		  "old-prototype: struct class_device *class_device_create("
		  "struct class *cls, dev_t devt, struct device *device, "
		  "char *fmt, ...) @@" },
		{ "not-null", "not-null: cls@ x" },
		{ "not-null", "not-null: cls a\n b" },
		{ "description", "description: a\r\n b" },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		struct migration m;
		char *text = with_line(bad[i].key, bad[i].line);

		int ret;

		memset(&m, 0, sizeof(m));
		ret = migration_parse(&m, text, "hostile");
		if (ret != -1)
			fprintf(stderr, "accepted: %s\n", bad[i].line);
		check_int(ret, -1);
		migration_release(&m);
		free(text);
	}
}

/* ---- fuzz ---- */

/*
 * What validate_c_expression() promises, checked without the lexer: no
 * '@' or control byte anywhere; outside literals no comment, '#', ';',
 * "...", '$', '`' or '\', and balanced brackets.
 */
static int expression_is_safe(const char *s)
{
	char stack[64];
	size_t depth = 0;
	const char *p;

	for (p = s; *p; p++)
		if (*p == '@' || (unsigned char)*p < 0x20 || *p == 0x7f)
			return 0;
	for (p = s; *p; p++) {
		if (*p == '"' || *p == '\'') {
			char q = *p;

			for (p++; *p && *p != q; p++)
				if (*p == '\\' && p[1])
					p++;
			if (!*p)
				return 0;
			continue;
		}
		if (strchr("#;$`\\", *p) || !strncmp(p, "/*", 2) ||
		    !strncmp(p, "//", 2) || !strncmp(p, "...", 3))
			return 0;
		if (strchr("([{", *p)) {
			if (depth == sizeof(stack))
				return 0;
			stack[depth++] = *p == '(' ? ')' :
					 *p == '[' ? ']' :
						     '}';
		} else if (strchr(")]}", *p)) {
			if (!depth || stack[--depth] != *p)
				return 0;
		}
	}
	return !depth;
}

/* the lines of a semantic patch that start with '@' (rule headers) */
static size_t rule_headers(const char *cocci)
{
	const char *line = cocci;
	size_t nr = 0;

	while (line) {
		nr += *line == '@';
		line = strchr(line, '\n');
		if (line)
			line++;
	}
	return nr;
}

/* the generated .cocci of the test migration inserting value; 0: none */
static size_t generated_headers(const char *value)
{
	struct migration m;
	struct strbuf line = STRBUF_INIT, cocci = STRBUF_INIT;
	char *text;
	size_t nr = 0;

	strbuf_addf(&line, "new-call: $1, %s, $2, $3, $4, ...", value);
	text = with_line("new-call", line.buf);
	memset(&m, 0, sizeof(m));
	if (!migration_parse(&m, text, "fuzz") &&
	    !kernel_data_parse(&m.kernel, test_kernel_text, "kernel")) {
		cocci_generate(&m, &cocci);
		nr = rule_headers(cocci.buf);
	}
	migration_release(&m);
	free(text);
	strbuf_release(&cocci);
	strbuf_release(&line);
	return nr;
}

static void test_fuzz_expressions(void)
{
	static const char alphabet[] =
		"@$#;/*()[]{}\"'\\ \n\r\tLu8aZ0_,.+-<>|&!?:`";
	static const char *const seeds[] = { "MKDEV(0, 0)", "NULL", "\"a\"",
					     "f(a[1], 'c')" };
	struct strbuf why = STRBUF_INIT, s = STRBUF_INIT;
	size_t baseline = generated_headers("NULL"), checked = 0;
	unsigned int seed = 26;
	int i, accepted = 0, unsafe = 0, injected = 0;

	CU_ASSERT_FATAL(baseline > 0);
	for (i = 0; i < 20000; i++) {
		int n, k;

		strbuf_reset(&s);
		if (i % 2) {
			strbuf_addstr(&s,
				      seeds[rand_r(&seed) % ARRAY_SIZE(seeds)]);
			for (k = rand_r(&seed) % 3; k >= 0; k--)
				strbuf_insert(
					&s, (size_t)rand_r(&seed) % (s.len + 1),
					&alphabet[rand_r(&seed) %
						  (sizeof(alphabet) - 1)],
					1);
		} else {
			for (n = 1 + rand_r(&seed) % 12; n; n--)
				strbuf_addch(&s,
					     alphabet[rand_r(&seed) %
						      (sizeof(alphabet) - 1)]);
		}
		strbuf_reset(&why);
		if (validate_c_expression(s.buf, &why))
			continue;
		accepted++;
		if (!expression_is_safe(s.buf)) {
			fprintf(stderr, "accepted an unsafe value: '%s'\n",
				s.buf);
			unsafe++;
		}
		/* a comma splits the item, a '$' is no value to the map */
		if (!strpbrk(s.buf, ",$") && checked++ < 400) {
			size_t nr = generated_headers(s.buf);

			if (nr && nr != baseline) {
				fprintf(stderr,
					"'%s': %zu rule headers, not %zu\n",
					s.buf, nr, baseline);
				injected++;
			}
		}
	}
	CU_ASSERT_TRUE(accepted > 100);
	check_int(unsafe, 0);
	check_int(injected, 0);
	strbuf_release(&s);
	strbuf_release(&why);
}

static const struct unit_test tests[] = {
	{ "migration names are [a-z0-9][a-z0-9-]*", test_names },
	{ "one line, prose, identifiers and words", test_lines },
	{ "values are one C expression", test_expressions },
	{ "types are words and '*', prototypes one declaration",
	  test_types_and_prototypes },
	{ "paths are relative and do not climb", test_paths },
	{ "a symbolic link out of the folder is refused", test_symlinks },
	{ "a hostile migration file is refused field by field",
	  test_hostile_fields },
	{ "fuzz: accepted values are safe and add no rule",
	  test_fuzz_expressions },
	{ NULL, NULL }
};

UNIT_MAIN("migration-validate", tests)
