/*
 * migration.c - reading a migration's data (see migration.h).
 *
 * The migration file is "key: value" lines; a value continues on lines
 * that start with a space or a tab, and a continuation line that is only
 * " ." stands for an empty line (RFC 822 style).  '#' starts a comment
 * line.  Unknown keys are an error, so a typo never passes silently.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "migration.h"
#include "strbuf.h"
#include "util.h"

static int is_dir(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISDIR(st.st_mode);
}

/* the directory holding semantic-patches/ (and the demo fixtures) */
const char *km_datadir(void)
{
	static char *dir;
	char exe[PATH_MAX], *probe;
	ssize_t n;

	if (dir)
		return dir;
	if (getenv("KMIGRATE_DATADIR") && *getenv("KMIGRATE_DATADIR")) {
		dir = xstrdup(getenv("KMIGRATE_DATADIR"));
		return dir;
	}
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n > 0) {
		char *slash;

		exe[n] = '\0';
		slash = strrchr(exe, '/');
		if (slash) {
			/* the source tree, a build directory below it, or
			 * an installation moved as a whole */
			static const char *const beside[] = {
				"", "/../..", "/../share/kmigrate",
			};
			size_t i;

			*slash = '\0';
			for (i = 0; i < ARRAY_SIZE(beside); i++) {
				dir = xstrfmt("%s%s", exe, beside[i]);
				probe = xstrfmt("%s/semantic-patches", dir);
				if (is_dir(probe)) {
					free(probe);
					return dir;
				}
				free(probe);
				free(dir);
			}
		}
	}
	dir = xstrdup(KM_DATADIR);
	return dir;
}

const char *km_semantic_patches_dir(void)
{
	static char *dir;

	if (!dir)
		dir = xstrfmt("%s/semantic-patches", km_datadir());
	return dir;
}

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
	proto->return_type = trim(text, (size_t)(name_start - text));
	*function = xstrndup(name_start, (size_t)(name_end - name_start));

	for (arg = p = open + 1; p <= close; p++) {
		struct migration_param param;

		if (*p != ',' && p != close)
			continue;
		if (p == close && p == arg)
			break;		/* "f()" */
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
	free(proto->text);
	memset(proto, 0, sizeof(*proto));
}

/* split "key: value" plus continuation lines into (key, value) pairs */
static int next_field(const char **pos, struct strbuf *key,
		      struct strbuf *value, int *lineno)
{
	const char *p = *pos;

	strbuf_reset(key);
	strbuf_reset(value);
	for (;;) {
		const char *eol = strchrnul(p, '\n'), *colon;

		if (!*p)
			return 0;
		(*lineno)++;
		if (*p == '#' || p == eol) {
			p = *eol ? eol + 1 : eol;
			continue;
		}
		colon = memchr(p, ':', (size_t)(eol - p));
		if (*p == ' ' || *p == '\t' || !colon)
			return -1;
		strbuf_add(key, p, (size_t)(colon - p));
		colon++;
		colon += strspn(colon, " \t");
		strbuf_add(value, colon, (size_t)(eol - colon));
		p = *eol ? eol + 1 : eol;
		break;
	}
	while (*p == ' ' || *p == '\t') {
		const char *eol = strchrnul(p, '\n');
		const char *text = p + 1;

		(*lineno)++;
		if (value->len)
			strbuf_addch(value, '\n');
		if (!(eol - text == 1 && *text == '.'))
			strbuf_add(value, text, (size_t)(eol - text));
		p = *eol ? eol + 1 : eol;
	}
	strbuf_rtrim(value);
	*pos = p;
	return 1;
}

static int parse_int_pair(const char *value, int *a, int *b)
{
	char *end;

	*a = (int)strtol(value, &end, 10);
	if (end == value)
		return -1;
	if (b) {
		const char *second = end;

		*b = (int)strtol(second, &end, 10);
		if (end == second)
			return -1;
	}
	return 0;
}

static int set_new_argument(struct migration *m, const char *value)
{
	char name[128], def[128];

	if (sscanf(value, "%d %127s %127s", &m->new_arg, name, def) != 3 ||
	    m->new_arg < 1)
		return -1;
	m->new_arg_name = xstrdup(name);
	m->new_arg_default = xstrdup(def);
	return 0;
}

static void set_cocci(struct migration *m, const char *value)
{
	char *copy = xstrdup(value), *save = NULL, *tok;

	for (tok = strtok_r(copy, " \t\n", &save); tok;
	     tok = strtok_r(NULL, " \t\n", &save))
		strlist_pushf(&m->cocci, "%s/%s", m->dir, tok);
	free(copy);
}

