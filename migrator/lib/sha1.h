/*
 * sha1.h - SHA-1 (FIPS 180-4), the name git gives a blob (blob-hash.h).
 *
 * Not for anything that must resist a forger: git's own SHA-1 detects
 * the known collision attacks, this one does not.  It only tells whether
 * a file still holds what a revision's blob of the same name holds, so
 * its digests are git's for every file git itself would accept.
 *
 * Caller's steps: sha1_init(), sha1_update() any number of times,
 * sha1_final() into 20 bytes, or sha1_buffer() for one buffer;
 * sha1_hex() spells a digest as 40 lowercase hex digits plus a NUL.
 * No allocation, no failure.
 */
#ifndef KM_SHA1_H
#define KM_SHA1_H

#include <stddef.h>
#include <stdint.h>

#define SHA1_LEN 20
#define SHA1_HEX_LEN 40

struct sha1 {
	uint32_t state[5];
	uint64_t bytes;
	unsigned char block[64];
	size_t used;
};

void sha1_init(struct sha1 *ctx);
void sha1_update(struct sha1 *ctx, const void *data, size_t len);
void sha1_final(struct sha1 *ctx, unsigned char digest[SHA1_LEN]);
/* the digest of len bytes at data: init, update, final */
void sha1_buffer(const void *data, size_t len, unsigned char digest[SHA1_LEN]);
void sha1_hex(const unsigned char digest[SHA1_LEN], char hex[SHA1_HEX_LEN + 1]);

/*
 * For the tests: on, the portable code hashes from now on; off, the code
 * chosen as at the start (see sha1.c).  Returns 1 when that is the CPU's
 * SHA extensions, 0 when it is the portable code.
 */
int sha1_force_portable(int on);

#endif
