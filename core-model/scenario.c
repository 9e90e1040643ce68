/*
 * scenario.c - replays a scenario file on a model (`kmigrate model`).
 *
 * One statement a line; words are separated by blanks, a word starting
 * with '#' starts a comment, a word in double quotes may be empty or hold
 * blanks ("" is the empty name).  CLASS is a class name, '-' for NULL.
 * CDEV is a class device's path below /sys/class: "input/input3",
 * "input/input3/event2".  PATH is a device below /sys/devices.
 *
 *	class NAME [hotplug]	class_create(); "hotplug" installs a class
 *				hotplug callback adding CLASS_HOTPLUG=1
 *	device PATH		a struct device (and its parents)
 *	create CLASS NAME [parent=CDEV] [devt=MAJ:MIN] [device=PATH]
 *				class_device_create(), the nested form
 *	create-old CLASS NAME [devt=MAJ:MIN] [device=PATH]
 *				class_device_create(), the 2.6.14 form
 *	register CLASS NAME [parent=CDEV] [devt=MAJ:MIN] [device=PATH]
 *				class_device_register() of a class device
 *				with no release or hotplug of its own (as the
 *				input core registers its input devices)
 *	group CDEV NAME		sysfs_create_group(): a subdirectory
 *	ungroup CDEV NAME	sysfs_remove_group()
 *	destroy CLASS MAJ:MIN	class_device_destroy()
 *	unregister CDEV		class_device_unregister()
 *	class-destroy NAME	class_destroy()
 *	class-create NAME	class_create(name) of 6.4; NAME '-' is NULL
 *	class-create-old NAME [owner=MODULE]
 *				class_create(owner, name) before 6.4; the
 *				owner is the model's module MODULE (NULL
 *				without owner=)
 *	device-create CLASS NAME [parent=PATH] [devt=MAJ:MIN] [drvdata=X]
 *				device_create() of 2.6.27: a struct device
 *				in CLASS below the device PATH (a fixture or
 *				a device made here, "virtual/tty/ttyS0"),
 *				storing the drvdata X (a pointer standing
 *				for the word X; NULL without drvdata=)
 *	device-create-old CLASS NAME [parent=PATH] [devt=MAJ:MIN]
 *				device_create() of 2.6.18 to 2.6.26
 *	device-destroy CLASS MAJ:MIN
 *				device_destroy()
 *	bus NAME		bus_register(): /sys/bus/NAME/
 *	driver BUS/NAME [probe=ERRNO] [remove=ERRNO] [drvdata=X] [devres=N]
 *				driver_register() of a driver whose probe
 *				returns ERRNO ("-EBUSY"; 0 without probe=),
 *				stores drvdata X and allocates N devres,
 *				and whose remove returns ERRNO
 *	driver-unregister BUS/NAME
 *				driver_unregister(): unbinds its devices
 *	bus-device BUS PATH	the device PATH joins the bus (device_add())
 *	bus-device-del PATH	and leaves it (device_del()): unbinds it
 *	bind BUS/NAME PATH	echo DEV > /sys/bus/BUS/drivers/NAME/bind
 *	unbind BUS/NAME PATH	echo DEV > /sys/bus/BUS/drivers/NAME/unbind
 *
 * Contract: the whole text is parsed first; malformed lines are reported
 * as "FILE:LINE: error: <what is wrong>" and nothing is replayed
 * (KM_SCENARIO_MALFORMED).  Then every statement runs in order; one that
 * fails in the model - including naming a class, class device or device the
 * model does not have - prints "FILE:LINE: error: <call> failed: -EXXX"
 * and the run goes on (KM_SCENARIO_FAILED at the end).  Warnings the model
 * records while a statement runs print as "FILE:LINE: warning: ...".
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scenario.h"

#define SCN_MAX_WORDS 8

static const char *const key_names[SCN_NR_KEYS] = {
	"parent", "devt",  "device", "drvdata",
	"owner",  "probe", "remove", "devres",
};

__attribute__((format(printf, 3, 4))) static void
report(FILE *err, const char *where, const char *fmt, ...)
{
	va_list args;

	fprintf(err, "%s: error: ", where);
	va_start(args, fmt);
	vfprintf(err, fmt, args);
	va_end(args);
	fputc('\n', err);
}

/* --- parsing ------------------------------------------------------------ */

