/*
 * migration-validate.c - the checks on a migration's values (see
 * migration-validate.h).
 *
 * Contract: the values are only read; a reason is appended to why on
 * -1, and names no byte of the value unless the value is known to be
 * printable.  C text is cut into tokens by lexer.h, the lexer every
 * other reader of C in kmigrate uses, so what passes here is what those
 * readers see: a comment, a byte that starts no C token ('@', '`', a
 * stray '\', a control byte) or a '#' is refused wherever it is, and
 * '@' inside a literal too (SmPL splits rules at it).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "lexer.h"
#include "migration-validate.h"
#include "strbuf.h"
#include "util.h"

/* brackets open at once in one value; real data nests two or three */
#define MAX_NESTING 32

int validate_migration_name(const char *name, struct strbuf *why)
{
	const char *p;

	if (validate_one_line(name, why) < 0)
		return -1;
	for (p = name; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') ||
		      (*p == '-' && p != name)))
			break;
	if (!*name || *p) {
		strbuf_addf(why,
			    "'%s' is not a migration name ([a-z0-9][a-z0-9-]*)",
			    name);
		return -1;
	}
	return 0;
}

static int control_byte(const char *value, int lf_and_tab)
{
	const unsigned char *p;

	for (p = (const unsigned char *)value; *p; p++)
		if ((*p < 0x20 || *p == 0x7f) &&
		    !(lf_and_tab && (*p == '\n' || *p == '\t')))
			return *p;
	return -1;
}

static int refuse_control(const char *value, int lf_and_tab, struct strbuf *why)
{
	int c = control_byte(value, lf_and_tab);

	if (c < 0)
		return 0;
	if (c == '\n')
		strbuf_addstr(why, "more than one line");
	else
		strbuf_addf(why, "a control character (0x%02x)", c);
	return -1;
}

int validate_one_line(const char *value, struct strbuf *why)
{
	return refuse_control(value, 0, why);
}

int validate_prose(const char *value, struct strbuf *why)
{
	return refuse_control(value, 1, why);
}

int validate_identifier(const char *value, struct strbuf *why)
{
	const char *p;

	if (validate_one_line(value, why) < 0)
		return -1;
	for (p = value; *p && is_c_ident_char((unsigned char)*p); p++)
		;
	if (!*value || *p || (*value >= '0' && *value <= '9')) {
		strbuf_addf(why, "'%s' is not a C identifier", value);
		return -1;
	}
	return 0;
}

int validate_word(const char *value, struct strbuf *why)
{
	const char *p;

	if (validate_one_line(value, why) < 0)
		return -1;
	for (p = value; *p && (is_c_ident_char((unsigned char)*p) || *p == '-');
	     p++)
		;
	if (!*value || *p) {
		strbuf_addf(why, "'%s' is not a word ([A-Za-z0-9_-]+)", value);
		return -1;
	}
	return 0;
}

/* the literal at text[start, end) ends in its own, unescaped, quote */
static int literal_closed(const char *text, size_t start, size_t end)
{
	size_t i = start;
	char quote;

	while (i < end && text[i] != '"' && text[i] != '\'')
		i++; /* an encoding prefix: L, u, U, u8 */
	if (i >= end)
		return 0;
	quote = text[i];
	for (i++; i < end; i++) {
		if (text[i] == '\\')
			i++;
		else if (text[i] == quote)
			return i + 1 == end;
	}
	return 0;
}

enum c_text {
	C_EXPRESSION,
	C_TYPE,
	C_PROTOTYPE
};

/* a punctuator kind may hold; brackets are checked by the caller */
static int punct_allowed(const char *s, size_t n, enum c_text kind)
{
	static const char *const prototype[] = { "*",	"(", ")", ",",
						 "...", "[", "]", ";" };
	size_t i;

	switch (kind) {
	case C_TYPE:
		return n == 1 && *s == '*';
	case C_PROTOTYPE:
		for (i = 0; i < ARRAY_SIZE(prototype); i++)
			if (strlen(prototype[i]) == n &&
			    !memcmp(s, prototype[i], n))
				return 1;
		return 0;
	case C_EXPRESSION:
		break;
	}
	/* a directive, a statement's end, SmPL's "anything" */
	return !(*s == '#' || *s == ';' || (n == 3 && !memcmp(s, "...", 3)));
}

/* the brackets of one token: pushed, or popped against what closes */
static int bracket(char *open, size_t *depth, char c, struct strbuf *why)
{
	static const char pairs[] = "()[]{}";
	const char *at = strchr(pairs, c);

	if (!c || !at)
		return 0;
	if ((at - pairs) % 2 == 0) {
		if (*depth == MAX_NESTING) {
			strbuf_addstr(why, "brackets nested too deep");
			return -1;
		}
		open[(*depth)++] = c;
		return 0;
	}
	if (!*depth || open[*depth - 1] != at[-1]) {
		strbuf_addf(why, "unbalanced '%c'", c);
		return -1;
	}
	(*depth)--;
	return 0;
}

/* a token C text of that kind may not hold: -1 with the reason */
static int refuse_token(const char *value, const struct token *t,
			enum c_text kind, struct strbuf *why)
{
	const char *s = value + t->start;
	size_t n = t->end - t->start;
	unsigned char c = (unsigned char)*s;

