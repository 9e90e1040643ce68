/*
 * Minimal init.h for the hard-cases fixture tree: the section markers
 * reduce to nothing, which is all a source-level tool needs.
 */
#ifndef _LINUX_INIT_H
#define _LINUX_INIT_H

#define __init
#define __exit

#endif /* _LINUX_INIT_H */
