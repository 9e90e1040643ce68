/*
 * init.h - init and exit markers, and how a fixture harness finds them.
 *
 * Written fresh for kmigrate's fixture tree, with the convention of
 * linux-2.6.14-mini (tree-fixtures/README.md): __init and __exit mark
 * nothing here.  Every subsys_initcall(), module_init() and module_exit()
 * leaves one struct kmigrate_initcall record in the linker section
 * "kmigrate_initcalls", so a harness that links all fixture drivers into
 * one program walks __start_kmigrate_initcalls..__stop_kmigrate_initcalls
 * and calls:
 *
 *   1. every init of level KMIGRATE_SUBSYS, in path order;
 *   2. every init of level KMIGRATE_MODULE (the drivers), in path order;
 *   3. every exit, in the reverse of the order its file's init ran.
 *
 * The records carry __FILE__, so the order does not depend on link order.
 */
#ifndef _LINUX_INIT_H
#define _LINUX_INIT_H

#define __init
#define __exit
#define __initdata

typedef int (*initcall_t)(void);
typedef void (*exitcall_t)(void);

#define KMIGRATE_EXIT	0
#define KMIGRATE_SUBSYS	4
#define KMIGRATE_MODULE	6

struct kmigrate_initcall {
	const char *file;
	int level;		/* KMIGRATE_SUBSYS, KMIGRATE_MODULE or _EXIT */
	initcall_t init;
	exitcall_t exit;
};

#define __kmigrate_initcall(id, lvl, initfn, exitfn)			\
	static const struct kmigrate_initcall __kmigrate_initcall_##id	\
	__attribute__((__used__, __section__("kmigrate_initcalls"),	\
		       __aligned__(sizeof(void *)))) =			\
		{ __FILE__, lvl, initfn, exitfn }

#define subsys_initcall(fn)	\
	__kmigrate_initcall(fn, KMIGRATE_SUBSYS, fn, 0)

#endif /* _LINUX_INIT_H */
