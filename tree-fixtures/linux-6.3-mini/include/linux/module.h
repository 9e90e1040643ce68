/*
 * module.h - module entry points for the fixture drivers.
 *
 * Written fresh for kmigrate's fixture tree.  Built as a module, a file
 * would have THIS_MODULE point at its struct module; the fixture drivers
 * are all built in (MODULE is not defined), so THIS_MODULE is NULL.
 * module_init() and module_exit() record the functions for a harness
 * (see init.h); MODULE_LICENSE() keeps its string and does nothing else.
 */
#ifndef _LINUX_MODULE_H
#define _LINUX_MODULE_H

#include <linux/init.h>

struct module;

#ifdef MODULE
extern struct module __this_module;
#define THIS_MODULE	(&__this_module)
#else
#define THIS_MODULE	((struct module *)0)
#endif

#define module_init(fn)	\
	__kmigrate_initcall(fn, KMIGRATE_MODULE, fn, 0)
#define module_exit(fn)	\
	__kmigrate_initcall(fn, KMIGRATE_EXIT, 0, fn)

#define MODULE_LICENSE(license)						\
	static const char __kmigrate_module_license[]			\
	__attribute__((__used__)) = "license=" license

#endif /* _LINUX_MODULE_H */
