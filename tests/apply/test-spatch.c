/*
 * test-spatch.c - spatch run, when it is installed (test-spatch-read.c
 * has what kmigrate reads from it): its version cached by binary, one
 * process per file, batches, batches started early, and batches that
 * cannot be trusted run again file by file (a wrapper in PATH logs each
 * run).
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "scratch.h"
#include "spatch.h"
#include "strbuf.h"
#include "tempfile.h"
#include "unit.h"
#include "util.h"

/* the spatch of PATH, or NULL; malloc'd */
static char *find_spatch(void)
{
	const char *path = getenv("PATH");
	char *copy, *dir, *save = NULL, *found = NULL;

	if (!path)
		return NULL;
	copy = xstrdup(path);
	for (dir = strtok_r(copy, ":", &save); dir && !found;
	     dir = strtok_r(NULL, ":", &save)) {
		char *prog = xstrfmt("%s/%s", dir, SPATCH_PROGRAM);

		if (!access(prog, X_OK))
			found = prog;
		else
			free(prog);
	}
	free(copy);
	return found;
}

static void put(const char *path, const char *text)
{
	FILE *fp = fopen(path, "w");

	CU_ASSERT_FATAL(fp != NULL);
	fputs(text, fp);
	fclose(fp);
}

/* a scratch directory, a semantic patch, and a spatch in PATH that logs */
struct fixture {
	char *dir, *cocci, *log, *path;
	struct strlist options; /* --no-includes: batches allowed */
	struct spatch_run_opts opts;
	struct spatch_job jobs[5];
	size_t nr;
};

static int fixture_init(struct fixture *fx)
{
	char *real = find_spatch(), *bin, *wrapper, *script;
	struct spatch_version v;

	memset(fx, 0, sizeof(*fx));
	if (!real)
		return -1; /* nothing to run: the parsing tests suffice */
	check_int_fatal(spatch_check(&v), 0);
	fx->dir = tempdir_create("test-spatch");
	fx->cocci = xstrfmt("%s/p.cocci", fx->dir);
	put(fx->cocci, "virtual patch\n@depends on patch@\nexpression e;\n"
		       "@@\n- old_fn(e)\n+ new_fn(e)\n");
	fx->log = xstrfmt("%s/runs.log", fx->dir);
	bin = xstrfmt("%s/bin", fx->dir);
	check_int_fatal(mkdir(bin, 0777), 0);
	wrapper = xstrfmt("%s/spatch", bin);
	script = xstrfmt("#!/bin/sh\necho \"$*\" >>'%s'\n"
			 "echo \"heap=${OCAMLRUNPARAM-}.\" >>'%s'\n"
			 "exec '%s' \"$@\"\n",
			 fx->log, fx->log, real);
	put(wrapper, script);
	check_int_fatal(chmod(wrapper, 0755), 0);
	fx->path = xstrdup(getenv("PATH"));
	free(script);
	script = xstrfmt("%s:%s", bin, fx->path);
	setenv("PATH", script, 1);
	strlist_push(&fx->options, "--no-includes");
	fx->opts.cocci = fx->cocci;
	fx->opts.options = &fx->options;
	fx->opts.jobs = 2;
	fx->opts.timeout_sec = 60;
	fx->opts.tmpdir = fx->dir;
	free(script);
	free(wrapper);
	free(bin);
	free(real);
	return 0;
}

/* a job on a new file PATH (in the scratch directory) holding text */
static struct spatch_job *add_job_at(struct fixture *fx, const char *path,
				     const char *text)
{
	struct spatch_job *job = &fx->jobs[fx->nr];

	job->input = xstrfmt("%s/%s", fx->dir, path);
	job->output = xstrfmt("%s/out-%zu.c", fx->dir, fx->nr);
	if (text) {
		check_int_fatal(make_leading_dirs(job->input, strlen(fx->dir)),
				0);
		put(job->input, text);
	}
	fx->nr++;
	return job;
}

