/*
 * sha256.h - SHA-256 (FIPS 180-4), the key of result-cache.h.
 *
 * Caller's steps: sha256_init(), sha256_update() any number of times,
 * sha256_final() into 32 bytes, or sha256_buffer() for one buffer;
 * sha256_hex() spells a digest as 64 lowercase hex digits plus a NUL.
 * HMAC-SHA-256 (RFC 2104) the same way: hmac_sha256_init() with the key,
 * hmac_sha256_update(), hmac_sha256_final(); a context just initialised
 * may be copied (struct assignment) to tag many messages under one key
 * without hashing the key again.  No allocation, no failure.
 */
#ifndef KM_SHA256_H
#define KM_SHA256_H

#include <stddef.h>
#include <stdint.h>

#define SHA256_LEN 32
#define SHA256_HEX_LEN 64

struct sha256 {
	uint32_t state[8];
	uint64_t bytes;
	unsigned char block[64];
	size_t used;
};

void sha256_init(struct sha256 *ctx);
void sha256_update(struct sha256 *ctx, const void *data, size_t len);
void sha256_final(struct sha256 *ctx, unsigned char digest[SHA256_LEN]);
/* the digest of len bytes at data: init, update, final */
void sha256_buffer(const void *data, size_t len,
		   unsigned char digest[SHA256_LEN]);
void sha256_hex(const unsigned char digest[SHA256_LEN],
		char hex[SHA256_HEX_LEN + 1]);

struct hmac_sha256 {
	struct sha256 inner, outer;
};

void hmac_sha256_init(struct hmac_sha256 *ctx, const void *key, size_t len);
void hmac_sha256_update(struct hmac_sha256 *ctx, const void *data, size_t len);
void hmac_sha256_final(struct hmac_sha256 *ctx,
		       unsigned char digest[SHA256_LEN]);

/*
 * For the tests: on, the portable code hashes from now on; off, the code
 * chosen as at the start (see sha256.c).  Returns 1 when that is the
 * CPU's SHA extensions, 0 when it is the portable code.
 */
int sha256_force_portable(int on);

#endif
