/*
 * parse-options.h - one small option parser for every command.
 *
 * A command describes its options in a table ending with OPT_END() and
 * calls parse_options(); the options found are stored through the value
 * pointers and the remaining arguments (operands) are moved to the front
 * of argv, their count returned.  "-h" and "--help" print the usage lines
 * and the option list on stdout and exit 0; an unknown option or a missing
 * value prints one line on stderr and exits 2.  "--" ends the options.
 * Options and operands may be mixed ("scan TREE -j4").
 */
#ifndef KM_PARSE_OPTIONS_H
#define KM_PARSE_OPTIONS_H

enum opt_type {
	OPTION_END,
	OPTION_BOOL,	/* int *: set to 1 */
	OPTION_COUNTUP, /* int *: incremented */
	OPTION_INT,	/* int *: a decimal value */
	OPTION_STRING,	/* const char **: the value */
	OPTION_LIST,	/* struct strlist *: each value appended */
	OPTION_CHOICE,	/* const char **: one of choices[] */
	OPTION_JOBS,	/* int *: a number of jobs, 1..OPT_JOBS_MAX */
};

struct option {
	enum opt_type type;
	int short_name;
	const char *long_name;
	void *value;
	const char *argh;
	const char *help;
	const char *const *choices; /* OPTION_CHOICE: NULL-terminated */
};

#define OPT_END()                                           \
	{                                                   \
		OPTION_END, 0, NULL, NULL, NULL, NULL, NULL \
	}
#define OPT_BOOL(s, l, v, h)                                \
	{                                                   \
		OPTION_BOOL, (s), (l), (v), NULL, (h), NULL \
	}
#define OPT_COUNTUP(s, l, v, h)                                \
	{                                                      \
		OPTION_COUNTUP, (s), (l), (v), NULL, (h), NULL \
	}
#define OPT_INT(s, l, v, a, h)                            \
	{                                                 \
		OPTION_INT, (s), (l), (v), (a), (h), NULL \
	}
#define OPT_STRING(s, l, v, a, h)                            \
	{                                                    \
		OPTION_STRING, (s), (l), (v), (a), (h), NULL \
	}
#define OPT_LIST(s, l, v, a, h)                            \
	{                                                  \
		OPTION_LIST, (s), (l), (v), (a), (h), NULL \
	}
#define OPT_CHOICE(s, l, v, a, c, h)                        \
	{                                                   \
		OPTION_CHOICE, (s), (l), (v), (a), (h), (c) \
	}
#define OPT_JOBS_MAX 4096
#define OPT_JOBS_INT(s, l, v, a, h)                        \
	{                                                  \
		OPTION_JOBS, (s), (l), (v), (a), (h), NULL \
	}

/*
 * usage: NULL-terminated lines, the first is "kmigrate scan [options] TREE";
 * cmd: the command's name for error messages ("scan").
 */
int parse_options(int argc, const char **argv, const struct option *opts,
		  const char *const *usage, const char *cmd);

/* print the usage and option list to fp */
void usage_with_options(void *fp, const char *const *usage,
			const struct option *opts);

/* a one-line usage error naming the command, and exit 2 */
__attribute__((noreturn, format(printf, 2, 3))) void
usage_error(const char *cmd, const char *fmt, ...);

#endif
