/*
 * fuzz-scenario.c - a libFuzzer target for the scenario parser and the
 * model behind it (bench/fuzz-scenario.sh builds and runs it): any input
 * is replayed on a fresh model, every listing is printed to /dev/null,
 * and the model is freed.  A crash, a sanitizer report, a leak or a run
 * past libFuzzer's -timeout is a finding.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "model.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *null;
	struct kmodel *model;

	if (!null)
		null = fopen("/dev/null", "w");
	model = km_model_new();
	if (!model || !null)
		return 0;
	km_scenario_run(model, "fuzz.scn", (const char *)data, size, null);
	km_sysfs_print_tree(null, model, "c");
	km_sysfs_print_tree(null, model, "tty");
	km_model_dump(null, model);
	km_model_free(model);
	return 0;
}
