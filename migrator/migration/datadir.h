/*
 * datadir.h - the data directory: $KMIGRATE_DATADIR, the source tree or
 * installation the binary sits in, or the one compiled in.  It holds
 * semantic-patches/ (the migrations and kernel-types) and the demo
 * fixtures that run uses.  Both paths are found once and kept.
 */
#ifndef KM_DATADIR_H
#define KM_DATADIR_H

const char *km_datadir(void);
const char *km_semantic_patches_dir(void);

#endif
