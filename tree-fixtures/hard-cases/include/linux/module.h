/*
 * Minimal module.h for the hard-cases fixture tree: module entry points
 * and the owner pointer the class functions take.
 */
#ifndef _LINUX_MODULE_H
#define _LINUX_MODULE_H

#include <linux/init.h>

struct module;

extern struct module __this_module;
#define THIS_MODULE (&__this_module)

#define module_init(fn)	int init_module(void) { return fn(); }
#define module_exit(fn)	void cleanup_module(void) { fn(); }
#define MODULE_LICENSE(text)

#endif /* _LINUX_MODULE_H */
