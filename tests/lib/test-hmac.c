/*
 * test-hmac.c - HMAC-SHA-256 against the seven test cases of RFC 4231
 * (the fifth truncated to 128 bits, as the RFC gives it), the message
 * fed whole and byte by byte, and a copied initialised context tagging
 * as a fresh one does (SHA-256 itself: test-sha256.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sha256.h"
#include "unit.h"

struct vector {
	unsigned char key_byte; /* the key: key_len times this byte... */
	size_t key_len;
	const char *key; /* ...unless this is set */
	const char *data;
	unsigned char data_byte; /* data NULL: 50 times this byte */
	const char *want;	 /* hex; may be a prefix (case 5) */
};

static const char large_data[] =
	"This is a test using a larger than block-size key and a larger than "
	"block-size data. The key needs to be hashed before being used by the "
	"HMAC algorithm.";

static const struct vector vectors[] = {
	{ 0x0b, 20, NULL, "Hi There", 0,
	  "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7" },
	{ 0, 4, "Jefe", "what do ya want for nothing?", 0,
	  "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843" },
	{ 0xaa, 20, NULL, NULL, 0xdd,
	  "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe" },
	{ 0, 25,
	  "\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f\x10"
	  "\x11\x12\x13\x14\x15\x16\x17\x18\x19",
	  NULL, 0xcd,
	  "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b" },
	{ 0x0c, 20, NULL, "Test With Truncation", 0,
	  "a3b6167473100ee06e0c796c2955552b" },
	{ 0xaa, 131, NULL,
	  "Test Using Larger Than Block-Size Key - Hash Key First", 0,
	  "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54" },
	{ 0xaa, 131, NULL, large_data, 0,
	  "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2" },
};

/* the tag of v's data under v's key, fed in pieces of piece bytes */
static void tag_of(const struct vector *v, size_t piece,
		   char hex[SHA256_HEX_LEN + 1])
{
	unsigned char key[131], data[50], digest[SHA256_LEN];
	const unsigned char *msg = data;
	struct hmac_sha256 ctx, copy;
	size_t len = sizeof(data), off, n;

	if (v->key)
		memcpy(key, v->key, v->key_len);
	else
		memset(key, v->key_byte, v->key_len);
	if (v->data) {
		msg = (const unsigned char *)v->data;
		len = strlen(v->data);
	} else {
		memset(data, v->data_byte, sizeof(data));
	}
	hmac_sha256_init(&ctx, key, v->key_len);
	copy = ctx; /* what an initialised context is worth: a copy tags too */
	for (off = 0; off < len; off += n) {
		n = len - off < piece ? len - off : piece;
		hmac_sha256_update(&copy, msg + off, n);
	}
	hmac_sha256_final(&copy, digest);
	sha256_hex(digest, hex);
}

static void test_rfc4231(void)
{
	char hex[SHA256_HEX_LEN + 1];
	size_t i, bad = 0;

	for (i = 0; i < ARRAY_SIZE(vectors); i++) {
		const char *want = vectors[i].want;

		tag_of(&vectors[i], (size_t)-1, hex);
		if (strncmp(hex, want, strlen(want)) && !bad++)
			fprintf(stderr, "test case %zu: %s, expected %s\n",
				i + 1, hex, want);
		tag_of(&vectors[i], 1, hex);
		if (strncmp(hex, want, strlen(want)) && !bad++)
			fprintf(stderr,
				"test case %zu byte by byte: %s, "
				"expected %s\n",
				i + 1, hex, want);
	}
	check_int(bad, 0);
}

static const struct unit_test tests[] = {
	{ "HMAC-SHA-256 matches RFC 4231's test cases", test_rfc4231 },
	{ NULL, NULL }
};

int main(void)
{
	return unit_run("hmac", tests);
}
