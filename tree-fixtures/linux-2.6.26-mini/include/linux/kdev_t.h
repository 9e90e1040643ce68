/*
 * kdev_t.h - building and splitting device numbers.
 *
 * Written fresh for kmigrate's fixture tree: a dev_t holds the major in
 * its top 12 bits and the minor in its low MINORBITS bits.
 */
#ifndef _LINUX_KDEV_T_H
#define _LINUX_KDEV_T_H

#define MINORBITS	20
#define MINORMASK	((1U << MINORBITS) - 1)

#define MAJOR(dev)	((unsigned int) ((dev) >> MINORBITS))
#define MINOR(dev)	((unsigned int) ((dev) & MINORMASK))
#define MKDEV(ma, mi)	(((ma) << MINORBITS) | (mi))

#endif /* _LINUX_KDEV_T_H */
