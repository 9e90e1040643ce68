/*
 * types.h - the basic types the linux-6.3-mini fixture drivers use.
 *
 * Written fresh for kmigrate's fixture tree.  dev_t is 32 bits wide: 12
 * bits of major, 20 bits of minor (see kdev_t.h).
 */
#ifndef _LINUX_TYPES_H
#define _LINUX_TYPES_H

typedef unsigned int u32;
typedef unsigned short u16;
typedef unsigned char u8;

typedef u32 dev_t;
typedef unsigned short umode_t;
typedef __SIZE_TYPE__ size_t;
typedef _Bool bool;

#define false	0
#define true	1

#endif /* _LINUX_TYPES_H */
