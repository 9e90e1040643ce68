/*
 * A file with its own function named class_device_create(): a ring of
 * name tags, taking four arguments that look like the old form.  Its
 * calls are not the driver core's and must not change; the report mode
 * lists them as shadowed.
 */
#define TAG_RING_SIZE	4

struct tag_ring {
	const char *tag[TAG_RING_SIZE];
	unsigned int next;
};

static struct tag_ring tags;

static int class_device_create(struct tag_ring *ring, unsigned int nr,
			       void *unused, const char *tag)
{
	if (nr >= TAG_RING_SIZE)
		return -1;
	ring->tag[nr] = tag;
	ring->next = nr + 1;
	return 0;
}

int tag_ring_setup(void)
{
	if (class_device_create(&tags, 0, NULL, "first"))
		return -1;
	return class_device_create(&tags, MKDEV(1, 2), NULL, "second");
}