static int set_prototype(struct migration *m, struct migration_prototype *p,
			 const char *value)
{
	char *function = NULL;
	int ret = prototype_parse(p, value, &function);

	if (!ret && m->function && strcmp(function, m->function))
		ret = -1;
	free(function);
	return ret;
}

/* store one field; -1 when the key is unknown or the value malformed */
static int set_field(struct migration *m, const char *key, const char *value)
{
	char **text = NULL;

	if (!strcmp(key, "name"))
		text = &m->name;
	else if (!strcmp(key, "function"))
		text = &m->function;
	else if (!strcmp(key, "header"))
		text = &m->header;
	else if (!strcmp(key, "subject"))
		text = &m->subject;
	else if (!strcmp(key, "description"))
		text = &m->description;
	else if (!strcmp(key, "model"))
		text = &m->model;
	else if (!strcmp(key, "null-argument"))
		text = &m->null_argument;
	else if (!strcmp(key, "demo-tree"))
		text = &m->demo_tree;
	else if (!strcmp(key, "demo-patch"))
		text = &m->demo_patch;
	if (text) {
		free(*text);
		*text = xstrdup(value);
		return 0;
	}
	if (!strcmp(key, "old-prototype"))
		return set_prototype(m, &m->old_proto, value);
	if (!strcmp(key, "new-prototype"))
		return set_prototype(m, &m->new_proto, value);
	if (!strcmp(key, "new-argument"))
		return set_new_argument(m, value);
	if (!strcmp(key, "format-argument"))
		return parse_int_pair(value, &m->format_arg_old,
				      &m->format_arg_new);
	if (!strcmp(key, "cocci")) {
		set_cocci(m, value);
		return 0;
	}
	return -1;
}

static const char *missing_field(const struct migration *m)
{
	if (!m->name)
		return "name";
	if (!m->function)
		return "function";
	if (!m->header)
		return "header";
	if (!m->old_proto.text)
		return "old-prototype";
	if (!m->new_proto.text)
		return "new-prototype";
	if (!m->new_arg)
		return "new-argument";
	if (!m->cocci.nr)
		return "cocci";
	if (!m->subject)
		return "subject";
	if (!m->description)
		return "description";
	return NULL;
}

int migration_parse(struct migration *m, const char *text, const char *path)
{
	struct strbuf key = STRBUF_INIT, value = STRBUF_INIT;
	const char *pos = text, *missing;
	int lineno = 0, ret = 0, got;

	while ((got = next_field(&pos, &key, &value, &lineno)) > 0) {
		if (set_field(m, key.buf, value.buf) < 0) {
			ret = error("%s:%d: bad field '%s'", path, lineno,
				    key.buf);
			goto out_release_bufs;
		}
	}
	if (got < 0) {
		ret = error("%s:%d: expected 'key: value'", path, lineno);
		goto out_release_bufs;
	}
	missing = missing_field(m);
	if (missing)
		ret = error("%s: no '%s' field", path, missing);
	else if (m->new_proto.nr_params != m->old_proto.nr_params + 1 ||
		 m->new_arg > (int)m->new_proto.nr_params)
		ret = error("%s: the new prototype must add one parameter at "
			    "position %d", path, m->new_arg);
out_release_bufs:
	strbuf_release(&key);
	strbuf_release(&value);
	return ret;
}

int migration_load(struct migration *m, const char *name)
{
	struct strbuf text = STRBUF_INIT;
	char *path;
	int ret;

	memset(m, 0, sizeof(*m));
	strlist_init(&m->cocci);
	if (!*name || strchr(name, '/') || name[0] == '.')
		return error("'%s' is not a migration name", name);
	m->dir = xstrfmt("%s/%s", km_semantic_patches_dir(), name);
	path = xstrfmt("%s/migration", m->dir);
	if (strbuf_read_file(&text, path) < 0) {
		ret = error("cannot read migration '%s': %s (looked in '%s')",
			    name, strerror(errno), path);
		goto out_free_path;
	}
	ret = migration_parse(m, text.buf, path);
out_free_path:
	free(path);
	strbuf_release(&text);
	if (ret)
		migration_release(m);
	return ret;
}

void migration_release(struct migration *m)
{
	free(m->name);
	free(m->dir);
	free(m->function);
	free(m->header);
	prototype_release(&m->old_proto);
	prototype_release(&m->new_proto);
	free(m->new_arg_name);
	free(m->new_arg_default);
	strlist_clear(&m->cocci, 0);
	free(m->subject);
	free(m->description);
	free(m->model);
	free(m->null_argument);
	free(m->demo_tree);
	free(m->demo_patch);
	memset(m, 0, sizeof(*m));
	strlist_init(&m->cocci);
}
