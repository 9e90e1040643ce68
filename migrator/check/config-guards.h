/*
 * config-guards.h - the Kconfig symbols a piece of a file is compiled
 * under, read from its conditionals.  clang-analysis.c uses it, it
 * only: a tree never configured defines no CONFIG_ symbol, so a call
 * inside "#ifdef CONFIG_HIGH_RES_TIMERS" is not in libclang's parse
 * until the file is parsed again with that symbol defined.
 */
#ifndef KM_CONFIG_GUARDS_H
#define KM_CONFIG_GUARDS_H

#include <stddef.h>

struct strlist;
struct token_list;

/*
 * Add to names (up to max in all, each once) the CONFIG_ symbols that
 * must be defined for the code at each of the nr offsets of text
 * (ascending; text lexed as tokens) to be compiled: those of each
 * enclosing "#if", "#ifdef" or "#elif" whose own branch holds the
 * offset, where they stand for "defined", not "not defined" ("#ifdef
 * CONFIG_X", "#if IS_ENABLED(CONFIG_X) && defined(CONFIG_Y)"; never
 * "#ifndef CONFIG_X" or "!defined(CONFIG_X)"), nor one the file uses as
 * a value outside its conditionals and IS_ENABLED() ("strscpy(buf,
 * CONFIG_CMDLINE, n)" under "#ifdef CONFIG_CMDLINE" is a string, not
 * the 1 a retry would define).  An "#else" branch, or an "#elif" one,
 * whose earlier conditions must be false, adds nothing for them.  One
 * pass over the file's tokens and directives, whatever nr is.
 */
void config_guards(const char *text, const struct token_list *tokens,
		   const size_t *offsets, size_t nr, struct strlist *names,
		   size_t max);

#endif
