/*
 * test-core-model-scale.c - big scenarios still give the right result:
 * tens of thousands of devices, class devices with groups and dev_ts,
 * a deep chain of nested class devices, a device path thousands of
 * components long.  What they cost is measured in bench/model.sh, never
 * here; these check that the hashed lookups find what the scenario made.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* open_memstream */
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"
#include "unit.h"

struct text {
	char *buf;
	size_t size;
	FILE *fp;
};

static void text_open(struct text *t)
{
	t->buf = NULL;
	t->fp = open_memstream(&t->buf, &t->size);
	CU_ASSERT_PTR_NOT_NULL_FATAL(t->fp);
}

/* runs the text on a new model; errors go to *err */
static struct kmodel *run(struct text *t, int *status, char **err)
{
	struct kmodel *model = km_model_new();
	size_t size;
	FILE *fp = open_memstream(err, &size);

	fclose(t->fp);
	*status = km_scenario_run(model, "big.scn", t->buf, t->size, fp);
	fclose(fp);
	free(t->buf);
	return model;
}

#define NR 20000

static void test_many_class_devices(void)
{
	struct kmodel *model;
	struct class *cls;
	struct text t;
	char *err, name[32];
	int status, i, missing = 0;

	text_open(&t);
	fprintf(t.fp, "class c\n");
	for (i = 0; i < NR; i++)
		fprintf(t.fp, "create c d%d devt=1:%d\ngroup c/d%d g\n", i, i,
			i);
	for (i = 0; i < NR; i += 2)
		fprintf(t.fp, "destroy c 1:%d\n", i);
	model = run(&t, &status, &err);
	check_int(status, KM_SCENARIO_OK);
	check_str(err, "");
	cls = km_class_find(model, "c");
	for (i = 0; i < NR; i++) {
		struct class_device *cd;

		snprintf(name, sizeof(name), "c/d%d", i);
		cd = km_class_device_find(model, name);
		if (i % 2 ? !cd || km_class_device_find_devt(
					   cls, KM_MKDEV(1, i)) != cd :
			    cd != NULL)
			missing++;
	}
	check_int(missing, 0);
	/* the class and the odd half, each holding it twice */
	check_int(km_model_live_objects(model), 1 + NR / 2);
	check_int(km_class_refcount(cls), 1 + NR);
	free(err);
	km_model_free(model);
}

static void test_many_devices(void)
{
	struct kmodel *model;
	struct text t;
	char *err, path[64];
	int status, i, wrong = 0;

	text_open(&t);
	fprintf(t.fp, "class-create tty\n");
	for (i = 0; i < NR; i++)
		fprintf(t.fp, "device bus%d/dev%d\n", i % 97, i);
	for (i = 0; i < NR; i++)
		fprintf(t.fp,
			"device-create tty t%d parent=bus%d/dev%d devt=4:%d\n",
			i, i % 97, i, i);
	for (i = 0; i < NR; i += 4)
		fprintf(t.fp, "device-destroy tty 4:%d\n", i);
	model = run(&t, &status, &err);
	check_int(status, KM_SCENARIO_OK);
	check_str(err, "");
	for (i = 0; i < NR; i++) {
		struct device *dev, *fixture;

		snprintf(path, sizeof(path), "bus%d/dev%d", i % 97, i);
		fixture = km_device_find(model, path);
		snprintf(path, sizeof(path), "bus%d/dev%d/tty/t%d", i % 97, i,
			 i);
		dev = km_device_find(model, path);
		if (!fixture || (i % 4 ? !dev || dev->parent != fixture ||
						 !km_device_is_registered(dev) :
					 dev != NULL))
			wrong++;
	}
	check_int(wrong, 0);
	check_int(km_model_live_objects(model), 1 + NR - NR / 4);
	free(err);
	km_model_free(model);
}

#define DEPTH 2000

static void test_deep_chain(void)
{
	struct kmodel *model;
	struct class_device *deepest;
	struct text t;
	char *err, *path;
	size_t len = 0;
	int status, i;

	path = malloc(DEPTH * 8 + 8);
	CU_ASSERT_PTR_NOT_NULL_FATAL(path);
	text_open(&t);
	fprintf(t.fp, "class c\ncreate c n0\n");
	len = sprintf(path, "c/n0");
	for (i = 1; i < DEPTH; i++) {
		fprintf(t.fp, "create c n%d parent=%s\n", i, path);
		len += sprintf(path + len, "/n%d", i);
	}
	model = run(&t, &status, &err);
	check_int(status, KM_SCENARIO_OK);
	check_str(err, "");
	deepest = km_class_device_find(model, path);
	CU_ASSERT_PTR_NOT_NULL_FATAL(deepest);
	check_str(deepest->class_id, "n1999");
	/* each parent is held twice by its child */
	check_int(km_class_device_refcount(deepest->parent), 4);
	check_int(km_model_live_objects(model), 1 + DEPTH);
	/* a path one level too deep, or cut short, finds nothing */
	strcat(path, "/n2000");
	CU_ASSERT_PTR_NULL(km_class_device_find(model, path));
	CU_ASSERT_PTR_NULL(km_class_device_find(model, "c/n1"));
	free(path);
	free(err);
	km_model_free(model);
}

#define COMPONENTS 10000

static void test_long_device_path(void)
{
	struct kmodel *model;
	struct device *dev;
	struct text t;
	char *err, *path;
	int status, i, depth = 0;

	path = malloc(2 * COMPONENTS + 1);
	CU_ASSERT_PTR_NOT_NULL_FATAL(path);
	for (i = 0; i < COMPONENTS; i++) {
		path[2 * i] = (char)('0' + i % 10);
		path[2 * i + 1] = '/';
	}
	path[2 * COMPONENTS - 1] = '\0';
	text_open(&t);
	fprintf(t.fp, "class c\ndevice %s\ncreate c x device=%s\n", path, path);
	model = run(&t, &status, &err);
	check_int(status, KM_SCENARIO_OK);
	/* too deep for a device link: the kernel's path buffer would not do */
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "has no valid path"));
	dev = km_device_find(model, path);
	CU_ASSERT_PTR_NOT_NULL_FATAL(dev);
	for (; dev; dev = dev->parent)
		depth++;
	check_int(depth, COMPONENTS);
	path[2 * COMPONENTS - 3] = '\0';
	CU_ASSERT_PTR_NOT_NULL(km_device_find(model, path));
	free(path);
	free(err);
	km_model_free(model);
}

static const struct unit_test tests[] = {
	{ "20000 class devices with groups and dev_ts",
	  test_many_class_devices },
	{ "20000 devices below 20000 fixtures", test_many_devices },
	{ "class devices nested 2000 deep", test_deep_chain },
	{ "a device path of 10000 components", test_long_device_path },
	{ NULL, NULL },
};

UNIT_MAIN("core-model at scale", tests)
