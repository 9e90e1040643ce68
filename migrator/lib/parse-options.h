/*
 * parse-options.h - one small option parser for every command.
 *
 * A command describes its options in a table ending with OPT_END() and
 * calls parse_options(); the options found are stored through the value
 * pointers and the remaining arguments (operands) are moved to the front
 * of argv, their count returned.  "-h" and "--help" print the usage lines
 * and the option list on stdout and exit 0; an unknown option or a missing
 * value prints one line on stderr and exits 2.  "--" ends the options.
 * Options and operands may be mixed ("scan TREE -j4"), unless the flags
 * (below) say to stop at the first operand.
 */
#ifndef KM_PARSE_OPTIONS_H
#define KM_PARSE_OPTIONS_H

enum opt_type {
	OPTION_END,
	OPTION_BOOL,	/* int *: set to 1 */
	OPTION_SET_INT, /* int *: set to defval */
	OPTION_COUNTUP, /* int *: incremented */
	OPTION_INT,	/* int *: a decimal value */
	OPTION_STRING,	/* const char **: the value */
	OPTION_LIST,	/* struct strlist *: each value appended */
	OPTION_CHOICE,	/* const char **: one of choices[] */
	OPTION_JOBS,	/* int *: a number of jobs, 1..OPT_JOBS_MAX */
	OPTION_SIZE,	/* size_t *: bytes, with a K, M or G suffix, > 0 */
};

struct option {
	enum opt_type type;
	int short_name;
	const char *long_name;
	void *value;
	const char *argh;
	const char *help;
	const char *const *choices; /* OPTION_CHOICE: NULL-terminated */
	int defval;		    /* OPTION_SET_INT: the value to set */
};

#define OPT_END()                   \
	{                           \
		.type = OPTION_END, \
	}
#define OPT_BOOL(s, l, v, h)                                              \
	{                                                                 \
		.type = OPTION_BOOL, .short_name = (s), .long_name = (l), \
		.value = (v), .help = (h),                                \
	}
#define OPT_SET_INT(s, l, v, i, h)                                           \
	{                                                                    \
		.type = OPTION_SET_INT, .short_name = (s), .long_name = (l), \
		.value = (v), .help = (h), .defval = (i),                    \
	}
#define OPT_COUNTUP(s, l, v, h)                                              \
	{                                                                    \
		.type = OPTION_COUNTUP, .short_name = (s), .long_name = (l), \
		.value = (v), .help = (h),                                   \
	}
#define OPT_INT(s, l, v, a, h)                                           \
	{                                                                \
		.type = OPTION_INT, .short_name = (s), .long_name = (l), \
		.value = (v), .argh = (a), .help = (h),                  \
	}
#define OPT_STRING(s, l, v, a, h)                                           \
	{                                                                   \
		.type = OPTION_STRING, .short_name = (s), .long_name = (l), \
		.value = (v), .argh = (a), .help = (h),                     \
	}
#define OPT_LIST(s, l, v, a, h)                                           \
	{                                                                 \
		.type = OPTION_LIST, .short_name = (s), .long_name = (l), \
		.value = (v), .argh = (a), .help = (h),                   \
	}
#define OPT_CHOICE(s, l, v, a, c, h)                                        \
	{                                                                   \
		.type = OPTION_CHOICE, .short_name = (s), .long_name = (l), \
		.value = (v), .argh = (a), .help = (h), .choices = (c),     \
	}
#define OPT_JOBS_MAX 4096
#define OPT_JOBS_INT(s, l, v, a, h)                                       \
	{                                                                 \
		.type = OPTION_JOBS, .short_name = (s), .long_name = (l), \
		.value = (v), .argh = (a), .help = (h),                   \
	}

#define OPT_SIZE(s, l, v, a, h)                                           \
	{                                                                 \
		.type = OPTION_SIZE, .short_name = (s), .long_name = (l), \
		.value = (v), .argh = (a), .help = (h),                   \
	}

/*
 * flags: PARSE_OPT_STOP_AT_NON_OPTION stops at the first operand and
 * leaves it and everything after it in argv as it is (main()'s global
 * options end at the command's name); PARSE_OPT_NO_INTERNAL_HELP leaves
 * "-h" and "--help" to the table (an OPT_BOOL the caller answers).
 */
#define PARSE_OPT_STOP_AT_NON_OPTION (1 << 0)
#define PARSE_OPT_NO_INTERNAL_HELP (1 << 1)

/*
 * usage: NULL-terminated lines, the first is "kmigrate scan [options] TREE";
 * cmd: the command's name for error messages ("scan"), NULL for the
 * global options; flags: PARSE_OPT_* or 0.
 */
int parse_options(int argc, const char **argv, const struct option *opts,
		  const char *const *usage, const char *cmd,
		  unsigned int flags);

/* print the usage and option list to fp */
void usage_with_options(void *fp, const char *const *usage,
			const struct option *opts);

/* a one-line usage error naming the command, and exit 2 */
__attribute__((noreturn, format(printf, 2, 3))) void
usage_error(const char *cmd, const char *fmt, ...);

#endif
