/*
 * value-cache.c - the values of a file's argument texts in the result
 * cache, and their records (see value-cache.h for what the key and the
 * entry cover).
 *
 * Contract: an entry's payload is the digests section of clang-cache.h,
 * then the file's records, whose header list is in the same order.
 * Everything runs on the caller's thread.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clang-value.h"
#include "record.h"
#include "result-cache.h"
#include "util.h"
#include "value-cache.h"

void value_cache_init(struct value_cache *vc, const char *tree,
		      const struct migration *m,
		      const unsigned char header_list[SHA256_LEN])
{
	clang_cache_init(&vc->clang, tree, m);
	vc->tree = tree;
	memcpy(vc->header_list, header_list, SHA256_LEN);
}

/* the entry's key: the run's, the tree's headers, the file, its texts */
static void file_key(const struct value_cache *vc, const char *path,
		     const char *text, size_t len,
		     const struct clang_value *values, size_t nr,
		     struct result_key *key)
{
	char count[32];
	size_t i;

	clang_cache_key(&vc->clang, "case-values", key);
	result_key_add(key, vc->header_list, SHA256_LEN);
	result_key_addstr(key, path);
	result_key_add(key, text, len);
	snprintf(count, sizeof(count), "%zu", nr);
	result_key_addstr(key, count);
	for (i = 0; i < nr; i++)
		result_key_addstr(key, values[i].text);
}

void value_records_write(const struct clang_value *values, size_t nr,
			 const struct strlist *deps, struct strbuf *out)
{
	size_t i;

	strbuf_addf(out, "values %zu\n", nr);
	for (i = 0; i < nr; i++) {
		char value[32];

		snprintf(value, sizeof(value), "%" PRIu64, values[i].value);
		strbuf_addf(out, "value %d", values[i].known ? 1 : 0);
		record_add_string(out, value);
		strbuf_addch(out, '\n');
	}
	record_add_deps(out, deps);
}

/* a "value KNOWN VALUE" line into v */
static void read_value(struct record_cursor *c, struct clang_value *v)
{
	char *text, *end;

	record_expect(c, "value");
	v->known = record_number(c) != 0;
	text = record_string(c);
	if (!text || !*text || *text == '-') {
		c->bad = 1;
	} else {
		v->value = strtoull(text, &end, 10);
		c->bad |= *end != '\0';
	}
	free(text);
}

int value_records_read(const char *buf, size_t len, struct clang_value *values,
		       size_t nr, struct strlist *deps)
{
	struct record_cursor c = RECORD_CURSOR(buf, len);
	struct clang_value *read = xcalloc(nr + 1, sizeof(*read));
	struct strlist found_deps = STRLIST_INIT;
	size_t i;
	int ok;

	record_expect(&c, "values");
	c.bad |= record_number(&c) != nr;
	for (i = 0; !c.bad && i < nr; i++)
		read_value(&c, &read[i]);
	record_deps(&c, &found_deps);
	ok = record_done(&c);
	for (i = 0; ok && i < nr; i++) {
		values[i].known = read[i].known;
		values[i].value = read[i].value;
	}
	for (i = 0; ok && i < found_deps.nr; i++)
		strlist_push(deps, found_deps.items[i].string);
	strlist_clear(&found_deps, 0);
	free(read);
	return ok ? 0 : -1;
}

int value_cache_get(struct value_cache *vc, const char *path, const char *text,
		    size_t len, struct clang_value *values, size_t nr)
{
	struct strbuf payload = STRBUF_INIT;
	struct strlist deps = STRLIST_INIT;
	struct clang_value *found = NULL;
	struct result_key key;
	const char *records, *digests;
	size_t rlen, i;
	int hit = 0;

	if (!vc->clang.enabled)
		return 0;
	file_key(vc, path, text, len, values, nr, &key);
	if (result_cache_get(&key, &payload) <= 0)
		goto out_release;
	records = clang_cache_records(&payload, &digests, &rlen);
	found = xcalloc(nr + 1, sizeof(*found));
	if (!records || value_records_read(records, rlen, found, nr, &deps) ||
	    clang_cache_digests_hold(&vc->clang, vc->tree, NULL, &deps, digests,
				     records))
		goto out_release; /* damaged or stale: a miss */
	for (i = 0; i < nr; i++) {
		values[i].known = found[i].known;
		values[i].value = found[i].value;
	}
	hit = 1;
out_release:
	free(found);
	strlist_clear(&deps, 0);
	strbuf_release(&payload);
	return hit;
}

void value_cache_put(struct value_cache *vc, const char *path, const char *text,
		     size_t len, const struct clang_value *values, size_t nr,
		     const struct strlist *deps)
{
	struct strbuf payload = STRBUF_INIT;
	struct result_key key;

	if (!vc->clang.enabled)
		return;
	if (clang_cache_add_digests(&vc->clang, vc->tree, NULL, deps,
				    &payload) < 0)
		goto out_release;
	value_records_write(values, nr, deps, &payload);
	file_key(vc, path, text, len, values, nr, &key);
	result_cache_put(&key, payload.buf, payload.len);
out_release:
	strbuf_release(&payload);
}

void value_cache_release(struct value_cache *vc)
{
	clang_cache_release(&vc->clang);
}
