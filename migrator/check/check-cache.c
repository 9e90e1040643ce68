/*
 * check-cache.c - libclang's records of a file in the result cache (see
 * check-cache.h for what the key and the entry cover).
 *
 * Contract: an entry's payload is the digests section of clang-cache.h,
 * then the records (check-records.c), whose header list is in the
 * same order.  Everything runs on the caller's thread.
 */
#include <stdio.h>
#include <string.h>

#include "check-cache.h"
#include "check.h"
#include "result-cache.h"

void check_cache_init(struct check_cache *cc, const char *tree,
		      const struct migration *m)
{
	clang_cache_init(&cc->clang, tree, m);
}

/* the entry's key: the run's, the result's API and headers, the file */
static void file_key(const struct check_cache *cc, const struct check_result *r,
		     const struct check_file *cf, struct result_key *key)
{
	const struct tree_api *api = &r->api;
	char line[128];

	clang_cache_key(&cc->clang, "check-file", key);
	snprintf(line, sizeof(line), "%d %d %d %u %zu %d %d %d %s",
		 (int)api->declared, (int)api->used, api->fallback, api->line,
		 api->nr_params, api->variadic, api->macro, api->both,
		 api->header ? api->header : "");
	result_key_addstr(key, line);
	result_key_add(key, r->scan.header_list, sizeof(r->scan.header_list));
	result_key_addstr(key, cf->analysed.path);
	result_key_add(key, cf->text.buf, cf->text.len);
}

/* ---- get and put ---- */

int check_cache_get(struct check_cache *cc, const struct check_result *r,
		    struct check_file *cf)
{
	struct strbuf payload = STRBUF_INIT;
	struct result_key key;
	const char *records, *digests;
	size_t len;
	int hit = 0;

	if (!cc->clang.enabled)
		return 0;
	file_key(cc, r, cf, &key);
	if (result_cache_get(&key, &payload) <= 0)
		goto out_release;
	records = clang_cache_records(&payload, &digests, &len);
	if (!records || check_records_read(cf, records, len))
		goto out_release;
	if (clang_cache_digests_hold(&cc->clang, r->tree, r->overlay,
				     &cf->analysed.deps, digests, records))
		check_records_read(cf, "", 0); /* stale: cleared, a miss */
	else
		hit = 1;
out_release:
	strbuf_release(&payload);
	return hit;
}

void check_cache_put(struct check_cache *cc, const struct check_result *r,
		     const struct check_file *cf)
{
	struct strbuf payload = STRBUF_INIT;
	struct result_key key;

	if (!cc->clang.enabled)
		return;
	if (clang_cache_add_digests(&cc->clang, r->tree, r->overlay,
				    &cf->analysed.deps, &payload) < 0)
		goto out_release;
	check_records_write(cf, &payload);
	file_key(cc, r, cf, &key);
	result_cache_put(&key, payload.buf, payload.len);
out_release:
	strbuf_release(&payload);
}

void check_cache_release(struct check_cache *cc)
{
	clang_cache_release(&cc->clang);
}
