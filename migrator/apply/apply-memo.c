/*
 * apply-memo.c - a whole apply_tree() result in the result cache, for a
 * run on a tree that has not changed since (see apply-work.h).
 *
 * Contract: the key holds everything a run reads.  The run's own: the
 * semantic patches, their isomorphisms, spatch and its version
 * (apply_spatch_key()), the migration's file and the kernel's types,
 * the line limit and spatch's time limit.  The tree's: every path the
 * walk lists with the stat data the scan index trusts (device, inode,
 * size, change and modification times), the walk's notes and its
 * leftovers.  A run is kept only when it is one a later run would
 * repeat: no file written within a second of the walk (its stat data
 * may not show a second write), nothing unreadable, no file failed,
 * no call left to a timeout or a failed spatch.  The payload is
 * record.h's lines; one that does not read whole is a miss.  It holds
 * no file's text: of a file apply read, the SHA-256 of its bytes and,
 * when converted, the one span of them its new text replaces (from the
 * first changed byte to the last) and what replaces it.  A hit reads
 * those files again, as apply would; one whose stat data or digest
 * differs makes the whole entry a miss.
 */
#include <stdlib.h>
#include <string.h>

#include "apply-work.h"
#include "parallel.h"
#include "record.h"
#include "result-cache.h"
#include "sha256.h"
#include "tree-fs.h"
#include "util.h"

#define MEMO_MAGIC "kmigrate-apply-run 7"

static void add_number(struct result_key *key, long long n)
{
	result_key_add(key, &n, sizeof(n));
}

int apply_memo_key(struct result_key *key, const struct result_key *spatch,
		   const struct apply_opts *opts, unsigned int max_line_length,
		   const struct tree_walk *walk, const struct timespec *started)
{
	struct result_key base = *spatch;
	int storable = 1;
	char *path;
	size_t i;

	result_key_init(key, "apply-run");
	result_key_addstr(key, result_key_hex(&base));
	path = xstrfmt("%s/migration", opts->m->dir);
	result_key_add_file_or_none(key, path);
	free(path);
	path = xstrfmt("%s/kernel-types", km_semantic_patches_dir());
	result_key_add_file_or_none(key, path);
	free(path);
	add_number(key, max_line_length);
	add_number(key, opts->timeout_sec);
	for (i = 0; opts->values && i < opts->values->nr; i++) {
		const struct map_values_file *f = &opts->values->files[i];
		size_t k;

		result_key_addstr(key, f->path);
		for (k = 0; k < f->nr; k++) {
			result_key_addstr(key, f->items[k].text);
			result_key_addstr(key, f->items[k].conflict ?
						       "?" :
						       f->items[k].literal);
		}
	}
	for (i = 0; i < walk->nr_files; i++) {
		const struct tree_file *f = &walk->files[i];
		long long fields[TREE_FILE_STAT_FIELDS];

		tree_file_stat_fields(f, fields);
		result_key_addstr(key, f->path);
		result_key_add(key, fields, sizeof(fields));
		add_number(key, f->via_link);
		if (tree_time_racy(&f->ctime, started) ||
		    tree_time_racy(&f->mtime, started))
			storable = 0;
	}
	for (i = 0; i < walk->notes.nr; i++) {
		const struct tree_note *n = &walk->notes.items[i];

		result_key_addstr(key, n->path);
		result_key_addstr(key, n->message);
		add_number(key, n->warning * 16 + (int)n->problem);
	}
	for (i = 0; i < walk->leftovers.nr; i++)
		result_key_addstr(key, walk->leftovers.items[i].string);
	return storable;
}

/* ---- writing ---- */

static size_t file_index(const struct apply_result *r, const char *path)
{
	size_t i;

	for (i = 0; i < r->nr_files; i++)
		if (r->files[i].path == path || !strcmp(r->files[i].path, path))
			return i;
	return r->nr_files;
}

static int write_lefts(struct strbuf *out, const struct apply_result *r,
		       const char *word, const struct apply_left *lefts,
		       size_t nr)
{
	size_t i;

	for (i = 0; i < nr; i++) {
		const struct apply_left *l = &lefts[i];
		size_t file = file_index(r, l->path);

		if (file == r->nr_files)
			return -1;
		strbuf_addf(out, "%s %zu %zu %zu %d %d %d %zu", word, file,
			    l->line, l->column, (int)l->reason,
			    (int)l->site_kind, (int)l->site_reason, l->arg);
		record_add_string(out, l->text);
		record_add_string(out, l->param);
		record_add_string(out, l->function);
		strbuf_addch(out, '\n');
	}
	return 0;
}

