/*
 * check-name: a macro's call whose form nothing tells is never guessed
 *
 * check-output-start
 * ambiguous-call.c:18:36: warning: cannot tell the call's form, old or new [ambiguous-call]
 *         no evidence for either form: argument 2 'a' is a macro parameter (no type); argument 3 'b'
 *         is a macro parameter (no type); argument 4 'c' is a macro parameter (no type); it is neither
 *         converted nor checked: write it so that the form shows, e.g. 'NULL' as argument 2 in the new
 *         form
 * check-output-end
 *
 * check-error-start
 * check: 1 call site in 1 file: 0 errors, 1 warning, 0 notes
 * check-error-end
 */
#include <linux/device.h>

#define AC_CREATE(cls, a, b, c, d) class_device_create(cls, a, b, c, d)