/* a job on a new file in-N.c holding text (NULL: no file) */
static struct spatch_job *add_job(struct fixture *fx, const char *text)
{
	char *path = xstrfmt("in-%zu.c", fx->nr);
	struct spatch_job *job = add_job_at(fx, path, text);

	free(path);
	return job;
}

/* the runs the log holds with that text in their arguments */
static size_t count_runs(const struct fixture *fx, const char *what)
{
	struct strbuf log = STRBUF_INIT;
	const char *p;
	size_t nr = 0;

	if (strbuf_read_file(&log, fx->log) < 0)
		return 0;
	for (p = log.buf; (p = strstr(p, what)); p++)
		nr++;
	strbuf_release(&log);
	return nr;
}

/* the output directories "run-*" left in the scratch directory */
static size_t run_leftovers(const struct fixture *fx)
{
	DIR *dir = opendir(fx->dir);
	struct dirent *de;
	size_t nr = 0;

	while (dir && (de = readdir(dir)))
		nr += !strncmp(de->d_name, "run-", 4);
	if (dir)
		closedir(dir);
	return nr;
}

static void check_output(const struct spatch_job *job, const char *text)
{
	struct strbuf out = STRBUF_INIT;

	CU_ASSERT_PTR_NULL(job->failure);
	check_int(job->changed, text != NULL);
	check_int(!access(job->output, F_OK), text != NULL);
	if (text && strbuf_read_file(&out, job->output) == 0)
		check_str(out.buf, text);
	strbuf_release(&out);
}

static void fixture_release(struct fixture *fx)
{
	size_t i;

	for (i = 0; i < fx->nr; i++)
		spatch_job_release(&fx->jobs[i]);
	setenv("PATH", fx->path, 1);
	strlist_clear(&fx->options, 0);
	free(fx->path);
	free(fx->log);
	free(fx->cocci);
	free(fx->dir);
}

static const char old_f[] = "void f(void)\n{\n\told_fn(1);\n}\n";
static const char new_f[] = "void f(void)\n{\n\tnew_fn(1);\n}\n";
static const char other_g[] = "void g(void)\n{\n\tother_fn(1);\n}\n";
static const char bad_h[] = "void h(void)\n{\n\told_fn(1);\n\tif ( {\n}\n";

static void test_real_run(void)
{
	struct fixture fx;

	if (fixture_init(&fx) < 0)
		return;
	add_job(&fx, old_f);
	add_job(&fx, other_g);
	spatch_run(fx.jobs, fx.nr, &fx.opts);
	check_output(&fx.jobs[0], new_f);
	check_output(&fx.jobs[1], NULL);
	check_int(count_runs(&fx, " --save-tmp-files --temp-files run-"), 2);
	check_int(count_runs(&fx, "--file-groups"), 0);
	check_int(count_runs(&fx, " -o "), 0);
	check_int(count_runs(&fx, "--in-place"), 0);
	check_int(run_leftovers(&fx), 0);
	fixture_release(&fx);
}

/* one run with OCAMLRUNPARAM as value (NULL: unset) gives spatch want */
static void run_with_heap(const char *value, const char *want)
{
	struct fixture fx;

	if (value)
		setenv("OCAMLRUNPARAM", value, 1);
	else
		unsetenv("OCAMLRUNPARAM");
	if (fixture_init(&fx) < 0)
		return;
	add_job(&fx, old_f);
	spatch_run(fx.jobs, fx.nr, &fx.opts);
	check_output(&fx.jobs[0], new_f);
	check_int(count_runs(&fx, want), 1);
	fixture_release(&fx);
}

/* spatch runs with half OCaml's minor heap, unless the user tunes it */
static void test_minor_heap(void)
{
	char *saved = getenv("OCAMLRUNPARAM") ?
			      xstrdup(getenv("OCAMLRUNPARAM")) :
			      NULL;

	unsetenv("CAMLRUNPARAM");
	run_with_heap(NULL, "heap=s=128k.");
	run_with_heap("v=0", "heap=v=0.");
	if (saved)
		setenv("OCAMLRUNPARAM", saved, 1);
	else
		unsetenv("OCAMLRUNPARAM");
	free(saved);
}

