/*
 * spatch-output.c - a spatch process's own output directory (see
 * spatch-output.h for what spatch 1.1.1 leaves there).
 *
 * Contract: the directory is made with mkdtemp() in the scratch
 * directory spatch runs in, so spatch is given its name relative to it
 * ("run-XXXXXX": letters, digits and '-' only); it is read once after
 * the process ended, and removed with whatever spatch left in it.  The
 * scratch directory itself goes at exit (tempdir_create()), so a run
 * killed by a signal leaves nothing either.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "spatch-output.h"
#include "util.h"

#define OUTPUT_PREFIX "cocci-output-"

int spatch_outdir_create(struct spatch_outdir *od, const char *tmpdir)
{
	memset(od, 0, sizeof(*od));
	strlist_init(&od->outputs);
	od->path = xstrfmt("%s/run-XXXXXX", tmpdir);
	if (!mkdtemp(od->path)) {
		int saved = errno;

		free(od->path);
		od->path = NULL;
		errno = saved;
		return -1;
	}
	od->name = od->path + strlen(tmpdir) + 1;
	return 0;
}

void spatch_outdir_push_args(const struct spatch_outdir *od,
			     struct child_process *cp)
{
	strlist_push(&cp->args, "--no-show-diff");
	strlist_push(&cp->args, "--save-tmp-files");
	strlist_push(&cp->args, "--temp-files");
	strlist_push(&cp->args, od->name);
}

void spatch_outdir_scan(struct spatch_outdir *od)
{
	DIR *dir = opendir(od->path);
	struct dirent *de;

	while (dir && (de = readdir(dir)))
		if (!strncmp(de->d_name, OUTPUT_PREFIX, strlen(OUTPUT_PREFIX)))
			strlist_push(&od->outputs, de->d_name);
	if (dir)
		closedir(dir);
}

/* "cocci-output-" digits "-" hex digits "-" base, and nothing else */
int spatch_output_matches(const char *entry, const char *base)
{
	const char *p = entry;

	if (strncmp(p, OUTPUT_PREFIX, strlen(OUTPUT_PREFIX)))
		return 0;
	p += strlen(OUTPUT_PREFIX);
	if (!isdigit((unsigned char)*p))
		return 0;
	while (isdigit((unsigned char)*p))
		p++;
	if (*p++ != '-' || !isxdigit((unsigned char)*p))
		return 0;
	while (isxdigit((unsigned char)*p))
		p++;
	return *p == '-' && !strcmp(p + 1, base);
}

char *spatch_outdir_find(const struct spatch_outdir *od, const char *input)
{
	const char *slash = strrchr(input, '/');
	const char *base = slash ? slash + 1 : input;
	size_t i;

	for (i = 0; i < od->outputs.nr; i++)
		if (spatch_output_matches(od->outputs.items[i].string, base))
			return xstrfmt("%s/%s", od->path,
				       od->outputs.items[i].string);
	return NULL;
}

void spatch_outdir_remove(struct spatch_outdir *od)
{
	DIR *dir;
	struct dirent *de;

	if (!od->path)
		return;
	dir = opendir(od->path);
	while (dir && (de = readdir(dir))) {
		char *path;

		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		path = xstrfmt("%s/%s", od->path, de->d_name);
		unlink(path);
		free(path);
	}
	if (dir)
		closedir(dir);
	rmdir(od->path);
	free(od->path);
	od->path = NULL;
	od->name = NULL;
	strlist_clear(&od->outputs, 0);
}
