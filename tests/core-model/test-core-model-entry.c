/*
 * test-core-model-entry.c - the core model's entry-point table (entry.h):
 * its rows, and km_entry_call() replaying calls in both forms of each
 * function - what they register, the kernel's errors, the arguments that
 * cannot be replayed.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "entry.h"
#include "unit.h"

#define NUL                            \
	{                              \
		KM_VALUE_NULL, NULL, 0 \
	}
#define CLASS(name)                     \
	{                               \
		KM_VALUE_CLASS, name, 0 \
	}
#define CDEV(name)                             \
	{                                      \
		KM_VALUE_CLASS_DEVICE, name, 0 \
	}
#define DEVICE(path)                     \
	{                                \
		KM_VALUE_DEVICE, path, 0 \
	}
#define DEVT(ma, mi)                                  \
	{                                             \
		KM_VALUE_DEVT, NULL, KM_MKDEV(ma, mi) \
	}
#define MODULE(name)                     \
	{                                \
		KM_VALUE_MODULE, name, 0 \
	}
#define POINTER                           \
	{                                 \
		KM_VALUE_POINTER, NULL, 0 \
	}
#define STRING(text)                     \
	{                                \
		KM_VALUE_STRING, text, 0 \
	}
#define NR(array) ARRAY_SIZE(array)

static int has_role(const struct km_entry_form *form, enum km_role role)
{
	size_t i;

	for (i = 0; i < form->nr_params; i++)
		if (form->params[i].role == role)
			return 1;
	return 0;
}

static void test_table(void)
{
	static const char *const names[] = {
		"class_device_create", "class_device_destroy", "device_create",
		"device_destroy",      "class_create",	       "class_destroy",
	};
	const struct km_entry *e;
	size_t i, f;

	for (i = 0; i < NR(names); i++) {
		e = km_entry_find(names[i]);
		CU_ASSERT_PTR_NOT_NULL_FATAL(e);
		for (f = 0; f < KM_NR_FORMS; f++) {
			CU_ASSERT(e->forms[f].nr_params > 0);
			CU_ASSERT_PTR_NOT_NULL(
				strstr(e->forms[f].prototype, e->name));
			CU_ASSERT_PTR_NOT_NULL(e->forms[f].kernel);
		}
	}
	for (i = 0; km_entry_at(i); i++)
		CU_ASSERT_PTR_EQUAL(km_entry_find(km_entry_at(i)->name),
				    km_entry_at(i));
	check_int(i, NR(names));
	CU_ASSERT_PTR_NULL(km_entry_find("class_device_register"));
	CU_ASSERT_PTR_NULL(km_entry_find(NULL));

	/* the changes of the three migrations, as roles */
	e = km_entry_find("class_device_create");
	CU_ASSERT(!has_role(&e->forms[KM_FORM_OLD], KM_ROLE_PARENT_CDEV));
	check_int(e->forms[KM_FORM_NEW].params[1].role, KM_ROLE_PARENT_CDEV);
	e = km_entry_find("device_create");
	check_int(e->forms[KM_FORM_OLD].params[3].role, KM_ROLE_FORMAT);
	check_int(e->forms[KM_FORM_NEW].params[3].role, KM_ROLE_DRVDATA);
	check_int(e->forms[KM_FORM_NEW].params[4].role, KM_ROLE_FORMAT);
	CU_ASSERT(e->forms[KM_FORM_NEW].variadic);
	e = km_entry_find("class_create");
	check_int(e->forms[KM_FORM_OLD].params[0].role, KM_ROLE_OWNER);
	check_int(e->forms[KM_FORM_NEW].nr_params, 1);
	check_int(e->forms[KM_FORM_NEW].params[0].role, KM_ROLE_NAME);
	check_str(km_role_name(KM_ROLE_DRVDATA), "the drvdata");
}

