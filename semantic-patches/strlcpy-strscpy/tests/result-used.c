/* Calls whose result is used: left as they are, named by report. */
#include <linux/string.h>

static size_t copy_len(char *dst, const char *src, size_t size)
{
	return strlcpy(dst, src, size);
}

static int copy_checked(char *dst, const char *src, size_t size)
{
	size_t len;

	if (strlcpy(dst, src, size) >= size)
		return -1;
	len = strlcpy(dst, src, size);
	return len > 4 ? 0 : strlcpy(dst, "x", size);
}
