/*
 * A file that declares a static function named class_device_create()
 * (defined further on, in a part this test leaves out).  Its calls are
 * not the driver core's and must not change.
 */
struct tally;

static int class_device_create(struct tally *t, int devt, void *owner,
			       const char *fmt, ...);

int tally_start(struct tally *t)
{
	return class_device_create(t, MKDEV(3, 0), NULL, "tally%d", 0);
}
