/* One file, both contexts: only the statement is converted. */
#include <linux/string.h>

static int set_label(char *label, const char *text, size_t size)
{
	size_t len;

	strlcpy(label, text, size);
	len = strlcpy(label, text, size);
	return len >= size ? -1 : 0;
}
