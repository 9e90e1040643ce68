/*
 * kmigrate.c - main(): global options, then one command from the table.
 *
 *	kmigrate [-j N] [-q|-v] [--migration NAME] <command> [options] [TREE]
 *
 * The global options go through parse_options(), which stops at the
 * command's name; the command, found in the table of builtin/commands.c,
 * parses the rest with setup_command() (builtin/setup.c), which also
 * sets up what the command's row asks for (builtin.h: NEED_TREE,
 * NEED_MIGRATION); main releases that when the command returns.  Usage
 * errors exit 2 with one line on stderr; each command's own exit codes
 * are documented in its file and in kmigrate.1.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin.h"
#include "migration.h"
#include "parse-options.h"
#include "tempfile.h"
#include "util.h"

#ifndef KMIGRATE_VERSION
#define KMIGRATE_VERSION "unknown"
#endif

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
	for (i = 0; i < km_nr_commands; i++)
		fprintf(fp, "    %-10s %s\n", km_commands[i].name,
			km_commands[i].summary);
	fprintf(fp,
		"\n"
		"global options:\n"
		"    -j N               run N jobs in parallel (default: processors)\n"
		"    -q, --quiet        print only results and errors\n"
		"    -v, --verbose      say more about what is done\n"
		"    --migration NAME|PATH\n"
		"                       the migration to run: a name of the data\n"
		"                       directory, or a folder (default: %s)\n"
		"    --max-file-size SIZE\n"
		"                       read no tree file larger than SIZE (K, M, G;\n"
		"                       default: 64M): a larger one is an error\n"
		"    --version          print the version and exit\n"
		"    -h, --help         show this help\n"
		"\n"
		"'kmigrate <command> --help' describes a command.\n",
		km_global.migration);
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
	OPT_STRING(0, "migration", &km_global.migration, "NAME|PATH",
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
