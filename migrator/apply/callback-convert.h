/*
 * callback-convert.h - the "callback" kind's parts of apply: its
 * generated semantic patch (cocci-gen-callback.c), its cross-check and
 * its rewrite (callback-convert.c), the ops of kind.h.
 *
 * The cross-check maps the occurrences of two texts in order (the same
 * number, each member's name onto its own or the new one, each
 * function's onto its own): the tokens between them must be equal, and
 * each occurrence's span (callback_span()) equal, or converted as
 * callback_site_edits() converts it.  A function and the members it is
 * given are converted together or not at all.
 */
#ifndef KM_CALLBACK_CONVERT_H
#define KM_CALLBACK_CONVERT_H

#include <stddef.h>

struct apply_rewrite;
struct cross_check;
struct migration;
struct scan_file;
struct strbuf;

void cocci_generate_callback(const struct migration *m, struct strbuf *out);
/*
 * What spatch needs of other files to convert a function defined in
 * one file and given in another (kind.h's spatch_context): for each
 * function of the file to convert, a member given it when the file
 * gives it none, and a definition of the old prototype that returns
 * success when the file defines it not
 */
void cocci_callback_context(const struct migration *m,
			    const struct scan_file *file, const char *buf,
			    size_t len, struct strbuf *out);
int cross_check_callbacks(struct cross_check *cc);
void rewrite_callbacks(struct apply_rewrite *rw);

#endif
