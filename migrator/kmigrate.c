/*
 * kmigrate.c - main(): global options, then one command from the table.
 *
 *	kmigrate [-j N] [-q|-v] [--migration NAME] <command> [options] [TREE]
 *
 * The global options go through parse_options(), which stops at the
 * command's name; the command parses the rest with setup_command(),
 * which also sets up what the command's row in the table asks for
 * (builtin.h: NEED_TREE, NEED_MIGRATION).  Usage errors exit 2 with one
 * line on stderr; each command's own exit codes are documented in its
 * file and in kmigrate.1.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "builtin.h"
#include "migration.h"
#include "parse-options.h"
#include "result-cache.h"
#include "tempfile.h"
#include "tree-fs.h"
#include "tree-style.h"
#include "util.h"

#ifndef KMIGRATE_VERSION
#define KMIGRATE_VERSION "unknown"
#endif

struct km_global_options km_global = { 0, "class-device-parent", 0, 0 };

struct command {
	const char *name;
	int (*fn)(int argc, const char **argv, struct km_setup *setup);
	unsigned int flags; /* NEED_*: what setup_command() does for it */
	const char *summary;
};

static const struct command commands[] = {
	{ "scan", cmd_scan, NEED_TREE | NEED_MIGRATION,
	  "list every call site of the migrated function" },
	{ "apply", cmd_apply, NEED_TREE | NEED_MIGRATION,
	  "convert the old-form calls with spatch" },
	{ "check", cmd_check, NEED_TREE | NEED_MIGRATION,
	  "validate every call site (a CI gate)" },
	{ "series", cmd_series, NEED_TREE | NEED_MIGRATION,
	  "write the conversion as a patch series" },
	{ "cocci", cmd_cocci, NEED_MIGRATION,
	  "print the semantic patch, or run it in a mode" },
	{ "model", cmd_model, 0, "replay a scenario on the driver-core model" },
	{ "run", cmd_run, NEED_MIGRATION,
	  "the whole job on the bundled demo tree" },
};

void setup_tree(struct km_setup *setup, const char *tree)
{
	int fd = open(tree, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd < 0)
		die_errno("cannot open tree '%s'", tree);
	close(fd);
	setup->tree = tree;
}

int setup_command(struct km_setup *setup, int argc, const char **argv,
		  const struct option *options, const char *const *usage)
{
	argc = parse_options(argc, argv, options, usage, setup->cmd, 0);
	if (km_global.max_file_size)
		tree_fs_set_max_file_size(km_global.max_file_size);
	if (km_global.no_cache)
		result_cache_disable();
	if (setup->flags & NEED_TREE) {
		if (argc != 1)
			usage_error(setup->cmd, argc ? "too many arguments" :
						       "missing TREE");
		setup_tree(setup, argv[0]);
		argc = 0;
	}
	if (setup->flags & NEED_MIGRATION) {
		setup->migration = xmalloc(sizeof(*setup->migration));
		if (migration_load(setup->migration, km_global.migration) < 0)
			exit(2);
	}
	return argc;
}

/* the command, with what setup_command() set up released after it */
static int run_builtin(const struct command *cmd, int argc, const char **argv)
{
	struct km_setup setup = { cmd->name, cmd->flags, NULL, NULL };
	int status = cmd->fn(argc, argv, &setup);

	if (setup.migration) {
		migration_release(setup.migration);
		free(setup.migration);
	}
	return status;
}

int km_jobs(void)
{
	return km_global.jobs > 0 ? km_global.jobs : km_online_cpus();
}

unsigned int km_max_line_length(const char *cmd, int value)
{
	if (value == KM_LINE_LENGTH_UNSET)
		return 0;
	if (value < 1 || value > TREE_STYLE_MAX_LINE_LENGTH)
		usage_error(cmd,
			    "option '--max-line-length' needs a number of "
			    "columns from 1 to %d, not %d",
			    TREE_STYLE_MAX_LINE_LENGTH, value);
	return (unsigned int)value;
}

static void print_help(FILE *fp)
{
	size_t i;

	fprintf(fp,
		"usage: kmigrate [-j N] [-q|-v] [--migration NAME] <command> [options] [TREE]\n"
		"\n"
		"Migrate the callers of a changed kernel API: find every call site,\n"
		"convert it with Coccinelle, validate it against the driver-core model,\n"
		"and write the change as a patch series.\n"
		"\n"
		"commands:\n");
	for (i = 0; i < ARRAY_SIZE(commands); i++)
		fprintf(fp, "    %-10s %s\n", commands[i].name,
			commands[i].summary);
	fprintf(fp,
		"\n"
		"global options:\n"
		"    -j N               run N jobs in parallel (default: processors)\n"
		"    -q, --quiet        print only results and errors\n"
		"    -v, --verbose      say more about what is done\n"
		"    --migration NAME   the migration to run (default: %s)\n"
		"    --max-file-size SIZE\n"
		"                       read no tree file larger than SIZE (K, M, G;\n"
		"                       default: 16M): a larger one is an error\n"
		"    --version          print the version and exit\n"
		"    -h, --help         show this help\n"
		"\n"
		"'kmigrate <command> --help' describes a command.\n",
		km_global.migration);
}

static const struct command *find_command(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(commands); i++)
		if (!strcmp(commands[i].name, name))
			return &commands[i];
	return NULL;
}

static int show_help, show_version;

static const char *const global_usage[] = {
	"kmigrate [-j N] [-q|-v] [--migration NAME] <command> [options] [TREE]",
	NULL
};

/* the options before the command; print_help() describes them */
static const struct option global_options[] = {
	OPT_JOBS(),
	OPT_SET_INT('q', "quiet", &km_verbosity, 0,
		    "print only results and errors"),
	OPT_SET_INT('v', "verbose", &km_verbosity, 2,
		    "say more about what is done"),
	OPT_STRING(0, "migration", &km_global.migration, "NAME",
		   "the migration to run"),
	OPT_MAX_FILE_SIZE(),
	OPT_BOOL(0, "version", &show_version, "print the version and exit"),
	OPT_BOOL('h', "help", &show_help, "show this help"),
	OPT_END(),
};

int main(int argc, const char **argv)
{
	const struct command *cmd;

	argc = parse_options(argc, argv, global_options, global_usage, NULL,
			     PARSE_OPT_STOP_AT_NON_OPTION |
				     PARSE_OPT_NO_INTERNAL_HELP);
	if (show_help) {
		print_help(stdout);
		return 0;
	}
	if (show_version) {
		printf("kmigrate version %s\n", KMIGRATE_VERSION);
		return 0;
	}
	if (!argc) {
		print_help(stderr);
		return 2;
	}
	if (!strcmp(argv[0], "help")) {
		if (argc > 1 && find_command(argv[1])) {
			const char *help[] = { argv[1], "--help", NULL };

			return run_builtin(find_command(argv[1]), 2, help);
		}
		print_help(stdout);
		return 0;
	}
	cmd = find_command(argv[0]);
	if (!cmd)
		usage_error(NULL, "'%s' is not a kmigrate command", argv[0]);
	tempfile_install_handlers();
	return run_builtin(cmd, argc, argv);
}
