/*
 * cmd-cocci.c - "kmigrate cocci": the migration's semantic patch, printed
 * or run the way "make coccicheck" runs it.
 *
 *	kmigrate cocci [--generated]
 *	kmigrate cocci --mode report|org|context [-j N] TREE
 *
 * Without --mode: the semantic patch apply runs, on stdout, for a
 * kernel's scripts/coccinelle/ or a hand-run spatch: the one generated
 * from the migration's data (cocci-gen.h), or the migration's own .cocci
 * files where its data names them ("cocci:"; --generated prints the
 * generated one anyway).  With --mode: spatch runs them in that mode (the
 * Options: line
 * of each file included) on the files of TREE that name the function, and
 * its lines come out with the paths of TREE, as "make coccicheck MODE=..."
 * prints them.  spatch never sees a path of the tree: each file is copied
 * into a private scratch directory as N.c, and the names are mapped back.
 * The report and org modes run Python inside spatch, which needs the
 * libpython3.X.so of Debian's libpython3-dev.
 *
 * Exit: 0 (whatever spatch reports); 2 usage errors, a missing migration,
 * spatch or Python library, a TREE that cannot be read, or a spatch run
 * that fails.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin.h"
#include "cocci-gen.h"
#include "family.h"
#include "migration.h"
#include "parallel.h"
#include "parse-options.h"
#include "scan.h"
#include "scratch.h"
#include "spatch.h"
#include "strbuf.h"
#include "tempfile.h"
#include "util.h"

static const char *const cocci_usage[] = {
	"kmigrate cocci [--generated] [--mode report|org|context [-j N] TREE]",
	"",
	"Print the migration's semantic patch (generated from its data unless",
	"it has its own); with --mode, run it on TREE the way",
	"'make coccicheck MODE=...' does and print what it reports.",
	NULL
};

static const char *const cocci_modes[] = { "report", "org", "context", NULL };

/* one spatch process: a contiguous run of the files, one group each */
struct cocci_chunk {
	size_t first, nr;
	struct strbuf out;
	char *failure;
};

struct cocci_run {
	const char *scratch;
	const char *cocci;
	const char *mode;
	const struct strlist *options;
	struct cocci_chunk *chunks;
	size_t nr_chunks, next;
	int no_python;
};

static int print_cocci_files(const struct migration *m, int generated)
{
	size_t i;

	if (generated || !m->cocci.nr) {
		struct strbuf text = STRBUF_INIT;

		/* a family's in one file, its variants' rules in turn */
		cocci_generate_all(m, &text);
		fwrite(text.buf, 1, text.len, stdout);
		strbuf_release(&text);
	}
	for (i = 0; !generated && i < m->cocci.nr; i++) {
		struct strbuf text = STRBUF_INIT;

		if (strbuf_read_file(&text, m->cocci.items[i].string) < 0) {
			strbuf_release(&text);
			return error_errno("cannot read '%s'",
					   m->cocci.items[i].string);
		}
		fwrite(text.buf, 1, text.len, stdout);
		strbuf_release(&text);
	}
	return fflush(stdout) ? error_errno("cannot write the output") : 0;
}

static int next_chunk(struct child_process *cp, void *cb, void **task_cb)
{
	struct cocci_run *run = cb;
	struct cocci_chunk *chunk;
	struct strbuf groups = STRBUF_INIT;
	char *path;
	size_t i;

	if (run->next >= run->nr_chunks)
		return 0;
	chunk = &run->chunks[run->next];
	path = xstrfmt("%s/%zu.groups", run->scratch, run->next++);
	for (i = 0; i < chunk->nr; i++)
		strbuf_addf(&groups, "%zu.c\n\n", chunk->first + i);
	if (write_scratch_file(path, groups.buf, groups.len) < 0)
		die("cannot write the file list for spatch");
	strlist_push(&cp->args, SPATCH_PROGRAM);
	strlist_push(&cp->args, "--sp-file");
	strlist_push(&cp->args, run->cocci);
	strlist_push(&cp->args, "-D");
	strlist_push(&cp->args, run->mode);
	for (i = 0; i < run->options->nr; i++)
		strlist_push(&cp->args, run->options->items[i].string);
	strlist_push(&cp->args, "--very-quiet");
	strlist_push(&cp->args, "--file-groups");
	strlist_push(&cp->args, path);
	strlist_pushf(&cp->env, "TMPDIR=%s", run->scratch);
	cp->dir = run->scratch;
	cp->no_stdin = 1;
	*task_cb = chunk;
	free(path);
	strbuf_release(&groups);
	return 1;
}

