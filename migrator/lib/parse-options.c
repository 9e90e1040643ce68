/*
 * parse-options.c - the option parser (see parse-options.h).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse-options.h"
#include "strlist.h"
#include "util.h"

void usage_error(const char *cmd, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", km_progname);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	if (cmd)
		fprintf(stderr, " (see '%s %s --help')\n", km_progname, cmd);
	else
		fprintf(stderr, " (see '%s --help')\n", km_progname);
	exit(2);
}

static int takes_value(const struct option *o)
{
	return o->type == OPTION_INT || o->type == OPTION_STRING ||
	       o->type == OPTION_LIST || o->type == OPTION_CHOICE ||
	       o->type == OPTION_JOBS || o->type == OPTION_SIZE;
}

/* "16M": a number of bytes, or K, M or G of them; 0 when it is not */
static size_t parse_size(const char *arg)
{
	unsigned long long n, unit = 1;
	char *end;

	if (*arg < '0' || *arg > '9')
		return 0;
	errno = 0;
	n = strtoull(arg, &end, 10);
	if (errno)
		return 0;
	if (*end == 'K' || *end == 'k')
		unit = 1ULL << 10;
	else if (*end == 'M' || *end == 'm')
		unit = 1ULL << 20;
	else if (*end == 'G' || *end == 'g')
		unit = 1ULL << 30;
	if (unit > 1)
		end++;
	if (*end || n > (SIZE_MAX >> 1) / unit)
		return 0;
	return (size_t)(n * unit);
}

void usage_with_options(void *stream, const char *const *usage,
			const struct option *opts)
{
	FILE *fp = stream;
	const struct option *o;

	fprintf(fp, "usage: %s\n", usage[0]);
	for (usage++; *usage; usage++)
		fprintf(fp, "%s%s\n", **usage ? "   " : "", *usage);
	fputc('\n', fp);
	for (o = opts; o->type != OPTION_END; o++) {
		char flag[64];
		int n = 0;

		if (o->short_name)
			n += snprintf(flag + n, sizeof(flag) - (size_t)n,
				      "-%c%s", o->short_name,
				      o->long_name ? ", " : "");
		if (o->long_name)
			n += snprintf(flag + n, sizeof(flag) - (size_t)n,
				      "--%s", o->long_name);
		if (takes_value(o) && n < (int)sizeof(flag))
			snprintf(flag + n, sizeof(flag) - (size_t)n, " %s",
				 o->argh ? o->argh : "VALUE");
		fprintf(fp, "    %-24s %s\n", flag, o->help);
	}
	fprintf(fp, "    %-24s %s\n", "-h, --help", "show this help");
}

static const struct option *find_long(const struct option *opts,
				      const char *name, size_t len)
{
	for (; opts->type != OPTION_END; opts++)
		if (opts->long_name && strlen(opts->long_name) == len &&
		    !strncmp(opts->long_name, name, len))
			return opts;
	return NULL;
}

static const struct option *find_short(const struct option *opts, int c)
{
	for (; opts->type != OPTION_END; opts++)
		if (opts->short_name == c)
			return opts;
	return NULL;
}

