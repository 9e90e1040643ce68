/*
 * migration.c - reading a migration's data (see migration.h).
 *
 * The migration file is "key: value" fields (fields.h).  This file reads
 * the keys every migration has and the "kind:" key, first, wherever it
 * is; every other key goes to the migration's kind (kind.h), which also
 * says which keys it needs and checks them once all are read (the call
 * kind's map is migration-map.c).  Unknown keys are an error, and so is
 * a map that does not fit the prototypes, so a typo never passes
 * silently.
 *
 * The data may be hostile (a folder someone sent): every value is
 * checked for what it is (migration-validate.h) before it is stored, the
 * name must be its folder's, and the files a path field names must be
 * inside the folder or the data directory, symbolic links resolved.  A
 * value that fails is a one-line error naming the file, the line, the
 * field and the reason.
 */
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "c-type.h"
#include "family.h"
#include "fields.h"
#include "migration.h"
#include "migration-validate.h"
#include "spatch-allow.h"
#include "strbuf.h"
#include "util.h"

/* "a.cocci b.cocci": files of the folder, below it */
static int set_cocci(struct migration *m, const char *value, struct strbuf *why)
{
	char *copy = xstrdup(value), *save = NULL, *tok;
	int ret = 0;

	for (tok = strtok_r(copy, " ", &save); tok && !ret;
	     tok = strtok_r(NULL, " ", &save)) {
		ret = validate_relative_path(tok, why);
		if (!ret)
			strlist_pushf(&m->cocci, "%s/%s", m->dir ? m->dir : ".",
				      tok);
	}
	free(copy);
	return ret;
}

/* "PATH GLOB...": tree paths the migration leaves alone; may repeat */
static int add_exclude(struct migration *m, const char *value,
		       struct strbuf *why)
{
	char *copy, *save = NULL, *tok;
	int ret = validate_one_line(value, why);

	if (ret < 0)
		return ret;
	copy = xstrdup(value);
	for (tok = strtok_r(copy, " ", &save); tok && !ret;
	     tok = strtok_r(NULL, " ", &save)) {
		ret = validate_relative_path(tok, why);
		if (!ret)
			strlist_push(&m->exclude, tok);
	}
	free(copy);
	return ret;
}

static int add_spatch_options(struct migration *m, const char *value,
			      struct strbuf *why)
{
	int ret = validate_one_line(value, why);

	return ret < 0 ? ret :
			 spatch_options_allow(value, &m->spatch_options, why);
}

/* the text fields: where each key's value goes, and what it must be */
struct text_field {
	const char *key;
	size_t offset;
	int (*validate)(const char *value, struct strbuf *why);
};

static const struct text_field text_fields[] = {
	{ "name", offsetof(struct migration, name), validate_migration_name },
	{ "kind", offsetof(struct migration, kind_name), validate_identifier },
	{ "subject", offsetof(struct migration, subject), validate_one_line },
	{ "description", offsetof(struct migration, description),
	  validate_prose },
	{ "demo-tree", offsetof(struct migration, demo_tree),
	  validate_relative_path },
	{ "demo-patch", offsetof(struct migration, demo_patch),
	  validate_relative_path },
};

static const struct text_field *text_field(const char *key)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(text_fields); i++)
		if (!strcmp(key, text_fields[i].key))
			return &text_fields[i];
	return NULL;
}

static int set_text(struct migration *m, const struct text_field *field,
		    const char *value, const char *folder, struct strbuf *why)
{
	char **text = (char **)((char *)m + field->offset);

	if (*text) {
		strbuf_addstr(why, "given twice");
		return -1;
	}
	if (field->validate(value, why) < 0)
		return -1;
	if (field->offset == offsetof(struct migration, name) && folder &&
	    strcmp(value, folder)) {
		strbuf_addf(why, "'%s' is not its folder's name '%s'", value,
			    folder);
		return -1;
	}
	*text = xstrdup(value);
	return 0;
}

/*
 * Store one field; -1 when the key is unknown or the value malformed.
 * folder: the name the migration must have, or NULL.
 */
