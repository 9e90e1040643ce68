/*
 * sysfs.c - the model's sysfs: a tree of directories, attribute files and
 * symlinks under /sys, attribute groups, and the `tree` listings.
 *
 * Contract: names are unique in a directory (-EEXIST otherwise, as sysfs),
 * never empty, ".", ".." or containing '/' (-EINVAL).  Each directory keeps
 * its entries sorted with strcmp, which is also the order `tree` prints.
 * A kobject's directory belongs to its object: removing the directory above
 * it (kobject_del of the parent) makes it an orphan - out of the visible
 * tree, still owned by its object until that object's own removal frees it.
 * Every other entry belongs to the directory it is in.  Links store their
 * target below /sys ("devices/platform/i8042/serio1") and print as sysfs
 * reads them: relative, one "../" per level of the link's directory.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* how deep below /sys/class a listing descends */
#define KM_PRINT_MAX_DEPTH 64

struct km_sysfs_dirent *km_sysfs_root_new(void)
{
	struct km_sysfs_dirent *root = km_zalloc(sizeof(*root));

	if (!root)
		return NULL;
	root->name = km_strdup("sys");
	if (!root->name) {
		free(root);
		return NULL;
	}
	root->type = KM_DIRENT_DIR;
	return root;
}

static void dirent_free(struct km_sysfs_dirent *d)
{
	free(d->name);
	free(d->target);
	free(d->children);
	free(d);
}

void km_sysfs_free(struct km_sysfs_dirent *dir)
{
	size_t i;

	if (!dir)
		return;
	for (i = 0; i < dir->nr_children; i++)
		km_sysfs_free(dir->children[i]);
	dirent_free(dir);
}