static void test_class_device_create_forms(void)
{
	struct km_value old_args[] = { CLASS("mem"), DEVT(1, 3), NUL,
				       STRING("null") };
	struct km_value new_args[] = { CLASS("mem"), NUL, DEVT(1, 3), NUL,
				       STRING("null") };
	struct km_call_result old, new;

	check_int(km_entry_call("class_device_create", KM_FORM_OLD, old_args,
				NR(old_args), &old),
		  KM_CALL_REGISTERED);
	check_int(km_entry_call("class_device_create", KM_FORM_NEW, new_args,
				NR(new_args), &new),
		  KM_CALL_REGISTERED);
	check_str(new.path, "/sys/class/mem/null");
	check_str(old.path, new.path);
	check_str(new.name, "null");
	CU_ASSERT(old.dev && new.dev);
	CU_ASSERT(!new.device_link && !old.device_link);
	CU_ASSERT_PTR_NULL(new.class_link);
	check_str(new.uevent, "add /class/mem/null ACTION=add "
			      "DEVPATH=/class/mem/null MAJOR=1 MINOR=3 "
			      "SUBSYSTEM=mem hotplug=class_device");
	check_str(old.uevent, new.uevent);
	km_call_result_release(&old);
	km_call_result_release(&new);
}

static void test_class_device_create_nested(void)
{
	struct km_value args[] = {
		CLASS("input"),	  CDEV("input3"),
		DEVT(13, 66),	  DEVICE("pci0000:00/usb2"),
		STRING("event2"), STRING("extra, already rendered")
	};
	struct km_call_result res;

	check_int(km_entry_call("class_device_create", KM_FORM_NEW, args,
				NR(args), &res),
		  KM_CALL_REGISTERED);
	check_str(res.path, "/sys/class/input/input3/event2");
	CU_ASSERT(res.device_link);
	check_str(res.device_target, "/sys/devices/pci0000:00/usb2");
	km_call_result_release(&res);
}

static void test_class_device_create_errors(void)
{
	struct km_value null_class[] = { NUL, NUL, DEVT(1, 3), NUL,
					 STRING("x") };
	struct km_value stray_class[] = { CDEV("x"), NUL, DEVT(1, 3), NUL,
					  STRING("x") };
	struct km_value null_fmt[] = { CLASS("c"), NUL, DEVT(1, 3), NUL, NUL };
	struct km_value long_name[] = { CLASS("c"), NUL, NUL, NUL,
					STRING("abcdefghijklmnopqrstuvwxyz") };
	struct km_call_result res;

	check_int(km_entry_call("class_device_create", KM_FORM_NEW, null_class,
				5, &res),
		  KM_CALL_FAILED);
	check_int(res.err, -ENODEV);
	CU_ASSERT_PTR_NULL(res.path);
	km_call_result_release(&res);
	/* a pointer of another kind is one the model never saw */
	check_int(km_entry_call("class_device_create", KM_FORM_NEW, stray_class,
				5, &res),
		  KM_CALL_FAILED);
	check_int(res.err, -EINVAL);
	km_call_result_release(&res);
	check_int(km_entry_call("class_device_create", KM_FORM_NEW, null_fmt, 5,
				&res),
		  KM_CALL_FAILED);
	check_int(res.err, -EINVAL);
	km_call_result_release(&res);
	check_int(km_entry_call("class_device_create", KM_FORM_NEW, long_name,
				5, &res),
		  KM_CALL_REGISTERED);
	check_str(res.name, "abcdefghijklmnopqrs");
	CU_ASSERT(res.name_truncated);
	CU_ASSERT(!res.dev);
	km_call_result_release(&res);
}

static void test_device_create_forms(void)
{
	struct km_value old_args[] = { CLASS("mem"), NUL, DEVT(1, 3),
				       STRING("null") };
	struct km_value new_args[] = { CLASS("mem"), NUL, DEVT(1, 3), NUL,
				       STRING("null") };
	struct km_value drvdata[] = { CLASS("mem"), NUL, DEVT(1, 3), POINTER,
				      STRING("null") };
	struct km_call_result old, new, with;

	check_int(km_entry_call("device_create", KM_FORM_OLD, old_args,
				NR(old_args), &old),
		  KM_CALL_REGISTERED);
	check_int(km_entry_call("device_create", KM_FORM_NEW, new_args,
				NR(new_args), &new),
		  KM_CALL_REGISTERED);
	check_int(km_entry_call("device_create", KM_FORM_NEW, drvdata,
				NR(drvdata), &with),
		  KM_CALL_REGISTERED);
	check_str(new.path, "/sys/devices/virtual/mem/null");
	check_str(new.class_link, "/sys/class/mem/null");
	check_str(old.path, new.path);
	check_str(old.class_link, new.class_link);
	CU_ASSERT(old.dev && new.dev);
	CU_ASSERT(!new.device_link);
	CU_ASSERT(!old.drvdata && !new.drvdata);
	CU_ASSERT(with.drvdata);
	check_str(new.uevent, "add /devices/virtual/mem/null ACTION=add "
			      "DEVPATH=/devices/virtual/mem/null MAJOR=1 "
			      "MINOR=3 SUBSYSTEM=mem");
	check_str(old.uevent, new.uevent);
	km_call_result_release(&old);
	km_call_result_release(&new);
	km_call_result_release(&with);
}

