/*
 * Minimal stddef.h for the rule cases of tests/validation/rules: NULL
 * only.  No system header is used anywhere in this tree.
 */
#ifndef _LINUX_STDDEF_H
#define _LINUX_STDDEF_H

#define NULL ((void *)0)

#endif /* _LINUX_STDDEF_H */
