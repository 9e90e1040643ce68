/*
 * errno.h - the error numbers the fixture drivers return.
 *
 * Written fresh for kmigrate's fixture tree; the values are the
 * architecture-independent Linux ones.
 */
#ifndef _LINUX_ERRNO_H
#define _LINUX_ERRNO_H

#define EIO		5
#define ENXIO		6
#define ENOMEM		12
#define EBUSY		16
#define EEXIST		17
#define ENODEV		19
#define EINVAL		22

#endif /* _LINUX_ERRNO_H */
