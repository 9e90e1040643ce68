/*
 * cmd-model.c - `kmigrate model`: replay a scenario on the driver-core model.
 *
 *	kmigrate model [--tree CLASS] [--uevents] [--dump] [--check-leaks]
 *		       SCENARIO
 *
 * The scenario (format in core-model/scenario.c; '-' reads stdin) runs on a
 * fresh model; then, in this order, stdout gets the `tree -d
 * /sys/class/CLASS/` listing, the uevent log, and the whole model.
 * --check-leaks counts the objects still alive at the end and lists them
 * on stderr.
 *
 * Exit: 0; 1 when a statement failed in the model or --check-leaks found
 * live objects; 2 for usage errors, an unreadable scenario or a malformed
 * one (then nothing is replayed or printed).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "builtin.h"
#include "model.h"
#include "parse-options.h"
#include "strbuf.h"
#include "util.h"

static const char *const model_usage[] = {
	"kmigrate model [--tree CLASS] [--uevents] [--dump] [--check-leaks]"
	" SCENARIO",
	"",
	"Replay SCENARIO ('-' for stdin) on the reference driver-core model.",
	NULL,
};

struct model_options {
	const char *tree_class;
	int uevents;
	int dump;
	int check_leaks;
};

static int read_scenario(const char *path, struct strbuf *text)
{
	if (!strcmp(path, "-")) {
		if (strbuf_read_fd(text, 0) < 0)
			return error("cannot read the scenario from stdin: %s",
				     strerror(errno));
		return 0;
	}
	if (strbuf_read_file(text, path) < 0)
		return error("cannot read scenario '%s': %s", path,
			     strerror(errno));
	return 0;
}

/* what the options ask to see, after the run; the exit code */
static int report(struct kmodel *model, const struct model_options *opts,
		  int status)
{
	long live;

	if (opts->tree_class)
		km_sysfs_print_tree(stdout, model, opts->tree_class);
	if (opts->uevents)
		km_uevent_print(stdout, model);
	if (opts->dump)
		km_model_dump(stdout, model);
	if (!opts->check_leaks)
		return status;
	live = km_model_live_objects(model);
	if (!live)
		return status;
	fprintf(stderr, "%s: %ld object%s still alive after the scenario:\n",
		km_progname, live, live == 1 ? "" : "s");
	km_model_print_live(stderr, model);
	return 1;
}

int cmd_model(int argc, const char **argv, struct km_setup *setup)
{
	struct model_options opts = { NULL, 0, 0, 0 };
	const struct option options[] = {
		OPT_STRING(0, "tree", &opts.tree_class, "CLASS",
			   "print `tree -d /sys/class/CLASS/` after the run"),
		OPT_BOOL(0, "uevents", &opts.uevents,
			 "print the uevent log, one event a line"),
		OPT_BOOL(0, "dump", &opts.dump,
			 "print everything: sysfs with files, uevents, "
			 "objects"),
		OPT_BOOL(0, "check-leaks", &opts.check_leaks,
			 "exit 1 when objects are still alive at the end"),
		OPT_END(),
	};
	struct strbuf text = STRBUF_INIT;
	struct kmodel *model;
	const char *path;
	int status;

	argc = setup_command(setup, argc, argv, options, model_usage);
	if (argc != 1)
		usage_error("model", argc ? "too many scenarios" :
					    "a scenario file is needed");
	path = argv[0];
	if (read_scenario(path, &text)) {
		strbuf_release(&text);
		return 2;
	}
	model = km_model_new();
	if (!model)
		die("out of memory");
	status = km_scenario_run(model, strcmp(path, "-") ? path : "<stdin>",
				 text.buf, text.len, stderr);
	if (status != KM_SCENARIO_MALFORMED)
		status = report(model, &opts, status);
	fflush(stdout);
	km_model_free(model);
	strbuf_release(&text);
	return status;
}