/* "MAJ:MIN" in range; 0 or -1 */
static int parse_devt(const char *s, km_devt *devt)
{
	unsigned long major, minor;
	char *end;

	if (*s < '0' || *s > '9')
		return -1;
	major = strtoul(s, &end, 10);
	if (*end != ':' || end[1] < '0' || end[1] > '9')
		return -1;
	minor = strtoul(end + 1, &end, 10);
	if (*end || major > (0xffffffffUL >> KM_MINORBITS) ||
	    minor > KM_MINORMASK)
		return -1;
	*devt = KM_MKDEV(major, minor);
	return 0;
}

/* splits line in place into words; -1 with *why on a bad quote */
static int split_words(char *line, char **words, int *nr, const char **why)
{
	char *p = line;

	*nr = 0;
	for (;;) {
		p += strspn(p, " \t\r");
		if (!*p || *p == '#')
			return 0;
		if (*nr == SCN_MAX_WORDS) {
			*why = "too many words";
			return -1;
		}
		if (*p == '"') {
			char *close = strchr(p + 1, '"');

			if (!close ||
			    (close[1] && !strchr(" \t\r", close[1]))) {
				*why = "bad quoting";
				return -1;
			}
			*close = '\0';
			words[(*nr)++] = p + 1;
			p = close + 1 + (close[1] != '\0');
			continue;
		}
		words[(*nr)++] = p;
		p += strcspn(p, " \t\r");
		if (*p)
			*p++ = '\0';
	}
}

/* the options after the arguments; 0, or -1 after reporting */
static int parse_options(struct scn_stmt *stmt, char **words, int nr,
			 const char *where, FILE *err)
{
	const struct scn_syntax *syn = stmt->syntax;
	int i, k;

	for (i = 0; i < nr; i++) {
		char *eq = strchr(words[i], '=');

		if (!eq && (syn->options & SCN_FLAG_HOTPLUG) &&
		    !strcmp(words[i], "hotplug") && !stmt->hotplug) {
			stmt->hotplug = 1;
			continue;
		}
		for (k = 0; eq && k < SCN_NR_KEYS; k++)
			if ((syn->options & SCN_K(k)) &&
			    strlen(key_names[k]) == (size_t)(eq - words[i]) &&
			    !strncmp(words[i], key_names[k], eq - words[i]))
				break;
		if (!eq || k == SCN_NR_KEYS) {
			report(err, where, "unexpected '%s' (usage: %s)",
			       words[i], syn->usage);
			return -1;
		}
		if (stmt->keys[k]) {
			report(err, where, "'%s=' given twice", key_names[k]);
			return -1;
		}
		if (!eq[1]) {
			report(err, where, "'%s=' needs a value", key_names[k]);
			return -1;
		}
		stmt->keys[k] = eq + 1;
	}
	return 0;
}

/* probe=, remove= and devres= hold what they say; 0, or -1 after reporting */
static int check_values(const struct scn_stmt *stmt, const char *where,
			FILE *err)
{
	const char *devres = stmt->keys[SCN_KEY_DEVRES];
	long value;
	int k;

	for (k = SCN_KEY_PROBE; k <= SCN_KEY_REMOVE; k++)
		if (stmt->keys[k] && km_errno_parse(stmt->keys[k], &value)) {
			report(err, where,
			       "bad '%s=%s': expected 0 or -ERRNO (-EBUSY)",
			       key_names[k], stmt->keys[k]);
			return -1;
		}
	if (devres && (strspn(devres, "0123456789") != strlen(devres) ||
		       strlen(devres) > 4)) {
		report(err, where, "bad 'devres=%s': expected 0 to 9999",
		       devres);
		return -1;
	}
	return 0;
}