static void test_device_create_parent(void)
{
	struct km_value args[] = { CLASS("tty"), DEVICE("platform/serial8250"),
				   NUL, NUL, STRING("ttyS0") };
	struct km_call_result res;

	check_int(km_entry_call("device_create", KM_FORM_NEW, args, NR(args),
				&res),
		  KM_CALL_REGISTERED);
	/* a parent of no class: a glue directory named after the class */
	check_str(res.path, "/sys/devices/platform/serial8250/tty/ttyS0");
	CU_ASSERT(res.device_link);
	check_str(res.device_target, "/sys/devices/platform/serial8250");
	/* devt 0:0: no dev attribute, no MAJOR in the event */
	CU_ASSERT(!res.dev);
	CU_ASSERT_PTR_NULL(strstr(res.uevent, "MAJOR"));
	km_call_result_release(&res);
}

static void test_device_create_errors(void)
{
	struct km_value null_class[] = { NUL, NUL, DEVT(1, 3), NUL,
					 STRING("x") };
	/* the hand conversion's mistake: the format in the drvdata slot */
	struct km_value swapped[] = { CLASS("c"), NUL, DEVT(1, 3), STRING("x"),
				      NUL };
	struct km_value empty[] = { CLASS("c"), NUL, NUL, NUL, STRING("") };
	struct km_value cdev_parent[] = { CLASS("c"), CDEV("p"), NUL, NUL,
					  STRING("x") };
	struct km_call_result res;

	check_int(km_entry_call("device_create", KM_FORM_NEW, null_class, 5,
				&res),
		  KM_CALL_FAILED);
	check_int(res.err, -ENODEV);
	km_call_result_release(&res);
	check_int(km_entry_call("device_create", KM_FORM_OLD, null_class, 4,
				&res),
		  KM_CALL_FAILED);
	check_int(res.err, -ENODEV);
	km_call_result_release(&res);
	check_int(km_entry_call("device_create", KM_FORM_NEW, swapped, 5, &res),
		  KM_CALL_FAILED);
	check_int(res.err, -EINVAL);
	km_call_result_release(&res);
	check_int(km_entry_call("device_create", KM_FORM_NEW, empty, 5, &res),
		  KM_CALL_FAILED);
	check_int(res.err, -EINVAL);
	km_call_result_release(&res);
	check_int(km_entry_call("device_create", KM_FORM_NEW, cdev_parent, 5,
				&res),
		  KM_CALL_INVALID);
	check_int(res.bad_arg, 1);
	check_str(res.why, "the parent device is not a struct device");
	km_call_result_release(&res);
}

static void test_class_create_forms(void)
{
	struct km_value old_args[] = { MODULE("THIS_MODULE"), STRING("snd") };
	struct km_value no_owner[] = { NUL, STRING("snd") };
	struct km_value new_args[] = { STRING("snd") };
	struct km_value old_null[] = { MODULE("THIS_MODULE"), NUL };
	struct km_value new_null[] = { NUL };
	struct km_call_result res;

	check_int(km_entry_call("class_create", KM_FORM_OLD, old_args, 2, &res),
		  KM_CALL_REGISTERED);
	check_str(res.path, "/sys/class/snd");
	check_str(res.owner, "THIS_MODULE");
	km_call_result_release(&res);
	check_int(km_entry_call("class_create", KM_FORM_OLD, no_owner, 2, &res),
		  KM_CALL_REGISTERED);
	CU_ASSERT_PTR_NULL(res.owner);
	km_call_result_release(&res);
	check_int(km_entry_call("class_create", KM_FORM_NEW, new_args, 1, &res),
		  KM_CALL_REGISTERED);
	check_str(res.path, "/sys/class/snd");
	CU_ASSERT_PTR_NULL(res.owner);
	km_call_result_release(&res);
	/* kobject_set_name("%s", NULL) of 4.x-6.x: -ENOMEM */
	check_int(km_entry_call("class_create", KM_FORM_OLD, old_null, 2, &res),
		  KM_CALL_FAILED);
	check_int(res.err, -ENOMEM);
	km_call_result_release(&res);
	check_int(km_entry_call("class_create", KM_FORM_NEW, new_null, 1, &res),
		  KM_CALL_FAILED);
	check_int(res.err, -ENOMEM);
	km_call_result_release(&res);
}

