/*
 * scan-tree.c - a tree's call sites (see scan.h): the walk lists the
 * files, run_tasks_parallel() reads and scans each into its own slot
 * (scan.c's one buffer, unless the scan index says the file is clean),
 * and the slots are gathered in path order, with the digests of the
 * tree's header paths and of its .c files.  A file the migration's
 * exclude: patterns cover that names the function is not scanned: it
 * gets a note saying so, so it is accounted for, never dropped.
 */
#include <errno.h>
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "parallel.h"
#include "scan-index.h"
#include "scan.h"
#include "sha256.h"
#include "strbuf.h"
#include "tree-fs.h"
#include "tree-overlay.h"
#include "util.h"

struct scan_slot {
	struct scan_file file;
	struct tree_notes notes; /* this file's warning or note */
	int clean; /* read (or trusted: scan-index.h), names nothing */
	/* the tree's look (kind.h's tree_names): its text, when it names */
	struct strbuf text;
	int mentions;
};

struct scan_job {
	const char *tree;
	const struct tree_overlay *overlay;
	const struct migration *m;
	/* the walk's paths (util: its tree_file), with the overlay's */
	const struct strlist *paths;
	const struct scan_index *index;
	struct scan_slot *slots;
};

/* the migration's exclude: pattern that covers path, or NULL */
static const char *excluded_by(const struct migration *m, const char *path)
{
	size_t i;

	for (i = 0; i < m->exclude.nr; i++) {
		const char *pattern = m->exclude.items[i].string;

		if (!fnmatch(pattern, path, FNM_PATHNAME | FNM_LEADING_DIR))
			return pattern;
	}
	return NULL;
}

/* run on a worker thread: touches only its own slot */
static void scan_one(size_t index, void *cb)
{
	struct scan_job *job = cb;
	struct scan_slot *slot = &job->slots[index];
	const char *path = job->paths->items[index].string;
	const struct tree_file *tf = job->paths->items[index].util;
	const struct overlay_file *of = tree_overlay_find(job->overlay, path);
	struct strbuf buf = STRBUF_INIT;
	char err[128];

	if (of && of->removed) {
		/* the change deletes it: nothing to account for */
	} else if (!of && tf && scan_index_clean(job->index, tf)) {
		slot->clean = 1; /* read before, unchanged since */
	} else if (tree_overlay_read(job->overlay, job->tree, path, &buf) < 0) {
		int unreadable = errno != ENOENT;

		tree_notes_add(&slot->notes, path, 1, "cannot read '%s': %s",
			       path, tree_fs_strerror(errno, err, sizeof(err)))
			->problem = unreadable ? TREE_NOTE_UNREADABLE :
						 TREE_NOTE_PLAIN;
	} else if (!scan_mentions_function(buf.buf, buf.len, job->m)) {
		slot->clean = !of; /* nothing to account for */
	} else if (excluded_by(job->m, path)) {
		tree_notes_add(&slot->notes, path, 0,
			       "excluding '%s': it names '%s', and the "
			       "migration excludes '%s'",
			       path, scan_first_name(job->m),
			       excluded_by(job->m, path));
	} else if (scan_is_binary(buf.buf, buf.len)) {
		tree_notes_add(&slot->notes, path, 1,
			       "skipping '%s': a binary file that names '%s'",
			       path, scan_first_name(job->m))
			->problem = TREE_NOTE_BINARY;
	} else {
		scan_file_buffer(&slot->file, path, buf.buf, buf.len, job->m);
	}
	strbuf_release(&buf);
}

static void count_sites(struct scan_result *result, const struct scan_file *f)
{
	size_t i;

	for (i = 0; i < f->nr_sites; i++)
		result->counts[f->sites[i].kind]++;
	result->nr_occurrences += f->nr_sites;
}

/* move each slot's file (when it has sites) and notes into result */
static void gather(struct scan_result *result, struct scan_slot *slots,
		   size_t nr)
{
	size_t i, alloc = 0;

	for (i = 0; i < nr; i++) {
		struct scan_slot *slot = &slots[i];

		tree_notes_take(&result->notes, &slot->notes);
		if (!slot->file.nr_sites) {
			scan_file_release(&slot->file);
			continue;
		}
		count_sites(result, &slot->file);
		ALLOC_GROW(result->files, result->nr_files + 1, alloc);
		result->files[result->nr_files++] = slot->file;
	}
}

