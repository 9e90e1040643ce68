/*
 * sound.h - the sound class shared by the sound drivers.
 *
 * Written fresh for kmigrate's fixture tree.  sound_class is created by
 * sound/sound_core.c (a subsys_initcall) and used by the ALSA and OSS
 * cores.
 */
#ifndef _LINUX_SOUND_H
#define _LINUX_SOUND_H

#define SOUND_MAJOR	14

struct class;

extern struct class *sound_class;

#endif /* _LINUX_SOUND_H */
