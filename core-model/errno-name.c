/*
 * errno-name.c - the names of the errnos the model returns, for its
 * callers' messages (km_errno_name() in model.h).  A level-0 file: it
 * includes the public model.h for the prototype and calls nothing.
 */
#include <errno.h>
#include <stddef.h>

#include "model.h"

const char *km_errno_name(long err)
{
	static const struct {
		int err;
		const char *name;
	} names[] = {
		{ EPERM, "EPERM" },   { ENOENT, "ENOENT" },
		{ EIO, "EIO" },	      { ENOMEM, "ENOMEM" },
		{ EBUSY, "EBUSY" },   { EEXIST, "EEXIST" },
		{ ENODEV, "ENODEV" }, { EINVAL, "EINVAL" },
		{ ENOSPC, "ENOSPC" }, { ENAMETOOLONG, "ENAMETOOLONG" },
		{ ELOOP, "ELOOP" },
	};
	size_t i;

	if (err < 0)
		err = -err;
	for (i = 0; i < sizeof(names) / sizeof(*names); i++)
		if (names[i].err == err)
			return names[i].name;
	return NULL;
}