static void test_real_batch(void)
{
	struct fixture fx;

	if (fixture_init(&fx) < 0)
		return;
	add_job(&fx, old_f);
	add_job(&fx, other_g);
	add_job_at(&fx, "sub/dir/c.c", old_f);
	add_job(&fx, bad_h);
	fx.opts.batches = 1;
	spatch_run(fx.jobs, fx.nr, &fx.opts);
	check_output(&fx.jobs[0], new_f);
	check_output(&fx.jobs[1], NULL);
	check_output(&fx.jobs[2], new_f);
	CU_ASSERT_PTR_NOT_NULL_FATAL(fx.jobs[3].parse_error);
	check_str(fx.jobs[3].parse_error, "parse error at line 4, column 6");
	CU_ASSERT_PTR_NULL(fx.jobs[1].parse_error);
	/* one batch of four, read where they are, on both processors */
	check_int(count_runs(&fx, "--file-groups"), 1);
	check_int(count_runs(&fx, " -j 2 --tmp-dir run-"), 1);
	check_int(count_runs(&fx, " --save-tmp-files --temp-files run-"), 1);
	check_int(run_leftovers(&fx), 0);
	fixture_release(&fx);
}

/* a semantic patch spatch's shell may not see: batches side by side */
static void test_batch_without_parallel(void)
{
	struct fixture fx;
	char *cocci;

	if (fixture_init(&fx) < 0)
		return;
	cocci = xstrfmt("%s/my patch.cocci", fx.dir);
	check_int_fatal(rename(fx.cocci, cocci), 0);
	fx.opts.cocci = cocci;
	add_job(&fx, old_f);
	add_job(&fx, other_g);
	add_job(&fx, old_f);
	add_job(&fx, old_f);
	fx.opts.batches = 1;
	spatch_run(fx.jobs, fx.nr, &fx.opts);
	check_output(&fx.jobs[0], new_f);
	check_output(&fx.jobs[1], NULL);
	check_output(&fx.jobs[2], new_f);
	check_output(&fx.jobs[3], new_f);
	check_int(count_runs(&fx, "--file-groups"), 2);
	check_int(count_runs(&fx, " -j "), 0);
	check_int(run_leftovers(&fx), 0);
	free(cocci);
	fixture_release(&fx);
}

/* a batch started before its files are known gets them on its stdin */
static void test_prestart(void)
{
	struct fixture fx;

	if (fixture_init(&fx) < 0)
		return;
	fx.opts.batches = 1;
	fx.opts.prestart = spatch_prestart(&fx.opts);
	CU_ASSERT_PTR_NOT_NULL_FATAL(fx.opts.prestart);
	add_job(&fx, old_f);
	add_job(&fx, other_g);
	add_job(&fx, bad_h);
	spatch_run(fx.jobs, fx.nr, &fx.opts);
	check_output(&fx.jobs[0], new_f);
	check_output(&fx.jobs[1], NULL);
	CU_ASSERT_PTR_NOT_NULL_FATAL(fx.jobs[2].parse_error);
	check_str(fx.jobs[2].parse_error, "parse error at line 4, column 6");
	/* that one process, and no other */
	check_int(count_runs(&fx, "--file-groups /dev/stdin"), 1);
	check_int(count_runs(&fx, "--temp-files run-"), 1);
	check_int(run_leftovers(&fx), 0);
	fixture_release(&fx);
}

/* a run with no batch for it cancels it; so does the caller */
static void test_prestart_cancelled(void)
{
	struct fixture fx;
	struct spatch_batch *b;

	if (fixture_init(&fx) < 0)
		return;
	fx.opts.batches = 1;
	fx.opts.prestart = spatch_prestart(&fx.opts);
	CU_ASSERT_PTR_NOT_NULL_FATAL(fx.opts.prestart);
	add_job(&fx, old_f);
	spatch_run(fx.jobs, fx.nr, &fx.opts);
	check_output(&fx.jobs[0], new_f);
	check_int(count_runs(&fx, " in-0.c\n"), 1);
	b = spatch_prestart(&fx.opts);
	CU_ASSERT_PTR_NOT_NULL(b);
	spatch_prestart_cancel(b);
	check_int(run_leftovers(&fx), 0);
	/* batches side by side: none is started early */
	fx.opts.cocci = "/no/such/my patch.cocci";
	CU_ASSERT_PTR_NULL(spatch_prestart(&fx.opts));
	fixture_release(&fx);
}

