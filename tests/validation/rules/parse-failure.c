/*
 * check-name: a file libclang cannot use is still checked from its text
 *
 * The class is not declared: libclang drops the call, so the warning
 * says so, and the call, in the new form, has no error.
 *
 * check-output-start
 * parse-failure.c:21:2: warning: libclang could not analyse this file [parse-failure]
 *         none of its calls survived the parse (first error: 21:22: use of undeclared identifier
 *         'pf_klass'); its 1 call was checked from the text only
 * check-output-end
 *
 * check-error-start
 * check: 1 call site in 1 file: 0 errors, 1 warning, 0 notes
 * check-error-end
 */
#include <linux/device.h>

void pf_add(dev_t devt, struct device *dev, int i)
{
	class_device_create(pf_klass, NULL, devt, dev, "pf%d", i);
}
