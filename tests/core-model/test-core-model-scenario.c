/*
 * test-core-model-scenario.c - the scenario language of `kmigrate model`:
 * what each statement does to the model, the "FILE:LINE: error:" messages
 * of failed and malformed statements, and the three outcomes (ok, a
 * statement failed, malformed - nothing replayed).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"
#include "unit.h"

struct outcome {
	int status;
	char *err; /* what went to stderr */
	struct kmodel *model;
};

static struct outcome run(const char *text)
{
	struct outcome o;
	size_t size;
	FILE *fp = open_memstream(&o.err, &size);

	o.model = km_model_new();
	o.status = km_scenario_run(o.model, "t.scn", text, strlen(text), fp);
	fclose(fp);
	return o;
}

static void done(struct outcome *o)
{
	km_model_free(o->model);
	free(o->err);
}

static void test_statements(void)
{
	struct outcome o =
		run("# a comment\n"
		    "\n"
		    "class input hotplug   # trailing comment\r\n"
		    "device platform/i8042/serio1\n"
		    "register input input1 device=platform/i8042/serio1\n"
		    "group input/input1 id\n"
		    "group input/input1 gone\n"
		    "ungroup input/input1 gone\n"
		    "create input event1 parent=input/input1 "
		    "devt=13:65 device=platform/i8042/serio1\n"
		    "create-old input mice devt=13:63\n"
		    "\tcreate input \"two words\"\n");
	struct class_device *ev1;

	check_int(o.status, KM_SCENARIO_OK);
	check_str(o.err, "");
	ev1 = km_class_device_find(o.model, "input/input1/event1");
	CU_ASSERT_PTR_NOT_NULL_FATAL(ev1);
	check_int(ev1->devt, KM_MKDEV(13, 65));
	check_str(ev1->dev->bus_id, "serio1");
	CU_ASSERT_PTR_NOT_NULL(km_class_device_find(o.model, "input/mice"));
	CU_ASSERT_PTR_NOT_NULL(
		km_class_device_find(o.model, "input/two words"));
	check_int(km_sysfs_remove_group(
			  km_class_device_find(o.model, "input/input1"), "id"),
		  0);
	/* the class callback ran for the registered input1 only */
	CU_ASSERT_PTR_NOT_NULL(
		strstr(km_uevent_line(o.model, 0), "CLASS_HOTPLUG=1"));
	CU_ASSERT_PTR_NULL(strstr(km_uevent_line(o.model, 1), "CLASS_HOTPLUG"));
	check_int(km_model_live_objects(o.model), 5);
	done(&o);
}

static void test_teardown_statements(void)
{
	struct outcome o =
		run("class input\n"
		    "create input input3\n"
		    "create input event2 parent=input/input3 devt=13:66\n"
		    "unregister input/input3\n"
		    "destroy input 13:66\n"
		    "class-destroy input\n");

	check_int(o.status, KM_SCENARIO_OK);
	check_str(o.err, "");
	check_int(km_model_live_objects(o.model), 0);
	check_int(km_uevent_count(o.model), 4);
	done(&o);
}

static void test_null_class_fails_with_enodev(void)
{
	struct outcome o = run("class vmlogrdr\n"
			       "create - logrec\n"
			       "create-old - account devt=1:2\n"
			       "create vmlogrdr after\n");

	check_int(o.status, KM_SCENARIO_FAILED);
	check_str(
		o.err,
		"t.scn:2: error: class_device_create 'logrec' failed: -ENODEV\n"
		"t.scn:3: error: class_device_create 'account' failed: -ENODEV\n");
	/* the run went on */
	CU_ASSERT_PTR_NOT_NULL(km_class_device_find(o.model, "vmlogrdr/after"));
	done(&o);
}

static void test_failures_in_the_model(void)
{
	struct outcome o = run("class c\n"
			       "class c\n"
			       "create c \"\"\n"
			       "create c x\n"
			       "create c x\n"
			       "create nope y\n"
			       "create c y parent=c/nope\n"
			       "create c y device=nope\n"
			       "group c/x g\n"
			       "group c/x g\n"
			       "ungroup c/x h\n"
			       "destroy c 1:1\n"
			       "unregister c/x\n"
			       "unregister c/x\n"
			       "class-destroy c\n"
			       "class-destroy c\n"
			       "device a/01234567890123456789\n");

	check_int(o.status, KM_SCENARIO_FAILED);
	check_str(
		o.err,
		"t.scn:2: error: class_create 'c' failed: -EEXIST\n"
		"t.scn:3: error: class_device_create '' failed: -EINVAL\n"
		"t.scn:5: error: class_device_create 'x' failed: -EEXIST\n"
		"t.scn:6: error: class_device_create 'y' failed: -ENOENT (no such class)\n"
		"t.scn:7: error: class_device_create 'y' failed: -ENOENT (no such class device)\n"
		"t.scn:8: error: class_device_create 'y' failed: -ENOENT (no such device)\n"
		"t.scn:10: error: sysfs_create_group 'g' failed: -EEXIST\n"
		"t.scn:11: error: sysfs_remove_group 'h' failed: -ENOENT\n"
		"t.scn:12: error: class_device_destroy 'c 1:1' failed: -ENOENT (no class device with that dev_t)\n"
		"t.scn:14: error: class_device_unregister 'c/x' failed: -ENOENT (no such class device)\n"
		"t.scn:16: error: class_destroy 'c' failed: -ENOENT (no such class)\n"
		"t.scn:17: error: device 'a/01234567890123456789' failed: -EINVAL\n");
	check_int(km_model_live_objects(o.model), 0);
	done(&o);
}

