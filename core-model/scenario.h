/*
 * scenario.h - what the scenario parser (scenario.c) and the statements
 * (scenario-stmt.c) share, they only; callers use model.h.
 *
 * A statement is a row of scn_syntax_table: its keyword, how many words
 * of arguments it takes, which KEY=VALUE options and flags it accepts, the
 * function that replays it and its usage line.  scenario.c splits and
 * checks a line against the row; the row's run() replays it on the model.
 */
#ifndef KM_SCENARIO_H
#define KM_SCENARIO_H

#include <stdio.h>

#include "internal.h"

enum scn_key {
	SCN_KEY_PARENT,
	SCN_KEY_DEVT,
	SCN_KEY_DEVICE,
	SCN_KEY_DRVDATA,
	SCN_KEY_OWNER,
	SCN_KEY_PROBE,
	SCN_KEY_REMOVE,
	SCN_KEY_DEVRES,
	SCN_NR_KEYS,
};

#define SCN_K(key) (1U << (key))
#define SCN_FLAG_HOTPLUG (1U << SCN_NR_KEYS)	/* the word "hotplug" */
#define SCN_ARG2_DEVT (1U << (SCN_NR_KEYS + 1)) /* second word MAJ:MIN */
#define SCN_CREATE_KEYS \
	(SCN_K(SCN_KEY_PARENT) | SCN_K(SCN_KEY_DEVT) | SCN_K(SCN_KEY_DEVICE))

struct scn_syntax;

struct scn_stmt {
	const struct scn_syntax *syntax;
	int line;
	char *args[2];
	char *keys[SCN_NR_KEYS]; /* NULL: not given */
	int hotplug;
	km_devt devt; /* devt= or the MAJ:MIN argument */
};

struct scn_run {
	struct kmodel *model;
	const char *file;
	FILE *err;
	int status;
};

struct scn_syntax {
	const char *keyword;
	int nr_args;
	unsigned int options;
	void (*run)(struct scn_run *run, const struct scn_stmt *stmt);
	const char *usage;
};

/* scenario-stmt.c */
extern const struct scn_syntax scn_syntax_table[];
extern const size_t scn_nr_syntax;

#endif
