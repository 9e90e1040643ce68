/*
 * setup.c - what every command does first (see builtin.h): its options,
 * then the tree and the migration its row in the command table asks for;
 * and the global options the commands read (-j, --migration,
 * --no-cache, --max-line-length's limits).
 */
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

#include "builtin.h"
#include "kinds.h"
#include "migration.h"
#include "parse-options.h"
#include "result-cache.h"
#include "tree-fs.h"
#include "tree-style.h"
#include "util.h"

struct km_global_options km_global = { 0, "class-device-parent", 0, 0 };

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
		kinds_init();
		if (migration_load(setup->migration, km_global.migration) < 0)
			exit(2);
	}
	return argc;
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