static void test_destroys(void)
{
	struct km_value class_devt[] = { CLASS("c"), DEVT(1, 1) };
	struct km_value class_only[] = { CLASS("c") };
	struct km_value null_class[] = { NUL, DEVT(1, 1) };
	struct km_call_result res;

	check_int(km_entry_call("device_destroy", KM_FORM_NEW, class_devt, 2,
				&res),
		  KM_CALL_DONE);
	km_call_result_release(&res);
	check_int(km_entry_call("class_device_destroy", KM_FORM_OLD, null_class,
				2, &res),
		  KM_CALL_DONE);
	km_call_result_release(&res);
	check_int(km_entry_call("class_destroy", KM_FORM_NEW, class_only, 1,
				&res),
		  KM_CALL_DONE);
	check_int(res.nr_warnings, 0);
	km_call_result_release(&res);
}

static void test_invalid_calls(void)
{
	struct km_value devt_as_class[] = { DEVT(1, 1), NUL, DEVT(1, 3), NUL,
					    STRING("x") };
	struct km_value class_as_devt[] = { CLASS("c"), NUL, CLASS("d"), NUL,
					    STRING("x") };
	struct km_value class_as_fmt[] = { CLASS("c"), NUL, NUL, NUL,
					   CLASS("d") };
	struct km_value two[] = { CLASS("c"), NUL };
	struct km_call_result res;

	check_int(km_entry_call("class_device_create", KM_FORM_NEW,
				devt_as_class, 5, &res),
		  KM_CALL_INVALID);
	check_int(res.bad_arg, 0);
	check_str(res.why, "a dev_t where a pointer goes");
	km_call_result_release(&res);
	check_int(km_entry_call("device_create", KM_FORM_NEW, class_as_devt, 5,
				&res),
		  KM_CALL_INVALID);
	check_int(res.bad_arg, 2);
	check_str(res.why, "a pointer where dev_t goes");
	km_call_result_release(&res);
	check_int(km_entry_call("device_create", KM_FORM_NEW, class_as_fmt, 5,
				&res),
		  KM_CALL_INVALID);
	check_str(res.why, "the format is not a string");
	km_call_result_release(&res);
	check_int(km_entry_call("class_create", KM_FORM_OLD, two, 3, &res),
		  KM_CALL_INVALID);
	check_str(res.why, "3 arguments where the prototype has 2");
	km_call_result_release(&res);
	check_int(km_entry_call("device_create", KM_FORM_NEW, two, 2, &res),
		  KM_CALL_INVALID);
	km_call_result_release(&res);
	check_int(km_entry_call("class_device_register", KM_FORM_NEW, two, 2,
				&res),
		  KM_CALL_INVALID);
	check_str(res.why, "the core model has no entry point "
			   "'class_device_register'");
	km_call_result_release(&res);
}

static const struct unit_test tests[] = {
	{ "the table: rows, forms and roles", test_table },
	{ "class_device_create: both forms register the same",
	  test_class_device_create_forms },
	{ "class_device_create: a parent, a device, extra arguments",
	  test_class_device_create_nested },
	{ "class_device_create: NULL, stray and long arguments",
	  test_class_device_create_errors },
	{ "device_create: both forms, and the drvdata",
	  test_device_create_forms },
	{ "device_create: below a parent of no class",
	  test_device_create_parent },
	{ "device_create: the kernel's errors", test_device_create_errors },
	{ "class_create: with and without the owner, NULL names",
	  test_class_create_forms },
	{ "the destroys run", test_destroys },
	{ "calls that cannot be replayed", test_invalid_calls },
	{ NULL, NULL },
};

UNIT_MAIN("core-model entry table", tests)