static int is_source(const char *path)
{
	size_t len = strlen(path);

	return len > 2 && path[len - 2] == '.' &&
	       (path[len - 1] == 'c' || path[len - 1] == 'h');
}

static int compare_walked(const void *key, const void *elem)
{
	return strcmp(key, ((const struct tree_file *)elem)->path);
}

/* the walk's files and the overlay's new sources, in byte order */
static void list_paths(const struct tree_walk *walk,
		       const struct tree_overlay *ov, struct strlist *paths)
{
	size_t i;

	for (i = 0; i < walk->nr_files; i++)
		strlist_push(paths, walk->files[i].path)->util =
			&walk->files[i];
	for (i = 0; ov && i < ov->nr; i++) {
		const struct overlay_file *f = &ov->files[i];

		if (!f->removed && is_source(f->path) &&
		    !sane_bsearch(f->path, walk->files, walk->nr_files,
				  sizeof(*walk->files), compare_walked))
			strlist_push(paths, f->path);
	}
	if (ov && ov->nr)
		strlist_sort(paths);
}

static void hash_stat(struct sha256 *ctx, const struct tree_file *f)
{
	long long fields[TREE_FILE_STAT_FIELDS];

	tree_file_stat_fields(f, fields);
	sha256_update(ctx, fields, sizeof(fields));
}

/*
 * In one pass over the paths (scan.h): every header path the tree
 * holds, hashed in order; and every *.c path with its stat data (an
 * overlay's file by its text)
 */
static void hash_paths(struct scan_result *result, const struct strlist *paths,
		       const struct tree_overlay *ov,
		       const struct timespec *started)
{
	struct sha256 headers, c_files;
	size_t i;

	sha256_init(&headers);
	sha256_init(&c_files);
	for (i = 0; i < paths->nr; i++) {
		const char *path = paths->items[i].string;
		const struct overlay_file *of = tree_overlay_find(ov, path);
		const struct tree_file *tf = paths->items[i].util;
		size_t len = strlen(path);

		if (path[len - 1] == 'h' && !(of && of->removed))
			sha256_update(&headers, path, len + 1);
		if (len < 2 || strcmp(path + len - 2, ".c"))
			continue;
		sha256_update(&c_files, path, len + 1);
		if (of) {
			sha256_update(&c_files, of->removed ? "-" : "+", 1);
			sha256_update(&c_files, of->text.buf, of->text.len);
			sha256_update(&c_files, "", 1);
		} else if (tf) {
			hash_stat(&c_files, tf);
			/* as scan-index.c: the change time is compared */
			if (tree_time_racy(&tf->mtime, started))
				result->c_files_racy = 1;
		}
	}
	sha256_final(&headers, result->header_list);
	sha256_final(&c_files, result->c_files);
}

/* run on a worker thread: does the file name what the kind looks for */
static void look_one(size_t index, void *cb)
{
	struct scan_job *job = cb;
	struct scan_slot *slot = &job->slots[index];
	const char *path = job->paths->items[index].string;

	strbuf_init(&slot->text, 0);
	if (slot->notes.nr || excluded_by(job->m, path) ||
	    tree_overlay_read(job->overlay, job->tree, path, &slot->text) < 0 ||
	    scan_is_binary(slot->text.buf, slot->text.len) ||
	    !job->m->kind->mentions(job->m, slot->text.buf, slot->text.len)) {
		strbuf_release(&slot->text);
		return;
	}
	slot->mentions = 1;
}

/* run on a worker thread: the file scanned again, with what was learned */
static void rescan_one(size_t index, void *cb)
{
	struct scan_job *job = cb;
	struct scan_slot *slot = &job->slots[index];

	if (!slot->mentions)
		return;
	scan_file_release(&slot->file);
	scan_file_buffer(&slot->file, job->paths->items[index].string,
			 slot->text.buf, slot->text.len, job->m);
	strbuf_release(&slot->text);
}

/*
 * A kind whose occurrences depend on other files (kind.h's tree_names):
 * the names the files' scans ask for are looked for in every file, the
 * kind learns from those that name one, and they are scanned again
 */
