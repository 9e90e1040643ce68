/*
 * spatch-allow.h - the spatch options a migration's data may ask for,
 * one allow-list for both ways it asks: its "spatch-options:" key
 * (migration.c) and the "// Options:" line of its own semantic patch
 * (apply's spatch.c).  The data and the tree are untrusted
 * (Documentation/security.md): an option that names a file (a macro
 * file, an isomorphism file, an include path, an output, a cache) would
 * have spatch read or write outside them, and --python, a hook, would
 * run code; none of those is on the list.
 *
 * Caller's steps: spatch_options_allow(text, &options, &why) on the
 * options' text (blank-separated); on -1, why says which option and why.
 */
#ifndef KM_SPATCH_ALLOW_H
#define KM_SPATCH_ALLOW_H

struct strbuf;
struct strlist;

/*
 * Each option of text (and its number, for one that takes a count)
 * pushed to options: 0; or -1 at the first one not on the list, or
 * without its number, with the reason in why ("'--python' is not an
 * allowed spatch option")
 */
int spatch_options_allow(const char *text, struct strlist *options,
			 struct strbuf *why);

#endif
