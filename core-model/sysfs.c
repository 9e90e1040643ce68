/*
 * sysfs.c - the model's sysfs: a tree of directories, attribute files and
 * symlinks under /sys, and the `tree` listings.
 *
 * Contract: names are unique in a directory (-EEXIST otherwise, as sysfs),
 * never empty, ".", ".." or containing '/' (-EINVAL).  A directory finds
 * an entry by name through a hash table and lists its entries sorted with
 * strcmp, the order `tree` prints; adding and removing an entry take
 * constant time whatever the directory's size.  A kobject's directory
 * belongs to its object: removing the directory above it (kobject_del of
 * the parent) makes it an orphan - out of the visible tree, still owned by
 * its object until that object's own removal frees it.  Every other entry
 * belongs to the directory it is in.  Links store their target below /sys
 * ("devices/platform/i8042/serio1") and print as sysfs reads them:
 * relative, one "../" per level of the link's directory.  Freeing a tree
 * walks it without recursion, so a path of any depth is safe.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* how deep below the listed directory a listing descends */
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
	root->is_root = 1;
	return root;
}

static void dirent_free(struct km_sysfs_dirent *d)
{
	free(d->name);
	free(d->target);
	free(d->children);
	km_htable_release(&d->by_name);
	free(d);
}

/*
 * Frees top and what it owns, depth first without recursion; the kobject
 * directories below it become orphans unless all is set.  top is already
 * out of its parent.
 */
static void drop(struct km_sysfs_dirent *top, int all)
{
	struct km_sysfs_dirent *d = top, *parent;

	for (;;) {
		if (d->nr_children) {
			struct km_sysfs_dirent *child =
				d->children[--d->nr_children];

			if (!all && child->type == KM_DIRENT_DIR &&
			    child->is_kobject) {
				child->parent = NULL;
				continue;
			}
			d = child;
			continue;
		}
		if (d == top) {
			dirent_free(d);
			return;
		}
		parent = d->parent;
		dirent_free(d);
		d = parent;
	}
}

void km_sysfs_free(struct km_sysfs_dirent *dir)
{
	if (dir)
		drop(dir, 1);
}

static size_t name_hash(const char *name)
{
	return km_hash_bytes(name, strlen(name), 0);
}

struct km_sysfs_dirent *km_sysfs_lookup(const struct km_sysfs_dirent *dir,
					const char *name)
{
	struct km_hnode *node;

	if (!dir || !name)
		return NULL;
	for (node = km_htable_first(&dir->by_name, name_hash(name)); node;
	     node = km_htable_next(node)) {
		struct km_sysfs_dirent *d = km_container_of(
			node, struct km_sysfs_dirent, by_name_node);

		if (!strcmp(d->name, name))
			return d;
	}
	return NULL;
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

	if (!parent)
		return -ENOENT;
	if (!valid_name(name))
		return -EINVAL;
	if (km_sysfs_lookup(parent, name))
		return -EEXIST;
	if (parent->nr_children == parent->alloc_children) {
		size_t want = 2 * parent->alloc_children;
		struct km_sysfs_dirent **grown;

		if (!want)
			want = 4;
		grown = realloc(parent->children, want * sizeof(*grown));
		if (!grown)
			return -ENOMEM;
		parent->children = grown;
		parent->alloc_children = want;
	}
	d = dirent_new(name, type, target, is_kobject);
	if (!d)
		return -ENOMEM;
	if (km_htable_add(&parent->by_name, &d->by_name_node,
			  name_hash(name))) {
		dirent_free(d);
		return -ENOMEM;
	}
	d->index = parent->nr_children;
	parent->children[parent->nr_children++] = d;
	d->parent = parent;
	if (made)
		*made = d;
	return 0;
}

struct km_sysfs_dirent *km_sysfs_mkdir(struct km_sysfs_dirent *parent,
				       const char *name)
{
	struct km_sysfs_dirent *d = km_sysfs_lookup(parent, name);

	if (d)
		return d->type == KM_DIRENT_DIR ? d : NULL;
	if (km_sysfs_add(parent, name, KM_DIRENT_DIR, NULL, 0, &d))
		return NULL;
	return d;
}

