/*
 * model-unbind.h - what a remove callback's error return does, told by
 * the reference driver-core model's unbind path (model-unbind.c).
 *
 * A callback migration whose data names the bus whose unbind path calls
 * the member ("unbind: platform") lets check say what a function's
 * error return did before the conversion: the model binds a device to a
 * driver whose remove returns an error, removes the driver, and reads
 * what is left: the device bound or not, its devres and drvdata, and
 * what the core printed.
 *
 * Caller's steps: model_unbind_explain() on a function the scan found
 * returning an error; it appends nothing when the migration names no
 * bus.
 */
#ifndef KM_MODEL_UNBIND_H
#define KM_MODEL_UNBIND_H

#include "migration.h"
#include "strbuf.h"

/*
 * Appends to out, in sentences, what the error return of function (at
 * line, 0 when unknown) did on the migration's bus's unbind path, and
 * what then matters; nothing without "unbind:", the model's failure
 * to bind said in one sentence.
 */
void model_unbind_explain(const struct migration *m, const char *function,
			  size_t line, struct strbuf *out);

#endif