static void chunk_finished(int result, struct child_process *cp, void *cb,
			   void *task_cb)
{
	struct cocci_run *run = cb;
	struct cocci_chunk *chunk = task_cb;
	char *line;

	strbuf_add(&chunk->out, cp->out.buf, cp->out.len);
	if (spatch_python_missing(cp->err.buf)) {
		run->no_python = 1;
		return;
	}
	if (!result)
		return;
	line = spatch_failure_line(cp->err.buf);
	chunk->failure =
		line	   ? xstrfmt("spatch failed: %s", line) :
		result < 0 ? xstrdup("cannot run 'spatch'") :
			     xstrfmt("spatch failed: exit status %d", result);
	free(line);
}

/*
 * The number N of "N.c" at p, followed by one of the bytes in ends, or
 * -1; *len gets the length of "N.c".
 */
static long scratch_name_at(const char *p, const char *ends, size_t *len)
{
	char *end;
	long n;

	if (*p < '0' || *p > '9')
		return -1;
	n = strtol(p, &end, 10);
	if (strncmp(end, ".c", 2) || !strchr(ends, end[2]) || !end[2])
		return -1;
	*len = (size_t)(end + 2 - p);
	return n;
}

/* the path of the file named "N.c" at p (len: of "N.c"), or NULL */
static const char *tree_path_at(const char *p, const char *ends, size_t *len,
				const struct scan_result *scan)
{
	long n = scratch_name_at(p, ends, len);

	return n >= 0 && (size_t)n < scan->nr_files ? scan->files[n].path :
						      NULL;
}

/* the line [line, end) with every "[[view:N.c::" of an org link mapped */
static void map_org_links(struct strbuf *out, const char *line, const char *end,
			  const struct scan_result *scan)
{
	static const char view[] = "[[view:";
	const char *p = line, *v, *path;
	size_t len;

	while ((v = memmem(p, (size_t)(end - p), view, strlen(view)))) {
		v += strlen(view);
		strbuf_add(out, p, (size_t)(v - p));
		p = v;
		path = tree_path_at(v, ":", &len, scan);
		if (path) {
			strbuf_addstr(out, path);
			p = v + len;
		}
	}
	strbuf_add(out, p, (size_t)(end - p));
}

/*
 * spatch's output with the scratch names put back: "N.c:" at the start
 * of a report line, "view:N.c::" in an org link, and in a context diff
 * "--- N.c" and the "+++" line after it (which names spatch's own
 * temporary copy).
 */
static void map_names(struct strbuf *out, const char *text,
		      const struct scan_result *scan)
{
	const char *line = text, *diff_path = NULL;

	while (*line) {
		const char *end = strchrnul(line, '\n');
		const char *path;
		size_t len;

		if ((path = tree_path_at(line, ":", &len, scan))) {
			strbuf_addstr(out, path);
			strbuf_add(out, line + len, (size_t)(end - line - len));
		} else if (!strncmp(line, "--- ", 4) &&
			   (path = tree_path_at(line + 4, "\t\n", &len,
						scan))) {
			strbuf_addf(out, "--- %s", path);
			strbuf_add(out, line + 4 + len,
				   (size_t)(end - line - 4 - len));
			diff_path = path;
		} else if (!strncmp(line, "+++ ", 4) && diff_path) {
			strbuf_addf(out, "+++ %s", diff_path);
			diff_path = NULL;
		} else {
			map_org_links(out, line, end, scan);
		}
		if (*end)
			strbuf_addch(out, '\n');
		line = *end ? end + 1 : end;
	}
}

/* copy the files that name the function into scratch as N.c */
static int copy_to_scratch(const char *tree, const struct scan_result *scan,
			   const char *scratch)
{
	size_t i;

	for (i = 0; i < scan->nr_files; i++) {
		struct strbuf text = STRBUF_INIT;
		char *src = xstrfmt("%s/%s", tree, scan->files[i].path);
		char *dst = xstrfmt("%s/%zu.c", scratch, i);
		int ret = strbuf_read_file(&text, src) < 0 ?
				  error_errno("cannot read '%s'", src) :
				  write_scratch_file(dst, text.buf, text.len);

		strbuf_release(&text);
		free(src);
		free(dst);
		if (ret < 0)
			return -1;
	}
	return 0;
}

