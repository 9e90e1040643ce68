/*
 * Hard case: a file-local function with the creation function's name.
 *
 * This file does not include linux/device.h.  Its static function of
 * that name hands out slots of a small pool, and takes four arguments
 * that look just like the old form of the driver-core call.  Its
 * definition and the calls to it are not calls of the driver-core
 * function: scan reports them as shadowed, apply leaves them alone and
 * reports the calls as shadowed, check finds nothing.
 */
#include <linux/stddef.h>

#define HARD_POOL_SLOTS	8

struct hard_pool {
	int used[HARD_POOL_SLOTS];
	void *owner[HARD_POOL_SLOTS];
	const char *tag[HARD_POOL_SLOTS];
};

static struct hard_pool hard_pool;

static int class_device_create(struct hard_pool *pool, int slot, void *owner,
			       const char *tag)
{
	if (slot < 0 || slot >= HARD_POOL_SLOTS || pool->used[slot])
		return -1;
	pool->used[slot] = 1;
	pool->owner[slot] = owner;
	pool->tag[slot] = tag;
	return slot;
}

int hard_pool_fill(void *owner);

int hard_pool_fill(void *owner)
{
	int err;

	err = class_device_create(&hard_pool, 0, owner, "main");
	if (err < 0)
		return err;
	return class_device_create(&hard_pool, 1, NULL, "spare");
}