/* the span of new that differs from old: where, how long in each */
static void changed_span(const struct strbuf *old, const struct strbuf *new,
			 size_t *start, size_t *old_len, size_t *new_len)
{
	size_t pre = 0, post = 0;

	while (pre < old->len && pre < new->len &&
	       old->buf[pre] == new->buf[pre])
		pre++;
	while (post < old->len - pre && post < new->len - pre &&
	       old->buf[old->len - 1 - post] == new->buf[new->len - 1 - post])
		post++;
	*start = pre;
	*old_len = old->len - pre - post;
	*new_len = new->len - pre - post;
}

static int write_file(struct strbuf *out, const struct apply_file *f)
{
	unsigned char digest[SHA256_LEN];
	size_t start, old_len, new_len;

	/* an unconverted file's new text is its old (convert_file) */
	if (!f->converted &&
	    (f->new_text.len != f->old_text.len ||
	     memcmp(f->new_text.buf, f->old_text.buf, f->old_text.len)))
		return -1;
	strbuf_addf(out, "file %u %d", f->converted, f->old_text.len > 0);
	record_add_string(out, f->path);
	record_add_bytes(out, (const char *)&f->st, sizeof(f->st));
	if (f->old_text.len) {
		sha256_buffer(f->old_text.buf, f->old_text.len, digest);
		record_add_bytes(out, (const char *)digest, sizeof(digest));
	}
	if (f->converted) {
		changed_span(&f->old_text, &f->new_text, &start, &old_len,
			     &new_len);
		strbuf_addf(out, " %zu %zu", start, old_len);
		record_add_bytes(out, f->new_text.buf + start, new_len);
	}
	strbuf_addch(out, '\n');
	return 0;
}

/* the run as a payload; -1 when it is not one to keep */
static int write_result(struct strbuf *out, const struct apply_result *r)
{
	size_t i;

	if (r->nr_failed || r->nr_unreadable || r->nr_unwritten ||
	    r->nr_changed_during || r->counts[APPLY_LEFT_TIMEOUT] ||
	    r->counts[APPLY_LEFT_SPATCH_FAILED])
		return -1;
	strbuf_addf(out, "%s\nresult %zu %zu %zu %zu %zu %zu %u\ncounts",
		    MEMO_MAGIC, r->nr_files, r->nr_left, r->nr_dropped,
		    r->nr_converted, r->nr_changed, r->nr_binary,
		    r->max_line_length);
	for (i = 0; i < APPLY_LEFT_NR; i++)
		strbuf_addf(out, " %zu", r->counts[i]);
	strbuf_addch(out, '\n');
	for (i = 0; i < r->nr_files; i++)
		if (write_file(out, &r->files[i]) < 0)
			return -1;
	if (write_lefts(out, r, "left", r->left, r->nr_left) < 0 ||
	    write_lefts(out, r, "dropped", r->dropped, r->nr_dropped) < 0)
		return -1;
	strbuf_addf(out, "notes %zu\n", r->notes.nr);
	for (i = 0; i < r->notes.nr; i++) {
		const struct tree_note *n = &r->notes.items[i];

		strbuf_addf(out, "note %d %d", n->warning, (int)n->problem);
		record_add_string(out, n->path);
		record_add_string(out, n->message);
		strbuf_addch(out, '\n');
	}
	return 0;
}

void apply_memo_put(struct result_key *key, const struct apply_result *r)
{
	struct strbuf payload = STRBUF_INIT;

	if (result_cache_enabled() && !write_result(&payload, r))
		result_cache_put(key, payload.buf, payload.len);
	strbuf_release(&payload);
}

/* ---- reading ---- */

/* what the entry says of a file apply read, to check on a hit */
struct read_file {
	int was_read;
	unsigned char digest[SHA256_LEN];
	size_t start, old_len; /* the span the new text replaces */
	struct strbuf span;
};

static void read_file(struct record_cursor *c, struct apply_file *f,
		      struct read_file *rf)
{
	struct strbuf bytes = STRBUF_INIT;
	size_t converted, was_read;

