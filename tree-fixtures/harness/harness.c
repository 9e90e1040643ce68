/*
 * harness.c - the model harness's runner: runs the fixture drivers linked
 * into one program on the core model and prints what they registered.
 *
 * Contract: the drivers were compiled with the shims of shim/ (their class
 * API goes to harness_model) and linked with this file and the model
 * library.  Their subsys_initcall(), module_init() and module_exit()
 * records (struct kmigrate_initcall of the tree's <linux/init.h>, in the
 * linker section kmigrate_initcalls) say what to run:
 *
 *   1. the inits of level KMIGRATE_SUBSYS, in path order (strcmp on the
 *      record's file, then link order);
 *   2. the inits of level KMIGRATE_MODULE, in path order;
 *   3. the exits, file by file in the reverse of the order in which the
 *      files' inits ran, whether the init succeeded or not (the fixture
 *      exits undo what a failed init left); exits of files with no init
 *      run last, in reverse path order.
 *
 * Then it prints, on stdout and deterministically (no address, no time),
 * the sections described in README.md: the per-call log, the initcalls,
 * printk, the sysfs tree after the inits, the uevents of the inits and of
 * the exits, the model's warnings, a summary and the live objects.
 *
 * Exit status: 0; 1 when objects are still alive after the exits (a leak)
 * or the harness's own consistency check failed; 2 when it could not run.
 */
#define _GNU_SOURCE /* open_memstream */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/init.h>

#include "shim/kmigrate-harness.h"

/* how deep a parent chain the path builders follow */
#define HARNESS_MAX_DEPTH 32
#define HARNESS_PATH_MAX 1024

extern const struct kmigrate_initcall __start_kmigrate_initcalls[]
	__attribute__((weak));
extern const struct kmigrate_initcall __stop_kmigrate_initcalls[]
	__attribute__((weak));

/* a buffered section of the output */
struct section {
	char *text;
	size_t len;
	FILE *fp;
};

struct kmodel *harness_model;

static struct section calls, initcalls, printks, sysfs;
static const char *running_file; /* the initcall being run */
static int harness_failed;	 /* a consistency check failed */

static char **class_names;
static size_t nr_class_names;
static char **call_sites; /* "FILE:LINE" of each call */
static size_t nr_calls, nr_registered;

static void *xrealloc(void *ptr, size_t size)
{
	void *p = realloc(ptr, size);

	if (!p) {
		fprintf(stderr, "harness: out of memory\n");
		exit(2);
	}
	return p;
}

static char *xstrdup(const char *s)
{
	char *p = strdup(s);

	if (!p) {
		fprintf(stderr, "harness: out of memory\n");
		exit(2);
	}
	return p;
}

static void section_open(struct section *sec)
{
	sec->fp = open_memstream(&sec->text, &sec->len);
	if (!sec->fp) {
		perror("harness: open_memstream");
		exit(2);
	}
}

/* prints "# title" and the section's text, and frees it */
static void section_flush(struct section *sec, const char *title)
{
	fclose(sec->fp);
	printf("# %s\n", title);
	fwrite(sec->text, 1, sec->len, stdout);
	free(sec->text);
}

/* --- what the shims call ----------------------------------------------- */

int printk(const char *fmt, ...)
{
	size_t fmt_len = fmt ? strlen(fmt) : 0;
	va_list args;
	int len;

	if (!fmt_len)
		return 0;
	fprintf(printks.fp, "%s: ", running_file ? running_file : "-");
	va_start(args, fmt);
	len = vfprintf(printks.fp, fmt, args);
	va_end(args);
	if (fmt[fmt_len - 1] != '\n')
		fputc('\n', printks.fp);
	return len;
}

struct class *harness_class_create(struct module *owner, const char *name)
{
	size_t i, size = (nr_class_names + 1) * sizeof(*class_names);

	for (i = 0; name && i < nr_class_names; i++)
		if (!strcmp(class_names[i], name))
			break;
	if (name && i == nr_class_names) {
		class_names = xrealloc(class_names, size);
		class_names[nr_class_names++] = xstrdup(name);
	}
	return km_class_create(harness_model, owner, name);
}

