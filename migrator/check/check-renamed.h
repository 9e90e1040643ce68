/*
 * check-renamed.h - check --base's judgement of a changed file by its
 * base, when its only change is calls renamed by a migration that only
 * renames (check-renamed.c says what must hold, and why it suffices);
 * the call kind's judged_by_base (kind.h).
 */
#ifndef KM_CHECK_RENAMED_H
#define KM_CHECK_RENAMED_H

#include "check.h"

/*
 * 1 when after (of r, the result judged) is before (the base's version
 * of the same file) with old calls renamed and nothing else, so that
 * after can be described from its text as an unchanged file; else 0
 */
int check_renamed_only(const struct check_result *r,
		       const struct check_file *before,
		       const struct check_file *after);

#endif
