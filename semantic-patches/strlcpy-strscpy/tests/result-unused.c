/* Calls whose result is unused: each one becomes strscpy(). */
#include <linux/string.h>

struct widget {
	char name[16];
	char label[32];
};

static void widget_name(struct widget *w, const char *name, int labelled)
{
	strlcpy(w->name, name, sizeof(w->name));
	if (labelled)
		strlcpy(w->label, name, sizeof(w->label));
	else
		(void)strlcpy(w->label, "none", sizeof(w->label));
}

static int widget_reset(struct widget *w, int err)
{
	if (err)
		goto out;
	return 0;
out:
	strlcpy(w->name, "reset",
		sizeof(w->name));
	return err;
}
