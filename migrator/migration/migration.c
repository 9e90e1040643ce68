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
#include <ctype.h>
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
#include "strbuf.h"
#include "util.h"

static char *trim(const char *s, size_t len)
{
	while (len && isspace((unsigned char)*s))
		s++, len--;
	while (len && isspace((unsigned char)s[len - 1]))
		len--;
	return xstrndup(s, len);
}

static int parse_param(struct migration_param *param, const char *text,
		       size_t len)
{
	char *decl = trim(text, len);
	size_t end = strlen(decl), start = end;

	while (start && (isalnum((unsigned char)decl[start - 1]) ||
			 decl[start - 1] == '_'))
		start--;
	if (start == end || start == 0) {
		free(decl);
		return -1;
	}
	param->name = xstrdup(decl + start);
	decl[start] = '\0';
	param->type = trim(decl, start);
	free(decl);
	return 0;
}

/* a variadic prototype whose last fixed parameter is a string: printf-like */
static void set_format(struct migration_prototype *proto)
{
	struct type_class tc;

	proto->format = 0;
	if (!proto->variadic || !proto->nr_params)
		return;
	type_classify(proto->params[proto->nr_params - 1].type, &tc);
	if (type_is_string(&tc))
		proto->format = (int)proto->nr_params;
}

int prototype_parse(struct migration_prototype *proto, const char *text,
		    char **function)
{
	const char *open = strchr(text, '('), *close = strrchr(text, ')');
	const char *p, *name_end, *name_start, *arg;
	size_t alloc = 0;

	memset(proto, 0, sizeof(*proto));
	if (!open || !close || close < open)
		return -1;
	name_end = open;
	while (name_end > text && isspace((unsigned char)name_end[-1]))
		name_end--;
	name_start = name_end;
	while (name_start > text && (isalnum((unsigned char)name_start[-1]) ||
				     name_start[-1] == '_'))
		name_start--;
	if (name_start == name_end)
		return -1;
	proto->text = xstrdup(text);
	proto->function = xstrndup(name_start, (size_t)(name_end - name_start));
	proto->return_type = trim(text, (size_t)(name_start - text));
	*function = xstrndup(name_start, (size_t)(name_end - name_start));

	for (arg = p = open + 1; p <= close; p++) {
		struct migration_param param;

		if (*p != ',' && p != close)
			continue;
		if (p == close && p == arg)
			break; /* "f()" */
		if (!strncmp(arg + strspn(arg, " \t"), "...", 3)) {
			proto->variadic = 1;
			break;
		}
		if (parse_param(&param, arg, (size_t)(p - arg)) < 0) {
			prototype_release(proto);
			free(*function);
			*function = NULL;
			return -1;
		}
		ALLOC_GROW(proto->params, proto->nr_params + 1, alloc);
		proto->params[proto->nr_params++] = param;
		arg = p + 1;
	}
	set_format(proto);
	return 0;
}

void prototype_release(struct migration_prototype *proto)
{
	size_t i;

	for (i = 0; i < proto->nr_params; i++) {
		free(proto->params[i].type);
		free(proto->params[i].name);
	}
	free(proto->params);
	free(proto->return_type);
	free(proto->function);
	free(proto->text);
	memset(proto, 0, sizeof(*proto));
}

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

int migration_load(struct migration *m, const char *name)
{
	struct strbuf text = STRBUF_INIT;
	char *path;
	int ret;

	memset(m, 0, sizeof(*m));
	strlist_init(&m->cocci);
	if (validate_migration_name(name, &text) < 0) {
		ret = error("cannot load a migration: %s", text.buf);
		strbuf_release(&text);
		return ret;
	}
	m->dir = xstrfmt("%s/%s", km_semantic_patches_dir(), name);
	path = xstrfmt("%s/migration", m->dir);
	if (strbuf_read_file(&text, path) < 0) {
		ret = error("cannot read migration '%s': %s (looked in '%s')",
			    name, strerror(errno), path);
		goto out_free_path;
	}
	if (strlen(text.buf) != text.len)
		ret = error("%s: a NUL byte in a text file", path);
	else
		ret = parse_text(m, text.buf, path, name);
	if (!ret)
		ret = check_paths_inside(m, path);
	if (!ret)
		ret = kernel_data_load(&m->kernel);
	if (!ret)
		family_share(m); /* the kernel types too */
out_free_path:
	free(path);
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
	free(m->subject);
	free(m->description);
	free(m->demo_tree);
	free(m->demo_patch);
	kernel_data_release(&m->kernel);
	memset(m, 0, sizeof(*m));
	strlist_init(&m->cocci);
}
