/*
 * apply-whole.c - a callback's function that is not static, which the
 * tree may give in one file and define in another, is converted in
 * every file or in none (see apply-work.h).
 *
 * Each file is converted on its own (apply.c), so spatch failing on the
 * file that defines such a function, or leaving its definition, would
 * still see the member of another file renamed and the declaration of
 * a header made void: a tree that no longer builds.  So would a
 * function that one file leaves by scan's verdict (given there in a
 * positional initializer, say) and another file converts.  Once every
 * file has its changes[], apply_whole_leave() finds the functions whose
 * occurrences marked across_files (call-site.h) some file leaves, and
 * takes the conversion back from every other file's occurrences of
 * them, naming the file that left one.  Functions are told apart by
 * name alone: two drivers' non-static functions of one name are left
 * together.  A file whose rewrite fails after that leaves more, so
 * apply.c calls it until it takes nothing.
 */
#include <stdlib.h>
#include <string.h>

#include "apply-work.h"
#include "call-site.h"
#include "scan.h"
#include "util.h"

/* the occurrences of file i, as apply has them */
static const struct scan_file *sites_of(const struct apply_work *w,
					const struct scan_file *scanned)
{
	return w->file ? &w->orig.scan : scanned;
}

/* occurrence k of w is converted */
static int converted(const struct apply_work *w, size_t k)
{
	return w->file && !w->failure && w->changes &&
	       w->changes[k] == CALL_CONVERTED &&
	       apply_is_convertible(&w->orig.scan.sites[k]);
}

/* occurrence k of w (or of scanned, not converted) leaves its function */
static int leaves(const struct apply_work *w, const struct call_site *cs,
		  size_t k)
{
	if (!cs->across_files || cs->reason == CALL_REASON_CALLBACK_PLACE)
		return 0;
	if (cs->kind == CALL_SITE_AMBIGUOUS)
		return 1;
	return cs->kind == CALL_SITE_OLD && !converted(w, k);
}

/* the functions given across files some file leaves, with its path */
static void find_left(const struct apply_work *works,
		      const struct scan_result *scan, struct strlist *left)
{
	size_t i, k;

	for (i = 0; i < scan->nr_files; i++) {
		const struct scan_file *sf =
			sites_of(&works[i], &scan->files[i]);

		for (k = 0; k < sf->nr_sites; k++) {
			const struct call_site *cs = &sf->sites[k];

			if (!leaves(&works[i], cs, k) ||
			    strlist_find(left, cs->local_name) >= 0)
				continue;
			strlist_push(left, cs->local_name)->util =
				scan->files[i].path;
		}
	}
}

/* take back w's conversions of the functions left; 1 if it took one */
static int take_back(struct apply_work *w, const struct strlist *left)
{
	const struct scan_file *sf = &w->orig.scan;
	size_t k;
	long at;
	int taken = 0;

	for (k = 0; k < sf->nr_sites; k++) {
		const struct call_site *cs = &sf->sites[k];

		if (!cs->across_files || !converted(w, k) ||
		    (at = strlist_find(left, cs->local_name)) < 0)
			continue;
		if (!w->whole_left)
			w->whole_left = xcalloc(sf->nr_sites + 1,
						sizeof(*w->whole_left));
		w->whole_left[k] = left->items[at].util;
		w->changes[k] = CALL_SAME;
		taken = 1;
	}
	return taken;
}

size_t apply_whole_leave(struct apply_work *works,
			 const struct scan_result *scan, struct strlist *left)
{
	size_t i, taken = 0;

	find_left(works, scan, left);
	if (!left->nr)
		return 0;
	for (i = 0; i < scan->nr_files; i++) {
		works[i].rewrite_again = 0;
		if (works[i].file && !works[i].failure && works[i].changes &&
		    take_back(&works[i], left)) {
			works[i].rewrite_again = 1;
			taken++;
		}
	}
	return taken;
}
