/* A file with its own strlcpy(): none of its calls is the kernel's. */
#include <stddef.h>

static size_t strlcpy(char *dst, const char *src, size_t size)
{
	size_t len = 0;

	while (src[len])
		len++;
	return len;
}

static void fill(char *buf, size_t size)
{
	strlcpy(buf, "tool", size);
}
