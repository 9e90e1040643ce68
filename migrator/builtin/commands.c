/*
 * commands.c - the table of kmigrate's commands (see builtin.h): a row
 * per command, its name, its cmd_NAME(), what main() sets up for it and
 * the line "kmigrate --help" shows, in the order the help lists them.
 */
#include <string.h>

#include "builtin.h"
#include "util.h"

const struct command km_commands[] = {
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

const size_t km_nr_commands = ARRAY_SIZE(km_commands);

const struct command *find_command(const char *name)
{
	size_t i;

	for (i = 0; i < km_nr_commands; i++)
		if (!strcmp(km_commands[i].name, name))
			return &km_commands[i];
	return NULL;
}
