/*
 * test-sha256.c - SHA-256 against the FIPS 180-4 vectors on both of its
 * code paths; the SHA-NI path and the portable one agree on every length
 * and every way of feeding the data; KMIGRATE_SHA256_PORTABLE picks the
 * portable one.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sha256.h"
#include "unit.h"

#define BIG (1 << 20)

static void digest_of(const unsigned char *data, size_t len, size_t piece,
		      char hex[SHA256_HEX_LEN + 1])
{
	unsigned char digest[SHA256_LEN];
	struct sha256 ctx;
	size_t off, n;

	sha256_init(&ctx);
	for (off = 0; off < len; off += n) {
		n = len - off < piece ? len - off : piece;
		sha256_update(&ctx, data + off, n);
	}
	sha256_final(&ctx, digest);
	sha256_hex(digest, hex);
}

static void check_sha(const char *msg, size_t repeat, const char *want)
{
	unsigned char digest[SHA256_LEN];
	char hex[SHA256_HEX_LEN + 1];
	struct sha256 ctx;
	size_t i;

	sha256_init(&ctx);
	for (i = 0; i < repeat; i++)
		sha256_update(&ctx, msg, strlen(msg));
	sha256_final(&ctx, digest);
	sha256_hex(digest, hex);
	check_str(hex, want);
	if (repeat == 1) { /* and in one call */
		sha256_buffer(msg, strlen(msg), digest);
		sha256_hex(digest, hex);
		check_str(hex, want);
	}
}

static void check_vectors(void)
{
	char *million = malloc(1000000 + 1);

	CU_ASSERT_PTR_NOT_NULL_FATAL(million);
	memset(million, 'a', 1000000);
	million[1000000] = '\0';
	check_sha(
		"", 1,
		"e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
	check_sha(
		"abc", 1,
		"ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
	check_sha(
		"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", 1,
		"248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
	/* one million 'a' byte by byte, then whole */
	check_sha(
		"a", 1000000,
		"cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
	check_sha(
		million, 1,
		"cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
	free(million);
}

static void test_vectors_portable(void)
{
	sha256_force_portable(1);
	check_vectors();
	sha256_force_portable(0);
}

static void test_vectors_default(void)
{
	sha256_force_portable(0);
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
 * code against the portable code hashing it whole.
 */
static void test_paths_agree(void)
{
	static const size_t pieces[] = { (size_t)-1, 1, 3, 63, 64, 65, 1000 };
	static const size_t big[] = { BIG - 1, BIG, BIG + 37 };
	unsigned char *data = malloc(BIG + 64);
	char want[SHA256_HEX_LEN + 1], got[SHA256_HEX_LEN + 1];
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
	check_int(sha256_force_portable(0), cpu_has_sha());
	for (i = 0; i < ARRAY_SIZE(lens); i++) {
		sha256_force_portable(1);
		digest_of(data, lens[i], (size_t)-1, want);
		sha256_force_portable(0);
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
		sha256_force_portable(1);
		digest_of(data + 1, big[i], 65, want);
		sha256_force_portable(0);
		digest_of(data + 1, big[i], (size_t)-1, got);
		if (strcmp(got, want) && !bad++)
			fprintf(stderr,
				"unaligned length %zu: %s, portable %s\n",
				big[i], got, want);
	}
	check_int(bad, 0);
	free(data);
}

static void test_env_forces_portable(void)
{
	int accelerated = cpu_has_sha();

	setenv("KMIGRATE_SHA256_PORTABLE", "1", 1);
	check_int(sha256_force_portable(0), 0);
	setenv("KMIGRATE_SHA256_PORTABLE", "0", 1);
	check_int(sha256_force_portable(0), accelerated);
	unsetenv("KMIGRATE_SHA256_PORTABLE");
	check_int(sha256_force_portable(0), accelerated);
}

static const struct unit_test tests[] = {
	{ "the portable code matches the FIPS 180-4 vectors",
	  test_vectors_portable },
	{ "the default code matches the FIPS 180-4 vectors",
	  test_vectors_default },
	{ "SHA-NI and portable code agree on every length and feeding",
	  test_paths_agree },
	{ "KMIGRATE_SHA256_PORTABLE=1 picks the portable code",
	  test_env_forces_portable },
	{ NULL, NULL }
};

int main(void)
{
	/* the default code is the CPU's, whatever the caller's environment */
	unsetenv("KMIGRATE_SHA256_PORTABLE");
	return unit_run("sha256", tests);
}
