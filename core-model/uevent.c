/*
 * uevent.c - the hotplug events of class devices, as class_hotplug() and
 * kobject_hotplug() build them, and of devices, as dev_uevent() of 2.6.27
 * does; logged one line per event.
 *
 * Contract: an event carries ACTION, DEVPATH (the kobject path below /sys,
 * nested: /class/input/input3/event2), SUBSYSTEM (the class name),
 * PHYSDEVPATH when the class device has a struct device, MAJOR and MINOR
 * when its devt is not 0:0, and then whatever one hotplug callback adds:
 * the class device's own when it has one, else the class's.  The callback
 * gets the rest of the environment array and of the buffer, as in the
 * kernel; when it returns non-zero the event is not sent (a warning is
 * recorded instead).  The log line is
 *	ACTION DEVPATH VAR=VALUE... [hotplug=class_device|class]
 * with the variables sorted with strcmp.  A device's event carries
 * ACTION, DEVPATH (/devices/virtual/tty/ttyS0), SUBSYSTEM (the class
 * name), MAJOR and MINOR when MAJOR(devt) != 0, and no hotplug callback.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* open_memstream */
#endif
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define KM_NUM_ENVP 32
#define KM_ENV_BUFFER_SIZE 2048

int km_add_hotplug_env_var(char **envp, int num_envp, int *cur_index,
			   char *buffer, int buffer_size, int *cur_len,
			   const char *format, ...)
{
	int room = buffer_size - *cur_len, len;
	va_list args;

	if (*cur_index >= num_envp - 1 || room <= 0)
		return -ENOMEM;
	va_start(args, format);
	len = vsnprintf(buffer + *cur_len, (size_t)room, format, args);
	va_end(args);
	if (len < 0 || len >= room)
		return -ENOMEM;
	envp[(*cur_index)++] = buffer + *cur_len;
	*cur_len += len + 1;
	return 0;
}

static int compare_vars(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static char *format_event(const char *action, const char *devpath, char **envp,
			  const char *who)
{
	char *line = NULL;
	size_t size, nr = 0, i;
	FILE *fp;

	while (nr < KM_NUM_ENVP && envp[nr])
		nr++;
	qsort(envp, nr, sizeof(*envp), compare_vars);
	fp = open_memstream(&line, &size);
	if (!fp)
		return NULL;
	fprintf(fp, "%s %s", action, devpath);
	for (i = 0; i < nr; i++)
		fprintf(fp, " %s", envp[i]);
	if (who)
		fprintf(fp, " hotplug=%s", who);
	if (fclose(fp)) {
		free(line);
		return NULL;
	}
	return line;
}

/* an event's environment while it is built */
struct km_env {
	char *envp[KM_NUM_ENVP];
	char buffer[KM_ENV_BUFFER_SIZE];
	int nr, len;
	int err; /* sticky: the first failure */
};

__attribute__((format(printf, 2, 3))) static void env_add(struct km_env *env,
							  const char *fmt, ...)
{
	int room = KM_ENV_BUFFER_SIZE - env->len, len;
	va_list args;

	if (env->err)
		return;
	if (env->nr >= KM_NUM_ENVP - 1) {
		env->err = -ENOMEM;
		return;
	}
	va_start(args, fmt);
	len = vsnprintf(env->buffer + env->len, (size_t)room, fmt, args);
	va_end(args);
	if (len < 0 || len >= room) {
		env->err = -ENOMEM;
		return;
	}
	env->envp[env->nr++] = env->buffer + env->len;
	env->len += len + 1;
}

/* what kobject_hotplug() and class_hotplug() put in */
static void core_vars(struct km_env *env, const struct km_object *obj,
		      const char *action, const char *devpath)
{
	const struct class *class = obj->class->public;

	env_add(env, "ACTION=%s", action);
	env_add(env, "DEVPATH=%s", devpath);
	env_add(env, "SUBSYSTEM=%s", class->name);
	if (obj->device_path)
		env_add(env, "PHYSDEVPATH=%s", obj->device_path);
	if (obj->devt) {
		env_add(env, "MAJOR=%u", KM_MAJOR(obj->devt));
		env_add(env, "MINOR=%u", KM_MINOR(obj->devt));
	}
}

void km_uevent_emit(struct km_object *obj, const char *action)
{
	struct class_device *class_dev = obj->public;
	struct class *class = obj->class->public;
	km_hotplug_fn hotplug = NULL;
	const char *who = NULL;
	struct km_env *env;
	char *devpath;
	int ret;

	env = km_zalloc(sizeof(*env));
	if (!env)
		return;
	devpath = km_object_path(obj);
	if (!devpath)
		goto out_free_env;
	core_vars(env, obj, action, devpath);
	if (env->err)
		goto out_free_devpath;
	if (class_dev->hotplug) {
		hotplug = class_dev->hotplug;
		who = "class_device";
	} else if (class->hotplug) {
		hotplug = class->hotplug;
		who = "class";
	}
	if (hotplug) {
		ret = hotplug(class_dev, &env->envp[env->nr],
			      KM_NUM_ENVP - env->nr, &env->buffer[env->len],
			      KM_ENV_BUFFER_SIZE - env->len);
		if (ret) {
			km_warn(obj->model,
				"uevent '%s' of '%s' dropped: the %s hotplug() returned %d",
				action, devpath, who, ret);
			goto out_free_devpath;
		}
	}
	km_strarray_push(&obj->model->uevents, &obj->model->nr_uevents,
			 &obj->model->alloc_uevents,
			 format_event(action, devpath, env->envp, who));

out_free_devpath:
	free(devpath);
out_free_env:
	free(env);
}

void km_uevent_emit_device(struct km_object *obj, const char *action)
{
	struct km_env *env = km_zalloc(sizeof(*env));

	if (!env)
		return;
	if (!obj->sysfs_path)
		goto out_free_env;
	env_add(env, "ACTION=%s", action);
	env_add(env, "DEVPATH=%s", obj->sysfs_path);
	env_add(env, "SUBSYSTEM=%s", obj->class->name);
	if (KM_MAJOR(obj->devt)) {
		env_add(env, "MAJOR=%u", KM_MAJOR(obj->devt));
		env_add(env, "MINOR=%u", KM_MINOR(obj->devt));
	}
	if (env->err) {
		km_warn(obj->model, "uevent '%s' of '%s' dropped: no room",
			action, obj->sysfs_path);
		goto out_free_env;
	}
	km_strarray_push(&obj->model->uevents, &obj->model->nr_uevents,
			 &obj->model->alloc_uevents,
			 format_event(action, obj->sysfs_path, env->envp,
				      NULL));
out_free_env:
	free(env);
}

size_t km_uevent_count(const struct kmodel *model)
{
	return model ? model->nr_uevents : 0;
}

const char *km_uevent_line(const struct kmodel *model, size_t i)
{
	return model && i < model->nr_uevents ? model->uevents[i] : NULL;
}

void km_uevent_print(FILE *fp, const struct kmodel *model)
{
	size_t i;

	for (i = 0; i < km_uevent_count(model); i++)
		fprintf(fp, "%s\n", model->uevents[i]);
}
