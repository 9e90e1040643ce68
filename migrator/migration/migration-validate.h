/*
 * migration-validate.h - what a value of a migration's data may be,
 * checked before it is used (migration.c, migration-map.c, the kinds'
 * files and kernel-data.c call these on every field they read).
 *
 * A migration's values end up inside a generated semantic patch, in
 * commit messages and mail headers, and in paths kmigrate reads and
 * writes.  Nothing a data file says may add a rule to the semantic
 * patch, a line to a message, or a file outside its folder: so every
 * value is one line unless it is prose, a name is a name, a C value is
 * one C expression (lexed by lexer.h: no comment, no '@', no directive,
 * brackets balanced), a type is words and '*', and a path is relative
 * and stays below its folder.
 *
 * Each function returns 0, or -1 with the reason appended to why (a
 * short lowercase phrase that never quotes a byte of the value that is
 * not printable, so the caller's error stays one line).
 */
#ifndef KM_MIGRATION_VALIDATE_H
#define KM_MIGRATION_VALIDATE_H

struct strbuf;

/* a migration's name, as its folder is named: [a-z0-9][a-z0-9-]* */
int validate_migration_name(const char *name, struct strbuf *why);
/* one line of printable text: no LF, CR, tab or other control byte */
int validate_one_line(const char *value, struct strbuf *why);
/* prose over several lines: LF and tab are all the control bytes */
int validate_prose(const char *value, struct strbuf *why);
/* a C identifier: [A-Za-z_][A-Za-z0-9_]* */
int validate_identifier(const char *value, struct strbuf *why);
/* a word of kmigrate's own tables ("class-device"): [A-Za-z0-9_-]+ */
int validate_word(const char *value, struct strbuf *why);
/* one C expression on one line (a comma list too: "0, 0") */
int validate_c_expression(const char *value, struct strbuf *why);
/* a C type as kmigrate's data spells it: words and '*' */
int validate_c_type(const char *value, struct strbuf *why);
/*
 * the tokens a prototype may hold, on one line (its grammar is
 * prototype_read()'s): words, numbers, "* ( ) , ... [ ] ;"
 */
int validate_prototype(const char *value, struct strbuf *why);
/* a relative path that does not climb: no leading '/', no ".." */
int validate_relative_path(const char *value, struct strbuf *why);
/*
 * base/path, with symbolic links resolved, is inside base (or does not
 * exist: reading it fails later, with its own error)
 */
int validate_path_inside(const char *base, const char *path,
			 struct strbuf *why);

#endif