/* run one semantic patch over the copies; its mapped output into out */
static int run_cocci(struct cocci_run *run, const struct scan_result *scan,
		     int jobs, struct strbuf *out)
{
	struct parallel_processes_opts popts = { jobs, next_chunk,
						 chunk_finished, run };
	size_t per, i;
	int ret = 0;

	run->nr_chunks = (size_t)jobs < scan->nr_files ? (size_t)jobs :
							 scan->nr_files;
	per = (scan->nr_files + run->nr_chunks - 1) / run->nr_chunks;
	run->nr_chunks = (scan->nr_files + per - 1) / per;
	run->chunks = xcalloc(run->nr_chunks, sizeof(*run->chunks));
	for (i = 0; i < run->nr_chunks; i++) {
		run->chunks[i].first = i * per;
		run->chunks[i].nr = scan->nr_files - i * per < per ?
					    scan->nr_files - i * per :
					    per;
		strbuf_init(&run->chunks[i].out, 0);
	}
	run->next = 0;
	run_processes_parallel(&popts);
	if (run->no_python) {
		fprintf(stderr,
			"%s: cannot run 'spatch -D %s': spatch cannot "
			"load the Python library; install it with 'apt-get "
			"install libpython3-dev'\n",
			km_progname, run->mode);
		ret = -1;
	}
	for (i = 0; i < run->nr_chunks; i++) {
		if (!ret && run->chunks[i].failure)
			ret = error("%s", run->chunks[i].failure);
		if (!ret)
			map_names(out, run->chunks[i].out.buf, scan);
		strbuf_release(&run->chunks[i].out);
		free(run->chunks[i].failure);
	}
	free(run->chunks);
	run->chunks = NULL;
	return ret;
}

static int run_mode(const struct migration *m, const char *mode,
		    const char *tree)
{
	struct scan_result scan;
	struct spatch_version version;
	struct strbuf out = STRBUF_INIT;
	struct cocci_run run = { .mode = mode };
	struct strlist coccis = STRLIST_INIT;
	char *scratch = NULL;
	size_t i;
	int ret = 0;

	if (spatch_check(&version) < 0)
		return 2;
	if (scan_tree(tree, m, km_jobs(), &scan) < 0)
		return error_errno("cannot read tree '%s'", tree), 2;
	tree_notes_print(&scan.notes);
	if (!scan.nr_files) {
		note("no call of '%s' found in '%s'", scan_first_name(m), tree);
		goto out;
	}
	scratch = tempdir_create("kmigrate-cocci");
	run.scratch = scratch;
	ret = copy_to_scratch(tree, &scan, scratch);
	if (!ret)
		ret = cocci_family_file(m, scratch, &coccis);
	for (i = 0; !ret && i < coccis.nr; i++) {
		struct strlist options = STRLIST_INIT;

		run.cocci = coccis.items[i].string;
		run.options = &options;
		ret = spatch_cocci_options(run.cocci, &options);
		if (!ret)
			ret = run_cocci(&run, &scan, km_jobs(), &out);
		strlist_clear(&options, 0);
	}
	if (!ret) {
		fwrite(out.buf, 1, out.len, stdout);
		if (fflush(stdout))
			ret = error_errno("cannot write the output");
	}
out:
	strlist_clear(&coccis, 0);
	strbuf_release(&out);
	scan_result_release(&scan);
	free(scratch);
	return ret ? 2 : 0;
}

int cmd_cocci(int argc, const char **argv, struct km_setup *setup)
{
	const char *mode = NULL;
	int generated = 0;
	const struct option options[] = {
		OPT_BOOL(0, "generated", &generated,
			 "print the semantic patch generated from the data, "
			 "even where the migration has its own"),
		OPT_CHOICE(0, "mode", &mode, "MODE", cocci_modes,
			   "run it on TREE in that mode: report, org, "
			   "context"),
		OPT_JOBS(),
		OPT_END(),
	};

	argc = setup_command(setup, argc, argv, options, cocci_usage);
	if (!mode && argc)
		usage_error("cocci", "a TREE needs --mode");
	if (!mode)
		return print_cocci_files(setup->migration, generated) ? 2 : 0;
	if (argc != 1)
		usage_error("cocci",
			    argc ? "too many arguments" : "missing TREE");
	setup_tree(setup, argv[0]);
	return run_mode(setup->migration, mode, setup->tree);
}