static void store(const struct option *o, const char *arg, const char *cmd,
		  const char *spelled)
{
	const char *const *c;
	char *end;
	long n;

	switch (o->type) {
	case OPTION_BOOL:
		*(int *)o->value = 1;
		break;
	case OPTION_SET_INT:
		*(int *)o->value = o->defval;
		break;
	case OPTION_COUNTUP:
		(*(int *)o->value)++;
		break;
	case OPTION_INT:
		errno = 0;
		n = strtol(arg, &end, 10);
		if (errno || !*arg || *end || n < 0 || n > 1000000)
			usage_error(cmd, "option '%s' needs a number, not '%s'",
				    spelled, arg);
		*(int *)o->value = (int)n;
		break;
	case OPTION_JOBS:
		errno = 0;
		n = strtol(arg, &end, 10);
		if (errno || !*arg || *end || n < 1 || n > OPT_JOBS_MAX)
			usage_error(cmd,
				    "option '%s' needs a number of jobs "
				    "from 1 to %d, not '%s'",
				    spelled, OPT_JOBS_MAX, arg);
		*(int *)o->value = (int)n;
		break;
	case OPTION_SIZE:
		*(size_t *)o->value = parse_size(arg);
		if (!*(size_t *)o->value)
			usage_error(cmd,
				    "option '%s' needs a size in bytes, "
				    "with a K, M or G suffix, not '%s'",
				    spelled, arg);
		break;
	case OPTION_STRING:
		*(const char **)o->value = arg;
		break;
	case OPTION_LIST:
		strlist_push(o->value, arg);
		break;
	case OPTION_CHOICE:
		for (c = o->choices; *c; c++)
			if (!strcmp(*c, arg))
				break;
		if (!*c)
			usage_error(cmd, "option '%s' does not take '%s'",
				    spelled, arg);
		*(const char **)o->value = arg;
		break;
	case OPTION_END:
		break;
	}
}

/* parse one "--name[=value]"; returns how many argv entries it used */
static int parse_long(const char **argv, int left, const struct option *opts,
		      const char *cmd)
{
	const char *name = argv[0] + 2, *eq = strchr(name, '=');
	size_t len = eq ? (size_t)(eq - name) : strlen(name);
	const struct option *o = find_long(opts, name, len);
	char *spelled;

	if (!o)
		usage_error(cmd, "unknown option '--%.*s'", (int)len, name);
	if (!takes_value(o)) {
		if (eq)
			usage_error(cmd, "option '--%s' takes no value",
				    o->long_name);
		store(o, NULL, cmd, argv[0]);
		return 1;
	}
	if (!eq && left < 2)
		usage_error(cmd, "option '--%s' needs a value", o->long_name);
	spelled = xstrfmt("--%s", o->long_name);
	store(o, eq ? eq + 1 : argv[1], cmd, spelled);
	free(spelled);
	return eq ? 1 : 2;
}

/* parse a cluster of short options "-qv" or "-j4" or "-j 4" */
static int parse_short(const char **argv, int left, const struct option *opts,
		       const char *cmd)
{
	const char *p;

	for (p = argv[0] + 1; *p; p++) {
		const struct option *o = find_short(opts, *p);
		char spelled[3] = { '-', *p, 0 };

		if (!o)
			usage_error(cmd, "unknown option '-%c'", *p);
		if (!takes_value(o)) {
			store(o, NULL, cmd, spelled);
			continue;
		}
		if (p[1]) {
			store(o, p + 1, cmd, spelled);
			return 1;
		}
		if (left < 2)
			usage_error(cmd, "option '-%c' needs a value", *p);
		store(o, argv[1], cmd, spelled);
		return 2;
	}
	return 1;
}

int parse_options(int argc, const char **argv, const struct option *opts,
		  const char *const *usage, const char *cmd, unsigned int flags)
{
	int i = 1, nr = 0, only_operands = 0;

	while (i < argc) {
		const char *arg = argv[i];

		if (only_operands || arg[0] != '-' || !arg[1]) {
			if (flags & PARSE_OPT_STOP_AT_NON_OPTION)
				break;
			argv[nr++] = arg;
			i++;
			continue;
		}
		if (!strcmp(arg, "--")) {
			only_operands = 1;
			i++;
			continue;
		}
		if (!(flags & PARSE_OPT_NO_INTERNAL_HELP) &&
		    (!strcmp(arg, "-h") || !strcmp(arg, "--help"))) {
			usage_with_options(stdout, usage, opts);
			exit(0);
		}
		if (arg[1] == '-')
			i += parse_long(argv + i, argc - i, opts, cmd);
		else
			i += parse_short(argv + i, argc - i, opts, cmd);
	}
	while (i < argc)
		argv[nr++] = argv[i++];
	argv[nr] = NULL;
	return nr;
}
