/*
 * kmigrate.c - main(): global options, then one command from the table.
 *
 *	kmigrate [-j N] [-q|-v] [--migration NAME] <command> [options] [TREE]
 *
 * Usage errors exit 2 with one line on stderr; each command's own exit
 * codes are documented in its file and in kmigrate.1.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin.h"
#include "result-cache.h"
#include "parse-options.h"
#include "tempfile.h"
#include "tree-style.h"
#include "util.h"

#ifndef KMIGRATE_VERSION
#define KMIGRATE_VERSION "unknown"
#endif

struct km_global_options km_global = { 0, "class-device-parent", 0 };

void km_setup_cache(void)
{
	if (km_global.no_cache)
		result_cache_disable();
}

struct command {
	const char *name;
	int (*fn)(int argc, const char **argv);
	const char *summary;
};

static const struct command commands[] = {
	{ "scan", cmd_scan, "list every call site of the migrated function" },
	{ "apply", cmd_apply, "convert the old-form calls with spatch" },
	{ "check", cmd_check, "validate every call site (a CI gate)" },
	{ "series", cmd_series, "write the conversion as a patch series" },
	{ "cocci", cmd_cocci, "print the semantic patch, or run it in a mode" },
	{ "model", cmd_model, "replay a scenario on the driver-core model" },
	{ "run", cmd_run, "the whole job on the bundled demo tree" },
};

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

static int parse_jobs(const char *arg)
{
	char *end;
	long n = strtol(arg, &end, 10);

	if (!*arg || *end || n < 1 || n > OPT_JOBS_MAX)
		usage_error(NULL,
			    "option '-j' needs a number of jobs from 1 "
			    "to %d, not '%s'",
			    OPT_JOBS_MAX, arg);
	return (int)n;
}

/* global options up to the command name; returns the command's index */
static int parse_global(int argc, const char **argv)
{
	int i;

	for (i = 1; i < argc; i++) {
		const char *arg = argv[i];

		if (arg[0] != '-')
			return i;
		if (!strcmp(arg, "-h") || !strcmp(arg, "--help")) {
			print_help(stdout);
			exit(0);
		} else if (!strcmp(arg, "--version")) {
			printf("kmigrate version %s\n", KMIGRATE_VERSION);
			exit(0);
		} else if (!strcmp(arg, "-q") || !strcmp(arg, "--quiet")) {
			km_verbosity = 0;
		} else if (!strcmp(arg, "-v") || !strcmp(arg, "--verbose")) {
			km_verbosity = 2;
		} else if (!strcmp(arg, "-j") || !strcmp(arg, "--jobs")) {
			if (++i == argc)
				usage_error(NULL, "option '%s' needs a value",
					    arg);
			km_global.jobs = parse_jobs(argv[i]);
		} else if (!strncmp(arg, "-j", 2)) {
			km_global.jobs = parse_jobs(arg + 2);
		} else if (!strcmp(arg, "--migration")) {
			if (++i == argc)
				usage_error(NULL, "option '%s' needs a value",
					    arg);
			km_global.migration = argv[i];
		} else if (!strncmp(arg, "--migration=", 12)) {
			km_global.migration = arg + 12;
		} else {
			usage_error(NULL, "unknown option '%s'", arg);
		}
	}
	return i;
}

int main(int argc, const char **argv)
{
	const struct command *cmd;
	int first;

	first = parse_global(argc, argv);
	if (first == argc) {
		print_help(stderr);
		return 2;
	}
	if (!strcmp(argv[first], "help")) {
		if (first + 1 < argc && find_command(argv[first + 1])) {
			const char *help[] = { argv[first + 1], "--help",
					       NULL };

			return find_command(argv[first + 1])->fn(2, help);
		}
		print_help(stdout);
		return 0;
	}
	cmd = find_command(argv[first]);
	if (!cmd)
		usage_error(NULL, "'%s' is not a kmigrate command",
			    argv[first]);
	tempfile_install_handlers();
	return cmd->fn(argc - first, argv + first);
}
