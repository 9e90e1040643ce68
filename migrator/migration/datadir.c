/*
 * datadir.c - where kmigrate's data is (see datadir.h): the folder that
 * holds semantic-patches/ and the demo fixtures, found once per process.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "datadir.h"
#include "util.h"

static int is_dir(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISDIR(st.st_mode);
}

/* the directory holding semantic-patches/ (and the demo fixtures) */
const char *km_datadir(void)
{
	static char *dir;
	char exe[PATH_MAX], *probe;
	ssize_t n;

	if (dir)
		return dir;
	if (getenv("KMIGRATE_DATADIR") && *getenv("KMIGRATE_DATADIR")) {
		dir = xstrdup(getenv("KMIGRATE_DATADIR"));
		return dir;
	}
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n > 0) {
		char *slash;

		exe[n] = '\0';
		slash = strrchr(exe, '/');
		if (slash) {
			/*
			 * the source tree, a build directory below it, or
			 * an installation moved as a whole
			 */
			static const char *const beside[] = {
				"",
				"/../..",
				"/../share/kmigrate",
			};
			size_t i;

			*slash = '\0';
			for (i = 0; i < ARRAY_SIZE(beside); i++) {
				dir = xstrfmt("%s%s", exe, beside[i]);
				probe = xstrfmt("%s/semantic-patches", dir);
				if (is_dir(probe)) {
					free(probe);
					return dir;
				}
				free(probe);
				free(dir);
			}
		}
	}
	dir = xstrdup(KM_DATADIR);
	return dir;
}

const char *km_semantic_patches_dir(void)
{
	static char *dir;

	if (!dir)
		dir = xstrfmt("%s/semantic-patches", km_datadir());
	return dir;
}