/* spatch names its outputs by base name: one batch never holds two alike */
static void test_batch_same_base_name(void)
{
	struct fixture fx;

	if (fixture_init(&fx) < 0)
		return;
	add_job_at(&fx, "a/x.c", old_f);
	add_job_at(&fx, "b/x.c", other_g);
	add_job_at(&fx, "c/x.c", old_f);
	add_job(&fx, old_f);
	fx.opts.batches = 1;
	spatch_run(fx.jobs, fx.nr, &fx.opts);
	check_output(&fx.jobs[0], new_f);
	check_output(&fx.jobs[1], NULL);
	check_output(&fx.jobs[2], new_f);
	check_output(&fx.jobs[3], new_f);
	/* one batch of a/x.c and in-3.c, b/x.c and c/x.c alone */
	check_int(count_runs(&fx, "--file-groups"), 1);
	check_int(count_runs(&fx, " b/x.c\n"), 0);
	check_int(count_runs(&fx, "--temp-files run-"), 3);
	check_int(run_leftovers(&fx), 0);
	fixture_release(&fx);
}

/* a result the batch cannot give runs alone, and fails there */
static void test_batch_rerun(void)
{
	struct fixture fx;

	if (fixture_init(&fx) < 0)
		return;
	add_job(&fx, old_f);
	add_job(&fx, other_g);
	add_job(&fx, NULL);
	add_job(&fx, old_f);
	fx.opts.batches = 2;
	spatch_run(fx.jobs, fx.nr, &fx.opts);
	check_output(&fx.jobs[0], new_f);
	check_output(&fx.jobs[1], NULL);
	CU_ASSERT_PTR_NOT_NULL(fx.jobs[2].failure);
	check_int(fx.jobs[2].changed, 0);
	check_output(&fx.jobs[3], new_f);
	/*
	 * biggest first into the lightest batch: in-1.c and the missing
	 * in-2.c make one batch, which spatch runs, skipping in-2.c; its
	 * result cannot be read, so it runs again alone, and fails there
	 */
	check_int(count_runs(&fx, "--file-groups"), 2);
	check_int(count_runs(&fx, "--temp-files run-"), 3);
	check_int(run_leftovers(&fx), 0);
	fixture_release(&fx);
}

/* spatch sees names relative to the scratch directory, and only those */
static void test_names_kmigrate_chose(void)
{
	struct fixture fx;
	struct spatch_job *job;

	if (fixture_init(&fx) < 0)
		return;
	add_job(&fx, old_f);
	job = add_job(&fx, NULL);
	free(job->input);
	job->input = xstrdup("/etc/passwd");
	job = add_job(&fx, NULL);
	free(job->input);
	job->input = xstrfmt("%s/$(touch x).c", fx.dir);
	put(job->input, old_f);
	spatch_run(fx.jobs, fx.nr, &fx.opts);
	check_output(&fx.jobs[0], new_f);
	check_int(count_runs(&fx, " in-0.c\n"), 1);
	/* the others are refused before any spatch runs */
	CU_ASSERT_PTR_NOT_NULL(fx.jobs[1].failure);
	CU_ASSERT_PTR_NOT_NULL(fx.jobs[2].failure);
	check_int(count_runs(&fx, "--temp-files run-"), 1);
	check_int(count_runs(&fx, "passwd"), 0);
	check_int(count_runs(&fx, "touch"), 0);
	fixture_release(&fx);
}

/* an environment variable set for a test, and put back after */
struct saved_env {
	const char *name;
	char *value;
};