/* the index of name in dir, or where it would go (and *found = 0) */
static size_t find_slot(const struct km_sysfs_dirent *dir, const char *name,
			int *found)
{
	size_t lo = 0, hi = dir->nr_children;

	*found = 0;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int cmp = strcmp(name, dir->children[mid]->name);

		if (!cmp) {
			*found = 1;
			return mid;
		}
		if (cmp < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}

struct km_sysfs_dirent *km_sysfs_lookup(const struct km_sysfs_dirent *dir,
					const char *name)
{
	size_t i;
	int found;

	if (!dir || !name)
		return NULL;
	i = find_slot(dir, name, &found);
	return found ? dir->children[i] : NULL;
}

static int valid_name(const char *name)
{
	return name && *name && !strchr(name, '/') && strcmp(name, ".") &&
	       strcmp(name, "..");
}

static struct km_sysfs_dirent *dirent_new(const char *name,
					  enum km_dirent_type type,
					  const char *target, int is_kobject)
{
	struct km_sysfs_dirent *d = km_zalloc(sizeof(*d));

	if (!d)
		return NULL;
	d->type = type;
	d->is_kobject = is_kobject;
	d->name = km_strdup(name);
	if (target)
		d->target = km_strdup(target);
	if (!d->name || (target && !d->target)) {
		dirent_free(d);
		return NULL;
	}
	return d;
}

int km_sysfs_add(struct km_sysfs_dirent *parent, const char *name,
		 enum km_dirent_type type, const char *target, int is_kobject,
		 struct km_sysfs_dirent **made)
{
	struct km_sysfs_dirent *d;
	size_t i;
	int found;

	if (!parent)
		return -ENOENT;
	if (!valid_name(name))
		return -EINVAL;
	i = find_slot(parent, name, &found);
	if (found)
		return -EEXIST;
	if (parent->nr_children == parent->alloc_children) {
		size_t want = 2 * parent->alloc_children;
		struct km_sysfs_dirent **grown;

		if (!want)
			want = 8;
		grown = realloc(parent->children, want * sizeof(*grown));
		if (!grown)
			return -ENOMEM;
		parent->children = grown;
		parent->alloc_children = want;
	}
	d = dirent_new(name, type, target, is_kobject);
	if (!d)
		return -ENOMEM;
	memmove(&parent->children[i + 1], &parent->children[i],
		(parent->nr_children - i) * sizeof(*parent->children));
	parent->children[i] = d;
	parent->nr_children++;
	d->parent = parent;
	if (made)
		*made = d;
	return 0;
}

static void unlink_dirent(struct km_sysfs_dirent *d)
{
	struct km_sysfs_dirent *parent = d->parent;
	size_t i;
	int found;

	if (!parent)
		return;
	i = find_slot(parent, d->name, &found);
	if (found && parent->children[i] == d) {
		parent->nr_children--;
		memmove(&parent->children[i], &parent->children[i + 1],
			(parent->nr_children - i) * sizeof(*parent->children));
	}
	d->parent = NULL;
}

/* free d and what it owns; other kobjects' directories become orphans */
static void drop(struct km_sysfs_dirent *d)
{
	size_t i;

	for (i = 0; i < d->nr_children; i++) {
		struct km_sysfs_dirent *child = d->children[i];

		if (child->type == KM_DIRENT_DIR && child->is_kobject)
			child->parent = NULL;
		else
			drop(child);
	}
	dirent_free(d);
}

int km_sysfs_remove(struct km_sysfs_dirent *parent, const char *name,
		    enum km_dirent_type type)
{
	struct km_sysfs_dirent *d = km_sysfs_lookup(parent, name);

	if (!d || d->type != type || d->is_kobject)
		return -ENOENT;
	unlink_dirent(d);
	drop(d);
	return 0;
}

void km_sysfs_remove_dir(struct km_sysfs_dirent *dir)
{
	if (!dir)
		return;
	unlink_dirent(dir);
	drop(dir);
}

/* --- groups and attribute files ----------------------------------------- */

static int class_dev_dir(struct class_device *class_dev, const char *name,
			 struct km_sysfs_dirent **dir)
{
	struct km_object *obj;

	obj = km_registry_find(class_dev, KM_KIND_CLASS_DEVICE);
	if (!obj || !name)
		return -EINVAL;
	*dir = obj->dir;
	return *dir ? 0 : -ENOENT;
}

int km_sysfs_create_group(struct class_device *class_dev, const char *name)
{
	struct km_sysfs_dirent *dir;
	int err = class_dev_dir(class_dev, name, &dir);

	if (err)
		return err;
	return km_sysfs_add(dir, name, KM_DIRENT_DIR, NULL, 0, NULL);
}

int km_sysfs_remove_group(struct class_device *class_dev, const char *name)
{
	struct km_sysfs_dirent *dir;

	if (class_dev_dir(class_dev, name, &dir))
		return -ENOENT;
	return km_sysfs_remove(dir, name, KM_DIRENT_DIR);
}

int km_class_device_create_file(struct class_device *class_dev,
				const char *name)
{
	struct km_sysfs_dirent *dir;
	int err = class_dev_dir(class_dev, name, &dir);

	if (err)
		return err;
	return km_sysfs_add(dir, name, KM_DIRENT_FILE, NULL, 0, NULL);
}

int km_class_device_remove_file(struct class_device *class_dev,
				const char *name)
{
	struct km_sysfs_dirent *dir;

	if (class_dev_dir(class_dev, name, &dir))
		return -ENOENT;
	return km_sysfs_remove(dir, name, KM_DIRENT_FILE);
}

/* --- listings ----------------------------------------------------------- */

struct listing {
	FILE *fp;
	int with_files;
	char prefix[4 * KM_PRINT_MAX_DEPTH + 1];
};

static int shown(const struct listing *ls, const struct km_sysfs_dirent *d)
{
	return ls->with_files || d->type != KM_DIRENT_FILE;
}

/* the entries of dir, which is depth levels below /sys */
static void list_entries(struct listing *ls, const struct km_sysfs_dirent *dir,
			 int depth, int level)
{
	size_t i, last = 0, plen = strlen(ls->prefix);
	int any = 0, d;

	for (i = 0; i < dir->nr_children; i++)
		if (shown(ls, dir->children[i])) {
			last = i;
			any = 1;
		}
	for (i = 0; any && i <= last; i++) {
		const struct km_sysfs_dirent *child = dir->children[i];

		if (!shown(ls, child))
			continue;
		fprintf(ls->fp, "%s%s%s", ls->prefix,
			i == last ? "`-- " : "|-- ", child->name);
		if (child->type == KM_DIRENT_LINK) {
			fputs(" -> ", ls->fp);
			for (d = 0; d < depth; d++)
				fputs("../", ls->fp);
			fputs(child->target, ls->fp);
		}
		fputc('\n', ls->fp);
		if (child->type != KM_DIRENT_DIR || level >= KM_PRINT_MAX_DEPTH)
			continue;
		strcpy(ls->prefix + plen, i == last ? "    " : "|   ");
		list_entries(ls, child, depth + 1, level + 1);
		ls->prefix[plen] = '\0';
	}
}

int km_sysfs_print_tree(FILE *fp, struct kmodel *model,
			const char *class_name)
{
	struct listing ls = { .fp = fp, .with_files = 0 };
	struct km_sysfs_dirent *dir = NULL;

	if (!class_name)
		return -EINVAL;
	fprintf(fp, "/sys/class/%s/", class_name);
	if (model)
		dir = km_sysfs_lookup(model->class_root, class_name);
	if (!dir || dir->type != KM_DIRENT_DIR) {
		fputs(" [error opening dir]\n", fp);
		return -ENOENT;
	}
	fputc('\n', fp);
	list_entries(&ls, dir, 2, 0);
	return 0;
}

void km_sysfs_print_all(FILE *fp, struct kmodel *model)
{
	struct listing ls = { .fp = fp, .with_files = 1 };

	if (!model)
		return;
	fputs("/sys/class/\n", fp);
	list_entries(&ls, model->class_root, 1, 0);
}
