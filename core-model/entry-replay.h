/*
 * entry-replay.h - the row behind each public struct km_entry, with the
 * function that makes the call on the model, that the table (entry.c)
 * and the replay (entry-replay.c) share, they only; callers use
 * entry.h.
 */
#ifndef KM_ENTRY_REPLAY_H
#define KM_ENTRY_REPLAY_H

#include "entry.h"

/* one call being replayed: its arguments made, by parameter */
struct km_replay;

struct km_entry_row {
	struct km_entry entry;
	/* makes the call in the replay's form; sets the outcome */
	void (*replay)(struct km_replay *r);
};

/* entry-replay.c: the call on a fresh model; fills res */
void km_replay(const struct km_entry_row *row, enum km_form form,
	       const struct km_value *args, struct km_call_result *res);

/* entry-replay.c: the replays the rows name */
void km_replay_class_device_create(struct km_replay *r);
void km_replay_class_device_destroy(struct km_replay *r);
void km_replay_device_create(struct km_replay *r);
void km_replay_device_destroy(struct km_replay *r);
void km_replay_class_create(struct km_replay *r);
void km_replay_class_destroy(struct km_replay *r);

#endif