static void look_at_tree(struct scan_job *job, int jobs)
{
	const struct migration *m = job->m;
	size_t i, nr = job->paths->nr, kept = 0;

	for (i = 0; i < nr; i++)
		if (job->slots[i].file.nr_sites)
			kept = m->kind->tree_names(m, &job->slots[i].file);
	if (!kept)
		return;
	run_tasks_parallel(jobs, nr, look_one, job);
	for (i = 0; i < nr; i++)
		if (job->slots[i].mentions)
			m->kind->tree_learn(m, job->paths->items[i].string,
					    job->slots[i].text.buf,
					    job->slots[i].text.len);
	m->kind->tree_learned(m);
	run_tasks_parallel(jobs, nr, rescan_one, job);
}

void scan_walked(const char *tree, struct tree_walk *walk,
		 const struct timespec *started, const struct tree_overlay *ov,
		 const struct migration *m, int jobs,
		 struct scan_result *result)
{
	struct strlist paths = STRLIST_INIT;
	struct scan_index index;
	struct scan_job job;
	size_t i;

	memset(result, 0, sizeof(*result));
	list_paths(walk, ov, &paths);
	scan_index_load(&index, tree, m);
	job.tree = tree;
	job.overlay = ov;
	job.m = m;
	job.paths = &paths;
	job.index = &index;
	job.slots = xcalloc(paths.nr + 1, sizeof(*job.slots));
	if (m->kind->tree_names)
		m->kind->tree_names(m, NULL);
	run_tasks_parallel(jobs, paths.nr, scan_one, &job);
	if (m->kind->tree_names)
		look_at_tree(&job, jobs);
	for (i = 0; i < paths.nr; i++)
		if (job.slots[i].clean && paths.items[i].util)
			scan_index_note(&index, paths.items[i].util);
	scan_index_store(&index);
	scan_index_release(&index);
	result->nr_candidates = paths.nr;
	hash_paths(result, &paths, ov, started);
	tree_notes_take(&result->notes, &walk->notes);
	gather(result, job.slots, paths.nr);
	result->nr_skipped = result->notes.nr;
	for (i = 0; i < walk->leftovers.nr; i++) {
		const char *path = walk->leftovers.items[i].string;

		tree_notes_add(&result->notes, path, 0,
			       "'%s' is left by an "
			       "interrupted kmigrate run; 'kmigrate apply "
			       "--in-place' removes it",
			       path)
			->problem = TREE_NOTE_LEFTOVER;
	}
	tree_notes_sort(&result->notes);
	free(job.slots);
	strlist_clear(&paths, 0);
}

int scan_tree_overlay(const char *tree, const struct tree_overlay *ov,
		      const struct migration *m, int jobs,
		      struct scan_result *result)
{
	struct tree_walk walk = TREE_WALK_INIT;
	struct timespec started;

	memset(result, 0, sizeof(*result));
	clock_gettime(CLOCK_REALTIME, &started);
	if (tree_walk(&walk, tree) < 0) {
		int saved = errno;

		tree_walk_release(&walk);
		errno = saved;
		return -1;
	}
	scan_walked(tree, &walk, &started, ov, m, jobs, result);
	tree_walk_release(&walk);
	return 0;
}

int scan_overlay_only(const char *tree, const struct tree_overlay *ov,
		      const struct migration *m, int jobs,
		      struct scan_result *result)
{
	struct tree_walk walk = TREE_WALK_INIT;
	struct timespec started;

	clock_gettime(CLOCK_REALTIME, &started);
	scan_walked(tree, &walk, &started, ov, m, jobs, result);
	tree_walk_release(&walk);
	return 0;
}

int scan_tree(const char *tree, const struct migration *m, int jobs,
	      struct scan_result *result)
{
	return scan_tree_overlay(tree, NULL, m, jobs, result);
}

void scan_result_release(struct scan_result *result)
{
	size_t i;

	for (i = 0; i < result->nr_files; i++)
		scan_file_release(&result->files[i]);
	free(result->files);
	tree_notes_release(&result->notes);
	memset(result, 0, sizeof(*result));
}

size_t scan_count_not_calls(const struct scan_result *result)
{
	return result->nr_occurrences - result->counts[CALL_SITE_OLD] -
	       result->counts[CALL_SITE_NEW] -
	       result->counts[CALL_SITE_AMBIGUOUS] -
	       result->counts[CALL_SITE_CONTEXT];
}