static void env_set(struct saved_env *e, const char *name, const char *value)
{
	const char *old = getenv(name);

	e->name = name;
	e->value = old ? xstrdup(old) : NULL;
	if (value)
		setenv(name, value, 1);
	else
		unsetenv(name);
}

static void env_restore(struct saved_env *e)
{
	if (e->value)
		setenv(e->name, e->value, 1);
	else
		unsetenv(e->name);
	free(e->value);
}

/* a spatch in dir/bin that logs each run to dir/log, text its own bytes */
static void put_wrapper(const char *dir, const char *real, const char *extra)
{
	char *path = xstrfmt("%s/bin/spatch", dir);
	char *script = xstrfmt("#!/bin/sh\n# %s\necho run >>'%s/log'\n"
			       "exec '%s' \"$@\"\n",
			       extra, dir, real);

	put(path, script);
	check_int_fatal(chmod(path, 0755), 0);
	free(script);
	free(path);
}

/* lines in dir/log */
static size_t count_log(const char *dir)
{
	struct strbuf log = STRBUF_INIT;
	char *path = xstrfmt("%s/log", dir);
	size_t i, nr = 0;

	if (strbuf_read_file(&log, path) == 0)
		for (i = 0; i < log.len; i++)
			nr += log.buf[i] == '\n';
	strbuf_release(&log);
	free(path);
	return nr;
}

/* "spatch --version" is cached by binary, and runs for another one */
static void test_version_cache(void)
{
	char *real = find_spatch(), *dir, *bin, *cache, *path;
	struct saved_env env[3];
	struct spatch_version v1, v2, v3;

	if (!real)
		return;
	dir = tempdir_create("test-spatch-version");
	bin = xstrfmt("%s/bin", dir);
	cache = xstrfmt("%s/cache", dir);
	check_int_fatal(mkdir(bin, 0777), 0);
	put_wrapper(dir, real, "one");
	path = xstrfmt("%s:%s", bin, getenv("PATH"));
	env_set(&env[0], "PATH", path);
	env_set(&env[1], "XDG_CACHE_HOME", cache);
	env_set(&env[2], "KMIGRATE_NO_CACHE", NULL);
	check_int(spatch_check(&v1), 0);
	check_int(spatch_check(&v2), 0);
	check_int(count_log(dir), 1);
	CU_ASSERT(v1.major == v2.major && v1.minor == v2.minor &&
		  v1.patch == v2.patch);
	check_int(strlen(v1.binary), 64);
	check_str(v1.binary, v2.binary);
	/* another binary: another name, and a run */
	put_wrapper(dir, real, "another");
	check_int(spatch_check(&v3), 0);
	check_int(count_log(dir), 2);
	CU_ASSERT(strcmp(v1.binary, v3.binary) != 0);
	/* without the cache, every check runs it */
	setenv("KMIGRATE_NO_CACHE", "1", 1);
	check_int(spatch_check(&v3), 0);
	check_int(count_log(dir), 3);
	env_restore(&env[2]);
	env_restore(&env[1]);
	env_restore(&env[0]);
	free(path);
	free(cache);
	free(bin);
	free(dir);
	free(real);
}

static const struct unit_test tests[] = {
	{ "spatch --version is cached by binary", test_version_cache },
	{ "a real run, when spatch is installed", test_real_run },
	{ "spatch's minor heap is halved unless the user sets it",
	  test_minor_heap },
	{ "a real batch: results and parse errors by file", test_real_batch },
	{ "no -j for a semantic patch named for no shell",
	  test_batch_without_parallel },
	{ "a batch started early gets its files on its stdin", test_prestart },
	{ "a batch started early and not needed is killed",
	  test_prestart_cancelled },
	{ "a batch holds no two inputs of one base name",
	  test_batch_same_base_name },
	{ "a batch's unreadable result runs alone", test_batch_rerun },
	{ "spatch is given only names kmigrate chose",
	  test_names_kmigrate_chose },
	{ NULL, NULL }
};

UNIT_MAIN("spatch", tests)