	record_expect(c, "file");
	converted = record_number(c);
	was_read = record_number(c);
	f->converted = (unsigned int)converted;
	if (converted != f->converted || was_read > 1 ||
	    (converted && !was_read))
		c->bad = 1;
	rf->was_read = (int)was_read;
	f->path = record_string(c);
	if (!f->path)
		c->bad = 1;
	record_bytes(c, &bytes);
	if (bytes.len == sizeof(f->st))
		memcpy(&f->st, bytes.buf, sizeof(f->st));
	else
		c->bad = 1;
	if (was_read) {
		strbuf_reset(&bytes);
		record_bytes(c, &bytes);
		if (bytes.len == sizeof(rf->digest))
			memcpy(rf->digest, bytes.buf, sizeof(rf->digest));
		else
			c->bad = 1;
	}
	if (converted) {
		rf->start = record_number(c);
		rf->old_len = record_number(c);
		record_bytes(c, &rf->span);
	}
	strbuf_release(&bytes);
}

static int same_stat(const struct stat *a, const struct stat *b)
{
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino &&
	       a->st_size == b->st_size &&
	       a->st_mtim.tv_sec == b->st_mtim.tv_sec &&
	       a->st_mtim.tv_nsec == b->st_mtim.tv_nsec &&
	       a->st_ctim.tv_sec == b->st_ctim.tv_sec &&
	       a->st_ctim.tv_nsec == b->st_ctim.tv_nsec;
}

/*
 * The file read again as it was when the run was kept, and its new text
 * made from the entry's span; -1 when it is not that file any more
 */
static int reread_file(const struct tree_fs *fs, struct apply_file *f,
		       const struct read_file *rf)
{
	unsigned char digest[SHA256_LEN];
	struct stat st;

	if (tree_fs_read(fs, f->path, &f->old_text, &st) < 0 ||
	    !same_stat(&st, &f->st))
		return -1;
	sha256_buffer(f->old_text.buf, f->old_text.len, digest);
	if (memcmp(digest, rf->digest, sizeof(digest)))
		return -1;
	f->st = st;
	if (!f->converted) {
		strbuf_add(&f->new_text, f->old_text.buf, f->old_text.len);
		return 0;
	}
	if (rf->start > f->old_text.len ||
	    rf->old_len > f->old_text.len - rf->start)
		return -1;
	strbuf_add(&f->new_text, f->old_text.buf, rf->start);
	strbuf_add(&f->new_text, rf->span.buf, rf->span.len);
	strbuf_add(&f->new_text, f->old_text.buf + rf->start + rf->old_len,
		   f->old_text.len - rf->start - rf->old_len);
	return 0;
}

static void read_lefts(struct record_cursor *c, struct apply_result *r,
		       const char *word, struct apply_left *lefts, size_t nr,
		       size_t reasons)
{
	size_t i;

	for (i = 0; !c->bad && i < nr; i++) {
		struct apply_left *l = &lefts[i];
		size_t file, reason, site_kind, site_reason;

		record_expect(c, word);
		file = record_number(c);
		l->line = record_number(c);
		l->column = record_number(c);
		reason = record_number(c);
		site_kind = record_number(c);
		site_reason = record_number(c);
		l->arg = record_number(c);
		l->text = record_string(c);
		l->param = record_string(c);
		l->function = record_string(c);
		if (c->bad || file >= r->nr_files || reason > reasons ||
		    site_kind >= CALL_SITE_NR_KINDS ||
		    site_reason >= CALL_REASON_NR) {
			c->bad = 1;
			continue;
		}
		l->path = r->files[file].path;
		l->reason = (enum apply_reason)reason;
		l->site_kind = (enum call_site_kind)site_kind;
		l->site_reason = (enum call_site_reason)site_reason;
	}
}

static void read_notes(struct record_cursor *c, struct tree_notes *notes)
{
	size_t nr, i;

	record_expect(c, "notes");
	nr = record_number(c);
	for (i = 0; !c->bad && i < nr; i++) {
		size_t warning, problem;
		char *path, *message;

		record_expect(c, "note");
		warning = record_number(c);
		problem = record_number(c);
		path = record_string(c);
		message = record_string(c);
		if (!c->bad && path && message && warning <= 1 &&
		    problem <= TREE_NOTE_LEFTOVER)
			tree_notes_add(notes, path, (int)warning, "%s", message)
				->problem = (enum tree_note_problem)problem;
		else
			c->bad = 1;
		free(path);
		free(message);
	}
}

