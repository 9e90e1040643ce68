/*
 * clang-callback.h - libclang's view of each member a callback
 * migration's scan found (callback-site.h): the function given to it,
 * and the member as the tree's own header declares it, read from the
 * translation unit and not from the migration's data.
 *
 * A member's record is a struct call_analysis (clang-analysis.h) whose
 * site is the scan's occurrence of the member (".remove = fn",
 * "pdrv->remove = fn") and whose arguments are, at CALLBACK_ARG_*:
 *  - FUNCTION: the function given: literal its name as libclang
 *    resolves the value (a wrapper macro is seen expanded; one that
 *    expands to no function, __exit_p() built into the kernel, gives
 *    the scan's function, looked up by name in the unit), type its
 *    type ("int (struct platform_device *)") and canonical what it
 *    stands for, line and column those of its declaration;
 *  - MEMBER: the member: literal its name as the initializer or the
 *    assignment names it, created_as the name of the struct that
 *    declares it, type its declared type ("void (*)(struct
 *    platform_device *)"), canonical the function type it points to,
 *    line and column those of its declaration, and the call's
 *    declared_in the file that declares it;
 *  - RETURN: when that function type returns void, the first return
 *    statement of the function's definition with a value that is not
 *    void: its line and column, type the value's type, literal the
 *    statement as written (when it is in the file).
 * seen_by_libclang is set when libclang saw the member; what it could
 * not resolve stays NULL and is not judged.  The records are cached as
 * a call's (check-records.c, check-cache.h).
 *
 * Caller's steps: callback_record_init() for each member occurrence,
 * then check_analyse_records() with clang_analyse_callbacks() (check.h),
 * then callback_type_mismatch() and callback_value_return() read them.
 */
#ifndef KM_CLANG_CALLBACK_H
#define KM_CLANG_CALLBACK_H

#include <stddef.h>

#include "clang-analysis.h"

enum callback_arg {
	CALLBACK_ARG_FUNCTION,
	CALLBACK_ARG_MEMBER,
	CALLBACK_ARG_RETURN,
	CALLBACK_ARG_NR
};

/* a standalone occurrence at a member (callback-site.h), as check records it */
int callback_site_is_member(const struct call_site *cs);

/* call is a member's record, not a call's (a rule may get either) */
int callback_is_record(const struct call_analysis *call);

void callback_record_init(struct call_analysis *call,
			  const struct call_site *site,
			  const struct migration *m,
			  const struct analysed_file *file, size_t index);

/* describe the members of each version of one file (check.h) */
void clang_analyse_callbacks(const struct clang_env *env,
			     struct clang_variant *variants, size_t nr,
			     int reuse);

/*
 * libclang saw the member of the migration's struct and the function
 * given to it, and the function's type is not the one the member
 * points to; not for a function the scan leaves (callback-left's
 * warning names it: with the member's type changed in place, such a
 * function does not build until converted by hand)
 */
int callback_type_mismatch(const struct call_analysis *call);
/*
 * the value-returning statement of a void member's function, or NULL
 * (and NULL for a function the scan leaves, as above)
 */
const struct call_argument *
callback_value_return(const struct call_analysis *call);

#endif
