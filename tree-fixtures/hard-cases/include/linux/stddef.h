/*
 * Minimal stddef for the hard-cases fixture tree: NULL only.  Written for
 * kmigrate's tests; no system header is used anywhere in this tree.
 */
#ifndef _LINUX_STDDEF_H
#define _LINUX_STDDEF_H

#define NULL ((void *)0)

#endif /* _LINUX_STDDEF_H */