	switch (t->type) {
	case TOKEN_COMMENT:
		strbuf_addstr(why, "a comment");
		return -1;
	case TOKEN_OTHER:
		if (c >= 0x80)
			strbuf_addstr(why, "a byte that is not ASCII");
		else
			strbuf_addf(why, "a '%c', which starts no C token", c);
		return -1;
	case TOKEN_IDENT:
	case TOKEN_NUMBER:
		/* GCC's '$' in names, which the lexer takes, and SmPL's */
		if (memchr(s, '$', n)) {
			strbuf_addstr(why, "a '$'");
			return -1;
		}
		if (t->type == TOKEN_IDENT)
			return 0;
		/* fallthrough */
	case TOKEN_STRING:
	case TOKEN_CHAR:
		/* __printf(2, 3), int v[16] */
		if (kind == C_PROTOTYPE && t->type == TOKEN_NUMBER)
			return 0;
		if (kind != C_EXPRESSION) {
			strbuf_addstr(why, t->type == TOKEN_NUMBER ?
						   "a number" :
						   "a literal");
			return -1;
		}
		if (t->type != TOKEN_NUMBER &&
		    !literal_closed(value, t->start, t->end)) {
			strbuf_addstr(why, "an unterminated literal");
			return -1;
		}
		return 0;
	case TOKEN_PUNCT:
		if (!punct_allowed(s, n, kind)) {
			strbuf_addf(why, "'%.*s' in %s", (int)n, s,
				    kind == C_TYPE	? "a type" :
				    kind == C_PROTOTYPE ? "a prototype" :
							  "a value");
			return -1;
		}
		return 0;
	}
	return 0;
}

/*
 * value is one line of C of that kind: 0, or -1 with the reason.  tl
 * gets the tokens when it is not NULL (the caller releases it).
 */
static int check_c_text(const char *value, enum c_text kind,
			struct token_list *tl, struct strbuf *why)
{
	struct token_list own = TOKEN_LIST_INIT;
	char open[MAX_NESTING];
	size_t i, depth = 0;
	int ret = -1;

	if (!tl)
		tl = &own;
	if (validate_one_line(value, why) < 0)
		return -1;
	if (strchr(value, '@')) {
		strbuf_addstr(why, "an '@' (it starts a rule of a semantic "
				   "patch)");
		return -1;
	}
	lex_buffer(value, strlen(value), tl);
	if (!tl->nr) {
		strbuf_addstr(why, "nothing there");
		goto out_release;
	}
	for (i = 0; i < tl->nr; i++) {
		const struct token *t = &tl->tokens[i];

		if (refuse_token(value, t, kind, why) < 0)
			goto out_release;
		if (t->type == TOKEN_PUNCT && t->end - t->start == 1 &&
		    bracket(open, &depth, value[t->start], why) < 0)
			goto out_release;
	}
	if (depth) {
		strbuf_addf(why, "unbalanced '%c'", open[depth - 1]);
		goto out_release;
	}
	ret = 0;
out_release:
	token_list_release(&own);
	return ret;
}

int validate_c_expression(const char *value, struct strbuf *why)
{
	return check_c_text(value, C_EXPRESSION, NULL, why);
}

int validate_c_type(const char *value, struct strbuf *why)
{
	struct token_list tl = TOKEN_LIST_INIT;
	int ret = check_c_text(value, C_TYPE, &tl, why);

	if (!ret && tl.tokens[0].type != TOKEN_IDENT) {
		strbuf_addstr(why, "a type starts with a word");
		ret = -1;
	}
	token_list_release(&tl);
	return ret;
}

int validate_prototype(const char *value, struct strbuf *why)
{
	struct token_list tl = TOKEN_LIST_INIT;
	int ret = check_c_text(value, C_PROTOTYPE, &tl, why);

	token_list_release(&tl);
	return ret;
}

int validate_relative_path(const char *value, struct strbuf *why)
{
	const char *p = value;

	if (validate_one_line(value, why) < 0)
		return -1;
	if (!*value) {
		strbuf_addstr(why, "an empty path");
		return -1;
	}
	if (*value == '/') {
		strbuf_addf(why, "'%s' is an absolute path", value);
		return -1;
	}
	while (*p) {
		size_t n = strcspn(p, "/");

		if (n == 2 && !strncmp(p, "..", 2)) {
			strbuf_addf(why, "'%s' climbs out with '..'", value);
			return -1;
		}
		p += n;
		p += *p == '/';
	}
	return 0;
}

int validate_path_inside(const char *base, const char *path, struct strbuf *why)
{
	char *full = xstrfmt("%s/%s", base, path);
	char *real_base = realpath(base, NULL), *real = NULL;
	size_t n;
	int ret = 0;

	if (!real_base) {
		strbuf_addf(why, "cannot resolve '%s': %s", base,
			    strerror(errno));
		ret = -1;
		goto out_free;
	}
	real = realpath(full, NULL);
	if (!real) {
		/* nothing there: its reader reports that */
		if (errno != ENOENT && errno != ENOTDIR) {
			strbuf_addf(why, "cannot resolve '%s': %s", path,
				    strerror(errno));
			ret = -1;
		}
		goto out_free;
	}
	n = strlen(real_base);
	while (n && real_base[n - 1] == '/')
		n--;
	if (strncmp(real, real_base, n) || (real[n] && real[n] != '/')) {
		strbuf_addf(why, "'%s' leads out of '%s' (a symbolic link)",
			    path, base);
		ret = -1;
	}
out_free:
	free(real);
	free(real_base);
	free(full);
	return ret;
}