static int set_field(struct migration *m, const char *key, const char *value,
		     const char *folder, struct strbuf *why)
{
	const struct text_field *field = text_field(key);

	if (field)
		return set_text(m, field, value, folder, why);
	if (!strcmp(key, "cocci"))
		return validate_one_line(value, why) < 0 ?
			       -1 :
			       set_cocci(m, value, why);
	if (!strcmp(key, "exclude"))
		return add_exclude(m, value, why);
	if (!strcmp(key, "spatch-options"))
		return add_spatch_options(m, value, why);
	/* every other key is the kind's */
	return m->kind->read_field(m, key, value, why);
}

/* the first key the file lacks, in the order the file has them */
static const char *missing_field(const struct migration *m)
{
	const char *missing;

	if (!m->name)
		return "name";
	missing = m->kind->missing_field(m);
	if (missing)
		return missing;
	if (!m->subject)
		return "subject";
	if (!m->description)
		return "description";
	return NULL;
}

/*
 * The kind the file's "kind:" key names, or the default kind: found
 * before any other key is read, wherever the file has it.  0, or -1
 * after an error naming the line.
 */
static int find_kind(struct migration *m, const char *text, const char *path)
{
	struct strbuf key = STRBUF_INIT, value = STRBUF_INIT;
	struct strbuf known = STRBUF_INIT;
	struct field_reader fr;
	int ret = 0;

	m->kind = migration_kind_default();
	field_reader_init(&fr, text);
	while (field_next(&fr, &key, &value) > 0) {
		if (strcmp(key.buf, "kind"))
			continue;
		m->kind = migration_kind_find(value.buf);
		if (!m->kind) {
			migration_kinds_list(&known);
			ret = error("%s:%d: bad field 'kind': unknown kind "
				    "'%s' (known: %s)",
				    path, fr.key_line, value.buf, known.buf);
		}
		break;
	}
	if (!ret && !m->kind)
		ret = error("%s: no kind of change is known", path);
	strbuf_release(&known);
	strbuf_release(&key);
	strbuf_release(&value);
	return ret;
}

static int parse_text(struct migration *m, const char *text, const char *path,
		      const char *folder)
{
	struct strbuf key = STRBUF_INIT, value = STRBUF_INIT;
	struct strbuf why = STRBUF_INIT;
	struct field_reader fr;
	const char *missing;
	int ret, got;

	ret = find_kind(m, text, path);
	if (ret < 0)
		goto out_release_bufs;
	field_reader_init(&fr, text);
	while ((got = field_next(&fr, &key, &value)) > 0) {
		if (set_field(m, key.buf, value.buf, folder, &why) < 0) {
			ret = error("%s:%d: bad field '%s'%s%s", path,
				    fr.key_line, key.buf, why.len ? ": " : "",
				    why.buf);
			goto out_release_bufs;
		}
	}
	if (got < 0) {
		ret = error("%s:%d: expected 'key: value'", path, fr.lineno);
		goto out_release_bufs;
	}
	missing = missing_field(m);
	if (missing)
		ret = error("%s: no '%s' field", path, missing);
	else if (m->kind->finish(m, &why) < 0)
		ret = error("%s: %s", path, why.buf);
out_release_bufs:
	strbuf_release(&key);
	strbuf_release(&value);
	strbuf_release(&why);
	return ret;
}

int migration_parse(struct migration *m, const char *text, const char *path)
{
	return parse_text(m, text, path, NULL);
}