static void unlink_dirent(struct km_sysfs_dirent *d)
{
	struct km_sysfs_dirent *parent = d->parent, *last;

	if (!parent)
		return;
	km_htable_del(&parent->by_name, &d->by_name_node);
	last = parent->children[--parent->nr_children];
	if (last != d) {
		parent->children[d->index] = last;
		last->index = d->index;
	}
	d->parent = NULL;
}

int km_sysfs_remove(struct km_sysfs_dirent *parent, const char *name,
		    enum km_dirent_type type)
{
	struct km_sysfs_dirent *d = km_sysfs_lookup(parent, name);

	if (!d || d->type != type || d->is_kobject)
		return -ENOENT;
	unlink_dirent(d);
	drop(d, 0);
	return 0;
}

void km_sysfs_remove_dir(struct km_sysfs_dirent *dir)
{
	if (!dir)
		return;
	unlink_dirent(dir);
	drop(dir, 0);
}

char *km_sysfs_path(const struct km_sysfs_dirent *dir)
{
	const struct km_sysfs_dirent *d;
	size_t len = 0;
	char *path, *p;

	for (d = dir; d && !d->is_root; d = d->parent)
		len += 1 + strlen(d->name);
	if (!d || !len)
		return NULL;
	path = malloc(len + 1);
	if (!path)
		return NULL;
	p = path + len;
	*p = '\0';
	for (d = dir; !d->is_root; d = d->parent) {
		size_t n = strlen(d->name);

		p -= n;
		memcpy(p, d->name, n);
		*--p = '/';
	}
	return path;
}

/* --- listings ----------------------------------------------------------- */

struct listing {
	FILE *fp;
	int with_files;
	char prefix[4 * KM_PRINT_MAX_DEPTH + 1];
};

static int compare_names(const void *a, const void *b)
{
	const struct km_sysfs_dirent *const *x = a, *const *y = b;

	return strcmp((*x)->name, (*y)->name);
}

/* the entries of dir that the listing shows, sorted; NULL when none */
static struct km_sysfs_dirent **shown_entries(const struct listing *ls,
					      const struct km_sysfs_dirent *dir,
					      size_t *nr)
{
	struct km_sysfs_dirent **shown;
	size_t i;

	*nr = 0;
	if (!dir->nr_children)
		return NULL;
	shown = malloc(dir->nr_children * sizeof(*shown));
	if (!shown)
		return NULL;
	for (i = 0; i < dir->nr_children; i++)
		if (ls->with_files || dir->children[i]->type != KM_DIRENT_FILE)
			shown[(*nr)++] = dir->children[i];
	qsort(shown, *nr, sizeof(*shown), compare_names);
	return shown;
}

/* the entries of dir, which is depth levels below /sys */
static void list_entries(struct listing *ls, const struct km_sysfs_dirent *dir,
			 int depth, int level)
{
	size_t i, nr, plen = strlen(ls->prefix);
	struct km_sysfs_dirent **shown = shown_entries(ls, dir, &nr);
	int d;

	for (i = 0; i < nr; i++) {
		const struct km_sysfs_dirent *child = shown[i];
		int last = i + 1 == nr;

		fprintf(ls->fp, "%s%s%s", ls->prefix, last ? "`-- " : "|-- ",
			child->name);
		if (child->type == KM_DIRENT_LINK) {
			fputs(" -> ", ls->fp);
			for (d = 0; d < depth; d++)
				fputs("../", ls->fp);
			fputs(child->target, ls->fp);
		}
		fputc('\n', ls->fp);
		if (child->type != KM_DIRENT_DIR || level >= KM_PRINT_MAX_DEPTH)
			continue;
		strcpy(ls->prefix + plen, last ? "    " : "|   ");
		list_entries(ls, child, depth + 1, level + 1);
		ls->prefix[plen] = '\0';
	}
	free(shown);
}

int km_sysfs_print_tree(FILE *fp, struct kmodel *model, const char *class_name)
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

void km_sysfs_print_dir(FILE *fp, const char *header,
			const struct km_sysfs_dirent *dir, int depth)
{
	struct listing ls = { .fp = fp, .with_files = 1 };

	fprintf(fp, "%s\n", header);
	list_entries(&ls, dir, depth, 0);
}

void km_sysfs_print_all(FILE *fp, struct kmodel *model)
{
	if (model)
		km_sysfs_print_dir(fp, "/sys/class/", model->class_root, 1);
}