/* the path of a class device below /sys/class: "CLASS[/PARENT...]/NAME" */
static int class_dev_path(char *buf, size_t size,
			  const struct class_device *class_dev, int depth)
{
	int len;

	if (class_dev->parent && depth < HARNESS_MAX_DEPTH) {
		len = class_dev_path(buf, size, class_dev->parent, depth + 1);
		if (len < 0 || (size_t)len >= size)
			return -1;
		return len + snprintf(buf + len, size - len, "/%s",
				      class_dev->class_id);
	}
	return snprintf(buf, size, "%s/%s", class_dev->class->name,
			class_dev->class_id);
}

/* the sysfs path of a device, as the model builds it from bus_id */
static void device_path(char *buf, size_t size, const struct device *dev)
{
	const struct device *chain[HARNESS_MAX_DEPTH];
	size_t len, n = 0;

	for (; dev && n < HARNESS_MAX_DEPTH; dev = dev->parent)
		chain[n++] = dev;
	len = (size_t)snprintf(buf, size, "/sys/devices");
	while (n-- > 0 && len < size)
		len += (size_t)snprintf(buf + len, size - len, "/%.*s",
					KM_BUS_ID_SIZE, chain[n]->bus_id);
}

static void log_registration(const char *file, int line,
			     const struct class_device *class_dev)
{
	char path[HARNESS_PATH_MAX], device[HARNESS_PATH_MAX] = "-";
	int len = class_dev_path(path, sizeof(path), class_dev, 0);

	if (len < 0 || (size_t)len >= sizeof(path)) {
		fprintf(stderr, "harness: %s:%d: path too long\n", file, line);
		harness_failed = 1;
		return;
	}
	if (class_dev->dev)
		device_path(device, sizeof(device), class_dev->dev);
	fprintf(calls.fp, "%s:%d: /sys/class/%s dev=%u:%u device=%s\n", file,
		line, path, KM_MAJOR(class_dev->devt),
		KM_MINOR(class_dev->devt), device);
	if (km_class_device_find(harness_model, path) != class_dev) {
		fprintf(stderr, "harness: %s:%d: the model has no '%s'\n", file,
			line, path);
		harness_failed = 1;
	}
	nr_registered++;
}

struct class_device *harness_call_site(const char *file, int line,
				       struct class_device *class_dev)
{
	char site[HARNESS_PATH_MAX];

	snprintf(site, sizeof(site), "%s:%d", file, line);
	call_sites = xrealloc(call_sites, (nr_calls + 1) * sizeof(*call_sites));
	call_sites[nr_calls++] = xstrdup(site);

	if (!class_dev)
		fprintf(calls.fp, "%s: error NULL\n", site);
	else if (KM_IS_ERR(class_dev) && km_errno_name(KM_PTR_ERR(class_dev)))
		fprintf(calls.fp, "%s: error -%s\n", site,
			km_errno_name(KM_PTR_ERR(class_dev)));
	else if (KM_IS_ERR(class_dev))
		fprintf(calls.fp, "%s: error %ld\n", site,
			KM_PTR_ERR(class_dev));
	else
		log_registration(file, line, class_dev);
	return class_dev;
}

/* --- the initcalls ----------------------------------------------------- */

static int initcall_cmp(const void *a, const void *b)
{
	const struct kmigrate_initcall *const *x = a, *const *y = b;
	int cmp = strcmp((*x)->file, (*y)->file);

	if (cmp)
		return cmp;
	return *x < *y ? -1 : *x > *y;
}

/* the records of one level, sorted by path; returns how many */
static size_t collect(const struct kmigrate_initcall ***out, int level)
{
	const struct kmigrate_initcall *p, **list = NULL;
	size_t n = 0;

	for (p = __start_kmigrate_initcalls; p && p < __stop_kmigrate_initcalls;
	     p++) {
		if (p->level != level || !p->file)
			continue;
		list = xrealloc(list, (n + 1) * sizeof(*list));
		list[n++] = p;
	}
	if (n)
		qsort(list, n, sizeof(*list), initcall_cmp);
	*out = list;
	return n;
}

static const char *result_name(int ret, char *buf, size_t size)
{
	const char *name = ret < 0 ? km_errno_name(ret) : NULL;

	if (name)
		snprintf(buf, size, "-%s", name);
	else
		snprintf(buf, size, "%d", ret);
	return buf;
}

