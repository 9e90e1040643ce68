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

#include "internal.h"

#define SCN_MAX_WORDS 8

enum scn_key {
	SCN_KEY_PARENT,
	SCN_KEY_DEVT,
	SCN_KEY_DEVICE,
	SCN_NR_KEYS,
};

static const char *const key_names[SCN_NR_KEYS] = { "parent", "devt",
						     "device" };

#define SCN_K(key) (1U << (key))
#define SCN_FLAG_HOTPLUG (1U << SCN_NR_KEYS)	/* the word "hotplug" */
#define SCN_ARG2_DEVT (1U << (SCN_NR_KEYS + 1))	/* second word MAJ:MIN */
#define SCN_CREATE_KEYS \
	(SCN_K(SCN_KEY_PARENT) | SCN_K(SCN_KEY_DEVT) | SCN_K(SCN_KEY_DEVICE))

struct scn_stmt {
	const struct scn_syntax *syntax;
	int line;
	char *args[2];
	char *keys[SCN_NR_KEYS];	/* NULL: not given */
	int hotplug;
	km_devt devt;			/* devt= or the MAJ:MIN argument */
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

__attribute__((format(printf, 3, 4)))
static void report(FILE *err, const char *where, const char *fmt, ...)
{
	va_list args;

	fprintf(err, "%s: error: ", where);
	va_start(args, fmt);
	vfprintf(err, fmt, args);
	va_end(args);
	fputc('\n', err);
}

/* a statement failed in the model: "<what> failed: -EXXX[ (why)]" */
static void failed(struct scn_run *run, const struct scn_stmt *stmt,
		   const char *what, const char *name, long err,
		   const char *why)
{
	const char *errname = km_errno_name(err);

	fprintf(run->err, "%s:%d: error: %s '%s' failed: ", run->file,
		stmt->line, what, name);
	if (errname)
		fprintf(run->err, "-%s", errname);
	else
		fprintf(run->err, "%ld", err);
	if (why)
		fprintf(run->err, " (%s)", why);
	fputc('\n', run->err);
	run->status = KM_SCENARIO_FAILED;
}

/* --- lookups ------------------------------------------------------------ */

/* *cls is NULL for '-'; 0, or -ENOENT after reporting */
static int find_class(struct scn_run *run, const struct scn_stmt *stmt,
		      const char *what, const char *name, struct class **cls)
{
	*cls = NULL;
	if (!strcmp(stmt->args[0], "-"))
		return 0;
	*cls = km_class_find(run->model, stmt->args[0]);
	if (*cls)
		return 0;
	failed(run, stmt, what, name, -ENOENT, "no such class");
	return -ENOENT;
}

static int find_cdev(struct scn_run *run, const struct scn_stmt *stmt,
		     const char *what, const char *name, const char *path,
		     struct class_device **class_dev)
{
	*class_dev = NULL;
	if (!path)
		return 0;
	*class_dev = km_class_device_find(run->model, path);
	if (*class_dev)
		return 0;
	failed(run, stmt, what, name, -ENOENT, "no such class device");
	return -ENOENT;
}

static int find_device(struct scn_run *run, const struct scn_stmt *stmt,
		       const char *what, const char *name,
		       struct device **dev)
{
	const char *path = stmt->keys[SCN_KEY_DEVICE];