static void read_result(struct record_cursor *c, struct apply_result *r,
			struct read_file **rfs)
{
	size_t i;

	record_expect(c, MEMO_MAGIC);
	record_expect(c, "result");
	r->nr_files = record_number(c);
	r->nr_left = record_number(c);
	r->nr_dropped = record_number(c);
	r->nr_converted = record_number(c);
	r->nr_changed = record_number(c);
	r->nr_binary = record_number(c);
	r->max_line_length = (unsigned int)record_number(c);
	record_expect(c, "counts");
	for (i = 0; i < APPLY_LEFT_NR; i++)
		r->counts[i] = record_number(c);
	/* no more entries than the payload has lines */
	if (c->bad || r->nr_files + r->nr_left + r->nr_dropped >
			      (size_t)(c->end - c->p)) {
		c->bad = 1;
		r->nr_files = r->nr_left = r->nr_dropped = 0;
		return;
	}
	r->files = xcalloc(r->nr_files + 1, sizeof(*r->files));
	r->alloc_files = r->nr_files;
	for (i = 0; i < r->nr_files; i++) {
		strbuf_init(&r->files[i].old_text, 0);
		strbuf_init(&r->files[i].new_text, 0);
	}
	*rfs = xcalloc(r->nr_files + 1, sizeof(**rfs));
	for (i = 0; i < r->nr_files; i++)
		strbuf_init(&(*rfs)[i].span, 0);
	for (i = 0; !c->bad && i < r->nr_files; i++)
		read_file(c, &r->files[i], &(*rfs)[i]);
	r->left = xcalloc(r->nr_left + 1, sizeof(*r->left));
	r->alloc_left = r->nr_left;
	r->dropped = xcalloc(r->nr_dropped + 1, sizeof(*r->dropped));
	r->alloc_dropped = r->nr_dropped;
	read_lefts(c, r, "left", r->left, r->nr_left, APPLY_LEFT_NR - 1);
	read_lefts(c, r, "dropped", r->dropped, r->nr_dropped, APPLY_DROPPED);
	read_notes(c, &r->notes);
}

struct reread {
	const struct tree_fs *fs;
	struct apply_result *r;
	const struct read_file *rfs;
	char *changed; /* per file: not as it was */
};

/* run on a worker thread: touches only file index's slots */
static void reread_one(size_t index, void *cb)
{
	struct reread *rr = cb;

	if (rr->rfs[index].was_read)
		rr->changed[index] = reread_file(rr->fs, &rr->r->files[index],
						 &rr->rfs[index]) < 0;
}

/*
 * every file the run read, read again on -j threads: -1 when one is not
 * as it was
 */
static int reread_files(const char *tree, int jobs, struct apply_result *r,
			const struct read_file *rfs)
{
	struct reread rr = { NULL, r, rfs, NULL };
	struct tree_fs fs;
	size_t i;
	int ret = 0;

	if (tree_fs_open(&fs, tree) < 0)
		return -1;
	rr.fs = &fs;
	rr.changed = xcalloc(r->nr_files + 1, 1);
	run_tasks_parallel(jobs, r->nr_files, reread_one, &rr);
	for (i = 0; i < r->nr_files; i++)
		if (rr.changed[i])
			ret = -1;
	free(rr.changed);
	tree_fs_close(&fs);
	return ret;
}

int apply_memo_get(struct result_key *key, const char *tree, int jobs,
		   struct apply_result *r)
{
	struct strbuf payload = STRBUF_INIT;
	struct read_file *rfs = NULL;
	struct record_cursor c;
	size_t i;
	int hit = 0;

	if (result_cache_get(key, &payload) > 0) {
		c = (struct record_cursor)RECORD_CURSOR(payload.buf,
							payload.len);
		read_result(&c, r, &rfs);
		hit = record_done(&c) && !reread_files(tree, jobs, r, rfs);
		for (i = 0; rfs && i < r->nr_files; i++)
			strbuf_release(&rfs[i].span);
		free(rfs);
		if (!hit)
			apply_result_release(r);
	}
	strbuf_release(&payload);
	return hit;
}
