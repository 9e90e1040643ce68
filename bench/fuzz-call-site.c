/*
 * bench/fuzz-call-site.c - a libFuzzer target for the call-site lexer:
 * lex_buffer(), scan_file_buffer() (the classification of every
 * occurrence and the split of its arguments) and apply's rewrite of the
 * old-form calls, on arbitrary bytes.  Built and run by "make fuzz",
 * never by make check (tests/fuzz-regressions/ holds what it found).
 *
 * Besides what AddressSanitizer and UBSan catch, every input must keep
 * the invariants the callers rely on; a broken one aborts:
 *  - tokens are in order, non-empty, inside the buffer, and never
 *    overlap; each token's directive is 0 or a directive opened before;
 *  - every site is inside the buffer, in offset order, at a whole
 *    identifier equal to the function's name, with a line and column
 *    that count the line ends before it; a call's parentheses and its
 *    argument ranges are inside the buffer and in order;
 *  - apply's rewrite of the convertible calls (reformat.c) differs from
 *    the input by exactly those calls, as cross_check() judges it: the
 *    check apply runs before it writes anything, so a failure here is a
 *    file apply would refuse to convert ("a bug").
 *
 * "make fuzz" builds the library with -fsanitize=fuzzer-no-link and
 * links this file with -fsanitize=fuzzer; tests/test-fuzz-regressions.c
 * includes it, to run the inputs found without libFuzzer.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cross-check.h"
#include "kinds.h"
#include "lexer.h"
#include "migration.h"
#include "reformat.h"
#include "rewrite.h"
#include "scan.h"
#include "strbuf.h"
#include "../tests/test-migration-data.h"

#define CHECK(cond)                                                       \
	do {                                                              \
		if (!(cond)) {                                            \
			fprintf(stderr, "invariant broken: %s (%s:%d)\n", \
				#cond, __FILE__, __LINE__);               \
			abort();                                          \
		}                                                         \
	} while (0)

static struct migration mig;

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	kinds_init();
	if (test_migration_parse(&mig) < 0)
		abort();
	return 0;
}

static void check_tokens(const char *buf, size_t len)
{
	struct token_list tl = TOKEN_LIST_INIT;
	size_t i, end = 0;

	lex_buffer(buf, len, &tl);
	for (i = 0; i < tl.nr; i++) {
		const struct token *t = &tl.tokens[i];

		CHECK(t->start >= end && t->start < t->end && t->end <= len);
		CHECK(t->directive <= tl.nr_directives);
		CHECK(!t->directive ||
		      tl.directive_hash[t->directive - 1] <= i);
		end = t->end;
	}
	token_list_release(&tl);
}

static int is_ident_byte(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_' || c == '$';
}

static void check_sites(const struct scan_file *f, const char *buf, size_t len)
{
	size_t i, k, n = strlen(mig.function), prev = 0, line = 1, col = 1;
	size_t pos = 0;

	for (i = 0; i < f->nr_sites; i++) {
		const struct call_site *cs = &f->sites[i];

		CHECK(cs->name_offset + n <= len);
		CHECK(i == 0 || cs->name_offset > prev);
		CHECK(!memcmp(buf + cs->name_offset, mig.function, n));
		CHECK(cs->name_offset == 0 ||
		      !is_ident_byte((unsigned char)buf[cs->name_offset - 1]));
		CHECK(cs->name_offset + n == len ||
		      !is_ident_byte((unsigned char)buf[cs->name_offset + n]));
		for (; pos < cs->name_offset; pos++) {
			col++;
			if (lex_line_end(buf, len, pos)) {
				line++;
				col = 1;
			}
		}
		CHECK(cs->line == line && cs->column == col);
		if (call_site_kind_is_call(cs->kind) && cs->has_args) {
			CHECK(cs->open_paren > cs->name_offset);
			CHECK(cs->open_paren < len);
			CHECK(cs->unterminated ||
			      (cs->close_paren > cs->open_paren &&
			       cs->close_paren < len));
			for (k = 0; k < cs->nr_args; k++)
				CHECK(cs->args[k].start <= cs->args[k].end &&
				      cs->args[k].end <= len);
			for (k = 0; k < cs->nr_commas; k++)
				CHECK(cs->commas[k] > cs->open_paren &&
				      cs->commas[k] < len &&
				      (!k ||
				       cs->commas[k] > cs->commas[k - 1]));
		}
		prev = cs->name_offset;
	}
}

/* apply's is_convertible() */
static int convertible(const struct call_site *cs)
{
	return cs->kind == CALL_SITE_OLD && !cs->in_macro && cs->has_args &&
	       !cs->unterminated;
}

/* apply's rewrite(): the new text may differ in those calls only */
static void check_rewrite(const char *buf, size_t len)
{
	struct scanned_text a, b;
	struct strbuf out = STRBUF_INIT;
	unsigned char *convert;
	enum call_change *changes;
	struct apply_rewrite rw = { .m = &mig,
				    .buf = buf,
				    .len = len,
				    .max_columns = REFORMAT_MAX_COLUMNS,
				    .out = &out };
	size_t i, where;

	scanned_text_init(&a, "fuzz.c", buf, len, &mig);
	convert = calloc(a.scan.nr_sites + 1, sizeof(*convert));
	for (i = 0; i < a.scan.nr_sites; i++)
		convert[i] = convertible(&a.scan.sites[i]);
	rw.sites = a.scan.sites;
	rw.nr_sites = a.scan.nr_sites;
	rw.convert = convert;
	mig.kind->rewrite(&rw);
	if (rw.converted) {
		scanned_text_init(&b, "fuzz.c", out.buf, out.len, &mig);
		changes = calloc(a.scan.nr_sites + 1, sizeof(*changes));
		CHECK(cross_check(&a, &b, &mig, changes, &where) == 0);
		for (i = 0; i < a.scan.nr_sites; i++)
			CHECK((changes[i] == CALL_CONVERTED) == convert[i]);
		free(changes);
		scanned_text_release(&b);
	}
	rewrite_release_warnings(&rw);
	free(convert);
	strbuf_release(&out);
	scanned_text_release(&a);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *buf = (const char *)data;
	struct scan_file f;

	check_tokens(buf, size);
	scan_file_buffer(&f, "fuzz.c", buf, size, &mig);
	check_sites(&f, buf, size);
	scan_file_release(&f);
	check_rewrite(buf, size);
	return 0;
}
