/*
 * shim/linux/kdev_t.h - device numbers as the core model builds and splits
 * them (12 bits of major, 20 of minor, as the fixture tree's own header).
 *
 * Replaces the tree's include/linux/kdev_t.h for the harness, so that the
 * drivers and the model cannot disagree about a dev_t.
 */
#ifndef _LINUX_KDEV_T_H
#define _LINUX_KDEV_T_H

#include "../kmigrate-harness.h"

#define MINORBITS KM_MINORBITS
#define MINORMASK KM_MINORMASK

#define MAJOR(dev) KM_MAJOR(dev)
#define MINOR(dev) KM_MINOR(dev)
#define MKDEV(ma, mi) KM_MKDEV(ma, mi)

#endif /* _LINUX_KDEV_T_H */