/* runs the inits of one level; appends their files to the run order */
static void run_inits(int level, const char *what, const char ***order,
		      size_t *nr_order)
{
	const struct kmigrate_initcall **list;
	size_t i, n = collect(&list, level);
	char result[32];
	int ret;

	for (i = 0; i < n; i++) {
		if (!list[i]->init)
			continue;
		running_file = list[i]->file;
		ret = list[i]->init();
		running_file = NULL;
		fprintf(initcalls.fp, "%s %s %s\n", what, list[i]->file,
			result_name(ret, result, sizeof(result)));
		*order = xrealloc(*order, (*nr_order + 1) * sizeof(**order));
		(*order)[(*nr_order)++] = list[i]->file;
	}
	free(list);
}

static void run_exit(const struct kmigrate_initcall *call)
{
	running_file = call->file;
	call->exit();
	running_file = NULL;
	fprintf(initcalls.fp, "exit %s\n", call->file);
}

/* every exit once: in reverse init order, then those of files with none */
static void run_exits(const char **order, size_t nr_order)
{
	const struct kmigrate_initcall **list;
	size_t i, j, n = collect(&list, KMIGRATE_EXIT);
	char *done = calloc(n ? n : 1, 1);

	if (!done) {
		fprintf(stderr, "harness: out of memory\n");
		exit(2);
	}
	for (i = nr_order; i-- > 0;)
		for (j = 0; j < n; j++)
			if (!done[j] && list[j]->exit &&
			    !strcmp(list[j]->file, order[i])) {
				done[j] = 1;
				run_exit(list[j]);
			}
	for (j = n; j-- > 0;)
		if (!done[j] && list[j]->exit)
			run_exit(list[j]);
	free(done);
	free(list);
}

/* --- the report -------------------------------------------------------- */

static int str_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void print_sysfs(void)
{
	size_t i;

	qsort(class_names, nr_class_names, sizeof(*class_names), str_cmp);
	for (i = 0; i < nr_class_names; i++)
		km_sysfs_print_tree(sysfs.fp, harness_model, class_names[i]);
}

static void print_uevents(size_t from, size_t to, const char *title)
{
	size_t i;

	printf("# %s\n", title);
	for (i = from; i < to; i++)
		printf("%s\n", km_uevent_line(harness_model, i));
}

static size_t count_call_sites(void)
{
	size_t i, sites = 0;

	qsort(call_sites, nr_calls, sizeof(*call_sites), str_cmp);
	for (i = 0; i < nr_calls; i++)
		if (!i || strcmp(call_sites[i], call_sites[i - 1]))
			sites++;
	return sites;
}

static void print_summary(void)
{
	size_t i, n = km_model_nr_warnings(harness_model);

	printf("# warnings\n");
	for (i = 0; i < n; i++)
		printf("%s\n", km_model_warning(harness_model, i));
	printf("# summary\n");
	printf("calls %zu call-sites %zu registered %zu failed %zu "
	       "classes %zu\n",
	       nr_calls, count_call_sites(), nr_registered,
	       nr_calls - nr_registered, nr_class_names);
}

static void free_names(char **names, size_t n)
{
	while (n-- > 0)
		free(names[n]);
	free(names);
}

int main(void)
{
	const char **order = NULL;
	size_t nr_order = 0, uevents_after_inits;
	long live;

	harness_model = km_model_new();
	if (!harness_model) {
		fprintf(stderr, "harness: cannot create the model\n");
		return 2;
	}
	section_open(&calls);
	section_open(&initcalls);
	section_open(&printks);
	section_open(&sysfs);

	run_inits(KMIGRATE_SUBSYS, "subsys", &order, &nr_order);
	run_inits(KMIGRATE_MODULE, "module", &order, &nr_order);
	print_sysfs();
	uevents_after_inits = km_uevent_count(harness_model);
	run_exits(order, nr_order);

	section_flush(&calls, "calls");
	section_flush(&initcalls, "initcalls");
	section_flush(&printks, "printk");
	section_flush(&sysfs, "sysfs after the inits");
	print_uevents(0, uevents_after_inits, "uevents of the inits");
	print_uevents(uevents_after_inits, km_uevent_count(harness_model),
		      "uevents of the exits");
	print_summary();
	live = km_model_live_objects(harness_model);
	printf("# live objects %ld\n", live);
	km_model_print_live(stdout, harness_model);
	fflush(stdout);

	km_model_free(harness_model);
	free(order);
	free_names(class_names, nr_class_names);
	free_names(call_sites, nr_calls);
	return live || harness_failed ? 1 : 0;
}