static int parse_statement(struct scn_stmt *stmt, char **words, int nr,
			   const char *where, FILE *err)
{
	const struct scn_syntax *syn = NULL;
	const char *devt;
	size_t i;

	for (i = 0; i < scn_nr_syntax; i++)
		if (!strcmp(words[0], scn_syntax_table[i].keyword))
			syn = &scn_syntax_table[i];
	if (!syn) {
		report(err, where, "unknown statement '%s'", words[0]);
		return -1;
	}
	stmt->syntax = syn;
	if (nr - 1 < syn->nr_args) {
		report(err, where, "'%s' needs %d argument%s (usage: %s)",
		       syn->keyword, syn->nr_args, syn->nr_args > 1 ? "s" : "",
		       syn->usage);
		return -1;
	}
	for (i = 0; i < (size_t)syn->nr_args; i++)
		stmt->args[i] = words[1 + i];
	if (parse_options(stmt, words + 1 + syn->nr_args, nr - 1 - syn->nr_args,
			  where, err) ||
	    check_values(stmt, where, err))
		return -1;
	devt = syn->options & SCN_ARG2_DEVT ? stmt->args[1] :
					      stmt->keys[SCN_KEY_DEVT];
	if (devt && parse_devt(devt, &stmt->devt)) {
		report(err, where,
		       "bad dev_t '%s': expected MAJ:MIN, major < 4096, minor < 1048576",
		       devt);
		return -1;
	}
	return 0;
}

/* --- the run ------------------------------------------------------------ */

struct scn_line {
	char *text; /* the words point into it */
	struct scn_stmt stmt;
};

/* a zeroed slot at the end of *lines, or NULL when out of memory */
static struct scn_line *new_line(struct scn_line **lines, size_t *nr,
				 size_t *alloc)
{
	if (*nr == *alloc) {
		size_t want = *alloc ? 2 * *alloc : 64;
		struct scn_line *grown;

		grown = realloc(*lines, want * sizeof(**lines));
		if (!grown)
			return NULL;
		*lines = grown;
		*alloc = want;
	}
	memset(&(*lines)[*nr], 0, sizeof(**lines));
	return &(*lines)[(*nr)++];
}

/* every statement of text into *lines; the number of malformed lines */
static int parse_all(const char *file, const char *text, size_t len, FILE *err,
		     struct scn_line **lines, size_t *nr)
{
	size_t alloc = 0, pos = 0;
	int line_no = 0, bad = 0;

	*lines = NULL;
	*nr = 0;
	for (; pos < len; pos++) {
		const char *nl = memchr(text + pos, '\n', len - pos);
		size_t end = nl ? (size_t)(nl - text) : len;
		char *words[SCN_MAX_WORDS], where[512];
		struct scn_line *l;
		const char *why;
		int nr_words;

		snprintf(where, sizeof(where), "%s:%d", file, ++line_no);
		l = new_line(lines, nr, &alloc);
		if (l)
			l->text = strndup(text + pos, end - pos);
		if (!l || !l->text) {
			report(err, where, "out of memory");
			return bad + 1;
		}
		l->stmt.line = line_no;
		if (strlen(l->text) != end - pos) {
			report(err, where, "NUL byte in the line");
			bad++;
			l->text[0] = '\0';
		}
		pos = end;
		if (split_words(l->text, words, &nr_words, &why)) {
			report(err, where, "%s", why);
			bad++;
		} else if (nr_words && parse_statement(&l->stmt, words,
						       nr_words, where, err)) {
			bad++;
		}
	}
	return bad;
}

int km_scenario_run(struct kmodel *model, const char *file, const char *text,
		    size_t len, FILE *err)
{
	struct scn_run run = { model, file, err, KM_SCENARIO_OK };
	struct scn_line *lines;
	size_t nr, i;

	if (!model || !file || (!text && len))
		return KM_SCENARIO_MALFORMED;
	if (parse_all(file, text, len, err, &lines, &nr))
		run.status = KM_SCENARIO_MALFORMED;
	for (i = 0; i < nr && run.status != KM_SCENARIO_MALFORMED; i++) {
		const struct scn_stmt *stmt = &lines[i].stmt;
		size_t w = km_model_nr_warnings(model);

		if (!stmt->syntax)
			continue;
		stmt->syntax->run(&run, stmt);
		for (; w < km_model_nr_warnings(model); w++)
			fprintf(err, "%s:%d: warning: %s\n", file, stmt->line,
				km_model_warning(model, w));
	}
	for (i = 0; i < nr; i++)
		free(lines[i].text);
	free(lines);
	return run.status;
}
