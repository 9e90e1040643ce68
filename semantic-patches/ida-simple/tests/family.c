/* The allocator and its release, converted together. */
#include <linux/idr.h>

static DEFINE_IDA(inst_ida);

struct inst {
	int id;
};

static int inst_init(struct inst *inst)
{
	inst->id = ida_simple_get(&inst_ida, 0, 0, GFP_KERNEL);
	if (inst->id < 0)
		return inst->id;
	return 0;
}

static void inst_exit(struct inst *inst)
{
	ida_simple_remove(&inst_ida, inst->id);
}
