/*
 * errno-name.c - the names of the errnos the model returns, for its
 * callers' messages, and back (km_errno_name() and km_errno_parse() in
 * model.h).  A level-0 file: it includes the public model.h for the
 * prototypes and calls nothing of the model.
 */
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"

static const struct {
	int err;
	const char *name;
} names[] = {
	{ EPERM, "EPERM" },
	{ ENOENT, "ENOENT" },
	{ EIO, "EIO" },
	{ ENOMEM, "ENOMEM" },
	{ EBUSY, "EBUSY" },
	{ EEXIST, "EEXIST" },
	{ ENODEV, "ENODEV" },
	{ EINVAL, "EINVAL" },
	{ ENOSPC, "ENOSPC" },
	{ ENAMETOOLONG, "ENAMETOOLONG" },
	{ ELOOP, "ELOOP" },
	{ EAGAIN, "EAGAIN" },
	{ ETIMEDOUT, "ETIMEDOUT" },
};

const char *km_errno_name(long err)
{
	size_t i;

	if (err < 0)
		err = -err;
	for (i = 0; i < sizeof(names) / sizeof(*names); i++)
		if (names[i].err == err)
			return names[i].name;
	return NULL;
}

int km_errno_parse(const char *s, long *err)
{
	char *end;
	size_t i;

	if (*s == '-' && s[1] == 'E')
		for (i = 0; i < sizeof(names) / sizeof(*names); i++)
			if (!strcmp(s + 1, names[i].name)) {
				*err = -names[i].err;
				return 0;
			}
	if (*s != '-' && (*s < '0' || *s > '9'))
		return -1;
	*err = strtol(s, &end, 10);
	return *end || *err < -KM_MAX_ERRNO || *err > 0 ? -1 : 0;
}