/* what the path fields name is inside the folder or the data directory */
static int check_paths_inside(const struct migration *m, const char *path)
{
	struct strbuf why = STRBUF_INIT, iso = STRBUF_INIT;
	const char *field = NULL;
	size_t i, dir_len = strlen(m->dir) + 1;

	for (i = 0; !field && i < m->cocci.nr; i++) {
		const char *cocci = m->cocci.items[i].string + dir_len;
		size_t n = strlen(cocci);

		/* X.iso beside X.cocci is read with it (spatch.h) */
		strbuf_reset(&iso);
		if (n > 6 && !strcmp(cocci + n - 6, ".cocci"))
			strbuf_addf(&iso, "%.*s.iso", (int)(n - 6), cocci);
		if (validate_path_inside(m->dir, cocci, &why) < 0 ||
		    (iso.len &&
		     validate_path_inside(m->dir, iso.buf, &why) < 0))
			field = "cocci";
	}
	if (!field && m->demo_tree &&
	    validate_path_inside(km_datadir(), m->demo_tree, &why) < 0)
		field = "demo-tree";
	if (!field && m->demo_patch &&
	    validate_path_inside(km_datadir(), m->demo_patch, &why) < 0)
		field = "demo-patch";
	if (field)
		error("%s: bad field '%s': %s", path, field, why.buf);
	strbuf_release(&iso);
	strbuf_release(&why);
	return field ? -1 : 0;
}

/*
 * A migration named by a path: a value with a '/', or a folder that is
 * not one of the data directory's migrations.  It is loaded from there,
 * with the data directory's shared kernel-types.
 */
static int is_migration_path(const char *value)
{
	struct stat st;
	char *shipped;
	int ret;

	if (strchr(value, '/'))
		return 1;
	shipped = xstrfmt("%s/%s", km_semantic_patches_dir(), value);
	ret = stat(shipped, &st) < 0 && !stat(value, &st) &&
	      S_ISDIR(st.st_mode);
	free(shipped);
	return ret;
}

/* the folder's name: the last component of dir, slashes trimmed */
static char *folder_name(const char *dir)
{
	size_t end = strlen(dir), start;

	while (end > 1 && dir[end - 1] == '/')
		end--;
	start = end;
	while (start && dir[start - 1] != '/')
		start--;
	return xstrndup(dir + start, end - start);
}

/* m->dir and the name the migration must have, from --migration's value */
static int migration_locate(struct migration *m, const char *value, char **name)
{
	struct strbuf why = STRBUF_INIT;
	int ret = 0;

	if (is_migration_path(value)) {
		*name = folder_name(value);
		m->dir = xstrdup(value);
	} else {
		*name = xstrdup(value);
		m->dir = xstrfmt("%s/%s", km_semantic_patches_dir(), value);
	}
	if (validate_migration_name(*name, &why) < 0)
		ret = error("cannot load a migration: %s", why.buf);
	strbuf_release(&why);
	return ret;
}

int migration_load(struct migration *m, const char *value)
{
	struct strbuf text = STRBUF_INIT;
	char *path = NULL, *name = NULL;
	int ret;

	memset(m, 0, sizeof(*m));
	strlist_init(&m->cocci);
	strlist_init(&m->exclude);
	strlist_init(&m->spatch_options);
	ret = migration_locate(m, value, &name);
	if (ret)
		goto out_free_path;
	path = xstrfmt("%s/migration", m->dir);
	if (strbuf_read_file(&text, path) < 0) {
		ret = error("cannot read migration '%s': %s (looked in '%s')",
			    value, strerror(errno), path);
		goto out_free_path;
	}
	/* first: a prototype's reader skips the attributes it lists */
	ret = kernel_data_load(&m->kernel);
	if (!ret && strlen(text.buf) != text.len)
		ret = error("%s: a NUL byte in a text file", path);
	else if (!ret)
		ret = parse_text(m, text.buf, path, name);
	if (!ret)
		ret = check_paths_inside(m, path);
	if (!ret)
		family_share(m); /* the kernel types too */
out_free_path:
	free(path);
	free(name);
	strbuf_release(&text);
	if (ret)
		migration_release(m);
	return ret;
}

void migration_release(struct migration *m)
{
	if (m->kind)
		m->kind->release(m);
	free(m->name);
	free(m->dir);
	free(m->kind_name);
	strlist_clear(&m->cocci, 0);
	strlist_clear(&m->exclude, 0);
	strlist_clear(&m->spatch_options, 0);
	free(m->subject);
	free(m->description);
	free(m->demo_tree);
	free(m->demo_patch);
	kernel_data_release(&m->kernel);
	memset(m, 0, sizeof(*m));
	strlist_init(&m->cocci);
	strlist_init(&m->exclude);
	strlist_init(&m->spatch_options);
}
