/*
 * errno.h - the error numbers the fixture drivers return.
 *
 * Written fresh for kmigrate's fixture tree; the values are the
 * architecture-independent Linux ones.
 */
#ifndef _LINUX_ERRNO_H
#define _LINUX_ERRNO_H

#define ENXIO		6
#define E2BIG		7
#define ENOMEM		12
#define EFAULT		14
#define EBUSY		16
#define EEXIST		17
#define ENODEV		19
#define EINVAL		22
#define ENFILE		23

#endif /* _LINUX_ERRNO_H */