	*dev = NULL;
	if (!path)
		return 0;
	*dev = km_device_find(run->model, path);
	if (*dev)
		return 0;
	failed(run, stmt, what, name, -ENOENT, "no such device");
	return -ENOENT;
}

/* --- statements --------------------------------------------------------- */

static int scenario_class_hotplug(struct class_device *class_dev,
				  char **envp, int num_envp, char *buffer,
				  int buffer_size)
{
	int i = 0, len = 0;

	(void)class_dev;
	return km_add_hotplug_env_var(envp, num_envp, &i, buffer, buffer_size,
				      &len, "CLASS_HOTPLUG=1");
}

static void run_class(struct scn_run *run, const struct scn_stmt *stmt)
{
	struct class *cls = km_class_create(run->model, NULL, stmt->args[0]);

	if (KM_IS_ERR(cls)) {
		failed(run, stmt, "class_create", stmt->args[0],
		       KM_PTR_ERR(cls), NULL);
		return;
	}
	if (stmt->hotplug)
		cls->hotplug = scenario_class_hotplug;
}

static void run_device(struct scn_run *run, const struct scn_stmt *stmt)
{
	struct device *dev = km_device_new(run->model, stmt->args[0]);

	if (KM_IS_ERR(dev))
		failed(run, stmt, "device", stmt->args[0], KM_PTR_ERR(dev),
		       NULL);
}

/* create, create-old and register: what they look up */
struct scn_create {
	struct class *cls;
	struct class_device *parent;
	struct device *dev;
};

static int create_lookups(struct scn_run *run, const struct scn_stmt *stmt,
			  const char *what, struct scn_create *c)
{
	const char *name = stmt->args[1];

	if (find_class(run, stmt, what, name, &c->cls) ||
	    find_cdev(run, stmt, what, name, stmt->keys[SCN_KEY_PARENT],
		      &c->parent) ||
	    find_device(run, stmt, what, name, &c->dev))
		return -ENOENT;
	return 0;
}

static void run_create(struct scn_run *run, const struct scn_stmt *stmt)
{
	const char *what = "class_device_create";
	struct class_device *class_dev;
	struct scn_create c;

	if (create_lookups(run, stmt, what, &c))
		return;
	if (stmt->syntax->options & SCN_K(SCN_KEY_PARENT))
		class_dev = km_class_device_create(c.cls, c.parent, stmt->devt,
						   c.dev, "%s", stmt->args[1]);
	else
		class_dev = km_class_device_create_old(c.cls, stmt->devt, c.dev,
						       "%s", stmt->args[1]);
	if (KM_IS_ERR(class_dev))
		failed(run, stmt, what, stmt->args[1], KM_PTR_ERR(class_dev),
		       NULL);
}

static void run_register(struct scn_run *run, const struct scn_stmt *stmt)
{
	const char *what = "class_device_register";
	struct class_device *class_dev;
	struct scn_create c;
	int err;

	if (create_lookups(run, stmt, what, &c))
		return;
	class_dev = km_zalloc(sizeof(*class_dev));
	if (!class_dev) {
		failed(run, stmt, what, stmt->args[1], -ENOMEM, NULL);
		return;
	}
	class_dev->class = c.cls;
	class_dev->parent = c.parent;
	class_dev->devt = stmt->devt;
	class_dev->dev = c.dev;
	snprintf(class_dev->class_id, KM_BUS_ID_SIZE, "%s", stmt->args[1]);
	err = km_class_device_register(class_dev);
	if (err) {
		km_class_device_discard(class_dev);
		free(class_dev);
		failed(run, stmt, what, stmt->args[1], err, NULL);
		return;
	}
	km_class_device_adopt(class_dev);
}

static void run_group(struct scn_run *run, const struct scn_stmt *stmt)
{
	int remove = !strcmp(stmt->syntax->keyword, "ungroup");
	const char *what = remove ? "sysfs_remove_group" : "sysfs_create_group";
	struct class_device *class_dev;
	int err;

	if (find_cdev(run, stmt, what, stmt->args[1], stmt->args[0],
		      &class_dev))
		return;
	if (remove)
		err = km_sysfs_remove_group(class_dev, stmt->args[1]);
	else
		err = km_sysfs_create_group(class_dev, stmt->args[1]);
	if (err)
		failed(run, stmt, what, stmt->args[1], err, NULL);
}

static void run_destroy(struct scn_run *run, const struct scn_stmt *stmt)
{
	const char *what = "class_device_destroy";
	struct class *cls;
	char name[128];

	snprintf(name, sizeof(name), "%s %u:%u", stmt->args[0],
		 KM_MAJOR(stmt->devt), KM_MINOR(stmt->devt));
	if (find_class(run, stmt, what, name, &cls))
		return;
	if (!km_class_device_find_devt(cls, stmt->devt)) {
		failed(run, stmt, what, name, -ENOENT,
		       "no class device with that dev_t");
		return;
	}
	km_class_device_destroy(cls, stmt->devt);
}

static void run_unregister(struct scn_run *run, const struct scn_stmt *stmt)
{
	const char *what = "class_device_unregister";
	struct class_device *class_dev;

	if (find_cdev(run, stmt, what, stmt->args[0], stmt->args[0],
		      &class_dev))
		return;
	if (!km_class_device_is_registered(class_dev)) {
		failed(run, stmt, what, stmt->args[0], -ENOENT,
		       "not registered");
		return;
	}
	km_class_device_unregister(class_dev);
}

static void run_class_destroy(struct scn_run *run, const struct scn_stmt *stmt)
{
	struct class *cls = km_class_find(run->model, stmt->args[0]);
	struct km_object *obj = km_registry_find(cls, KM_KIND_CLASS);

	if (!obj || !(obj->flags & KM_OBJ_REGISTERED)) {
		failed(run, stmt, "class_destroy", stmt->args[0], -ENOENT,
		       cls ? "not registered" : "no such class");
		return;
	}
	km_class_destroy(cls);
}

static const struct scn_syntax syntax_table[] = {
	{ "class", 1, SCN_FLAG_HOTPLUG, run_class, "class NAME [hotplug]" },
	{ "device", 1, 0, run_device, "device PATH" },
	{ "create", 2, SCN_CREATE_KEYS, run_create,
	  "create CLASS NAME [parent=CDEV] [devt=MAJ:MIN] [device=PATH]" },
	{ "create-old", 2, SCN_K(SCN_KEY_DEVT) | SCN_K(SCN_KEY_DEVICE),
	  run_create, "create-old CLASS NAME [devt=MAJ:MIN] [device=PATH]" },
	{ "register", 2, SCN_CREATE_KEYS, run_register,
	  "register CLASS NAME [parent=CDEV] [devt=MAJ:MIN] [device=PATH]" },
	{ "group", 2, 0, run_group, "group CDEV NAME" },
	{ "ungroup", 2, 0, run_group, "ungroup CDEV NAME" },
	{ "destroy", 2, SCN_ARG2_DEVT, run_destroy, "destroy CLASS MAJ:MIN" },
	{ "unregister", 1, 0, run_unregister, "unregister CDEV" },
	{ "class-destroy", 1, 0, run_class_destroy, "class-destroy NAME" },
};

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

static int parse_statement(struct scn_stmt *stmt, char **words, int nr,
			   const char *where, FILE *err)
{
	const struct scn_syntax *syn = NULL;
	const char *devt;
	size_t i;

	for (i = 0; i < sizeof(syntax_table) / sizeof(*syntax_table); i++)
		if (!strcmp(words[0], syntax_table[i].keyword))
			syn = &syntax_table[i];
	if (!syn) {
		report(err, where, "unknown statement '%s'", words[0]);
		return -1;
	}
	stmt->syntax = syn;
	if (nr - 1 < syn->nr_args) {
		report(err, where, "'%s' needs %d argument%s (usage: %s)",
		       syn->keyword, syn->nr_args,
		       syn->nr_args > 1 ? "s" : "", syn->usage);
		return -1;
	}
	for (i = 0; i < (size_t)syn->nr_args; i++)
		stmt->args[i] = words[1 + i];
	if (parse_options(stmt, words + 1 + syn->nr_args,
			  nr - 1 - syn->nr_args, where, err))
		return -1;
	devt = syn->options & SCN_ARG2_DEVT ? stmt->args[1]
					     : stmt->keys[SCN_KEY_DEVT];
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
	char *text;			/* the words point into it */
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
static int parse_all(const char *file, const char *text, size_t len,
		     FILE *err, struct scn_line **lines, size_t *nr)
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