static void test_unregister_of_a_parent_kept_alive(void)
{
	struct outcome o = run("class c\n"
			       "create c p\n"
			       "create c k parent=c/p\n"
			       "unregister c/p\n"
			       "unregister c/p\n"
			       "unregister c/p/k\n");

	check_int(o.status, KM_SCENARIO_FAILED);
	check_str(o.err, "t.scn:5: error: class_device_unregister "
			 "'c/p' failed: -ENOENT (not registered)\n");
	check_int(km_model_live_objects(o.model), 1);
	done(&o);
}

static void test_malformed_replays_nothing(void)
{
	struct outcome o = run("class c\n"
			       "frobnicate\n"
			       "create c\n"
			       "create c x colour=red\n"
			       "create-old c x parent=c/y\n"
			       "create c x devt=13\n"
			       "create c x devt=4096:0\n"
			       "create c x devt=1:1048576\n"
			       "create c x devt=1:1 devt=1:2\n"
			       "create c x device=\n"
			       "destroy c x\n"
			       "class c cold\n"
			       "create c \"x\n"
			       "create c x devt=4095:1048575\n");

	check_int(o.status, KM_SCENARIO_MALFORMED);
	check_str(
		o.err,
		"t.scn:2: error: unknown statement 'frobnicate'\n"
		"t.scn:3: error: 'create' needs 2 arguments (usage: create CLASS NAME [parent=CDEV] [devt=MAJ:MIN] [device=PATH])\n"
		"t.scn:4: error: unexpected 'colour=red' (usage: create CLASS NAME [parent=CDEV] [devt=MAJ:MIN] [device=PATH])\n"
		"t.scn:5: error: unexpected 'parent=c/y' (usage: create-old CLASS NAME [devt=MAJ:MIN] [device=PATH])\n"
		"t.scn:6: error: bad dev_t '13': expected MAJ:MIN, major < 4096, minor < 1048576\n"
		"t.scn:7: error: bad dev_t '4096:0': expected MAJ:MIN, major < 4096, minor < 1048576\n"
		"t.scn:8: error: bad dev_t '1:1048576': expected MAJ:MIN, major < 4096, minor < 1048576\n"
		"t.scn:9: error: 'devt=' given twice\n"
		"t.scn:10: error: 'device=' needs a value\n"
		"t.scn:11: error: bad dev_t 'x': expected MAJ:MIN, major < 4096, minor < 1048576\n"
		"t.scn:12: error: unexpected 'cold' (usage: class NAME [hotplug])\n"
		"t.scn:13: error: bad quoting\n");
	/* not even the good lines ran */
	CU_ASSERT_PTR_NULL(km_class_find(o.model, "c"));
	done(&o);
}

static void test_nul_byte_is_malformed(void)
{
	static const char text[] = "class c\nclass \0d\n";
	struct kmodel *model = km_model_new();
	char *err;
	size_t size;
	FILE *fp = open_memstream(&err, &size);

	check_int(km_scenario_run(model, "t.scn", text, sizeof(text) - 1, fp),
		  KM_SCENARIO_MALFORMED);
	fclose(fp);
	check_str(err, "t.scn:2: error: NUL byte in the line\n");
	free(err);
	km_model_free(model);
}

static void test_empty_and_unterminated(void)
{
	struct outcome o = run("");

	check_int(o.status, KM_SCENARIO_OK);
	done(&o);
	o = run("class c\ncreate c last");
	check_int(o.status, KM_SCENARIO_OK);
	CU_ASSERT_PTR_NOT_NULL(km_class_device_find(o.model, "c/last"));
	done(&o);
}

static const struct unit_test tests[] = {
	{ "each statement does what it says", test_statements },
	{ "teardown statements leave nothing alive", test_teardown_statements },
	{ "'create -' fails with -ENODEV and the run goes on",
	  test_null_class_fails_with_enodev },
	{ "failures in the model name the call and the errno",
	  test_failures_in_the_model },
	{ "a parent kept alive by a child cannot be unregistered twice",
	  test_unregister_of_a_parent_kept_alive },
	{ "malformed lines are all reported and nothing runs",
	  test_malformed_replays_nothing },
	{ "a NUL byte is malformed", test_nul_byte_is_malformed },
	{ "empty text, and a last line without newline",
	  test_empty_and_unterminated },
	{ NULL, NULL },
};

UNIT_MAIN("core-model scenarios", tests)
