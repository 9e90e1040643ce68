/*
 * test-sha1.c - SHA-1 against the FIPS 180-4 vectors on both of its code
 * paths; the SHA-NI path and the portable one agree on every length and
 * every way of feeding the data, across block boundaries.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sha1.h"
#include "unit.h"

#define BIG (1 << 20)

static void digest_of(const unsigned char *data, size_t len, size_t piece,
		      char hex[SHA1_HEX_LEN + 1])
{
	unsigned char digest[SHA1_LEN];
	struct sha1 ctx;
	size_t off, n;

	sha1_init(&ctx);
	for (off = 0; off < len; off += n) {
		n = len - off < piece ? len - off : piece;
		sha1_update(&ctx, data + off, n);
	}
	sha1_final(&ctx, digest);
	sha1_hex(digest, hex);
}

static void check_sha(const char *msg, size_t repeat, const char *want)
{
	unsigned char digest[SHA1_LEN];
	char hex[SHA1_HEX_LEN + 1];
	struct sha1 ctx;
	size_t i;

	sha1_init(&ctx);
	for (i = 0; i < repeat; i++)
		sha1_update(&ctx, msg, strlen(msg));
	sha1_final(&ctx, digest);
	sha1_hex(digest, hex);
	check_str(hex, want);
	if (repeat == 1) { /* and in one call */
		sha1_buffer(msg, strlen(msg), digest);
		sha1_hex(digest, hex);
		check_str(hex, want);
	}
}

static void check_vectors(void)
{
	char *million = malloc(1000000 + 1);

	CU_ASSERT_PTR_NOT_NULL_FATAL(million);
	memset(million, 'a', 1000000);
	million[1000000] = '\0';
	check_sha("", 1, "da39a3ee5e6b4b0d3255bfef95601890afd80709");
	check_sha("abc", 1, "a9993e364706816aba3e25717850c26c9cd0d89d");
	/* 448 bits: the padding takes a block of its own */
	check_sha("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", 1,
		  "84983e441c3bd26ebaae4aa1f95129e5e54670f1");
	check_sha("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmn"
		  "hijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
		  1, "a49b2446a02c645bf419f995b67091253a04a259");
	/* one million 'a' byte by byte, then whole */
	check_sha("a", 1000000, "34aa973cd4c4daa4f61eeb2bdbad27316534016f");
	check_sha(million, 1, "34aa973cd4c4daa4f61eeb2bdbad27316534016f");
	free(million);
}

static void test_vectors_portable(void)
{
	sha1_force_portable(1);
	check_vectors();
	sha1_force_portable(0);
}

static void test_vectors_default(void)
{
	sha1_force_portable(0);
	check_vectors();
}

/* the SHA extensions as Linux names them in /proc/cpuinfo */
static int cpu_has_sha(void)
{
#if defined(__x86_64__) && defined(__linux__)
	return !system("grep -qw sha_ni /proc/cpuinfo 2>/dev/null");
#else
	return 0;
#endif
}

/*
 * Each length, whole and in pieces of each size, hashed by the default
 * code against the portable code hashing it whole; then from an odd
 * address, in pieces of 65 against whole.
 */
static void test_paths_agree(void)
{
	static const size_t pieces[] = {
		(size_t)-1, 1, 3, 55, 63, 64, 65, 1000
	};
	static const size_t big[] = { BIG - 1, BIG, BIG + 37 };
	unsigned char *data = malloc(BIG + 64);
	char want[SHA1_HEX_LEN + 1], got[SHA1_HEX_LEN + 1];
	uint32_t x = 2463534242u;
	size_t lens[301 + ARRAY_SIZE(big)], i, j, bad = 0;

	CU_ASSERT_PTR_NOT_NULL_FATAL(data);
	for (i = 0; i < BIG + 64; i++) {
		x ^= x << 13;
		x ^= x >> 17;
		x ^= x << 5;
		data[i] = x >> 24;
	}
	for (i = 0; i <= 300; i++)
		lens[i] = i;
	for (i = 0; i < ARRAY_SIZE(big); i++)
		lens[301 + i] = big[i];
	/* this machine's accelerated code runs, when it has one */
	check_int(sha1_force_portable(0), cpu_has_sha());
	for (i = 0; i < ARRAY_SIZE(lens); i++) {
		sha1_force_portable(1);
		digest_of(data, lens[i], (size_t)-1, want);
		sha1_force_portable(0);
		for (j = 0; j < ARRAY_SIZE(pieces); j++) {
			digest_of(data, lens[i], pieces[j], got);
			if (strcmp(got, want) && !bad++)
				fprintf(stderr,
					"length %zu in pieces of %zu: %s, "
					"portable %s\n",
					lens[i], pieces[j], got, want);
		}
	}
	for (i = 0; i < ARRAY_SIZE(big); i++) {
		sha1_force_portable(1);
		digest_of(data + 1, big[i], 65, want);
		sha1_force_portable(0);
		digest_of(data + 1, big[i], (size_t)-1, got);
		if (strcmp(got, want) && !bad++)
			fprintf(stderr,
				"unaligned length %zu: %s, portable %s\n",
				big[i], got, want);
	}
	check_int(bad, 0);
	free(data);
}

static const struct unit_test tests[] = {
	{ "the portable code matches the FIPS 180-4 vectors",
	  test_vectors_portable },
	{ "the default code matches the FIPS 180-4 vectors",
	  test_vectors_default },
	{ "SHA-NI and portable code agree on every length and feeding",
	  test_paths_agree },
	{ NULL, NULL }
};

UNIT_MAIN("sha1", tests)
