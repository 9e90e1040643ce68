/*
 * compiler_attributes.h - the attribute shorthands the fixture headers
 * use.
 *
 * Written fresh for kmigrate's fixture tree.
 */
#ifndef _LINUX_COMPILER_ATTRIBUTES_H
#define _LINUX_COMPILER_ATTRIBUTES_H

#define __must_check	__attribute__((__warn_unused_result__))
#define __printf(a, b)	__attribute__((__format__(printf, a, b)))

#endif /* _LINUX_COMPILER_ATTRIBUTES_H */
