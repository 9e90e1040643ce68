/*
 * sha256.c - SHA-256 as FIPS 180-4 defines it; see sha256.h.
 *
 * Which code hashes the blocks: on x86-64 built by GCC or Clang, the
 * CPU's SHA extensions (SHA-NI) when it has them, unless the environment
 * sets KMIGRATE_SHA256_PORTABLE (to anything but "0"); the portable C of
 * sha256_block() otherwise.  The choice is made at the first block.
 * HMAC-SHA-256 is RFC 2104's construction over it: a key longer than a
 * block is hashed first; the inner and outer hashes start from the key
 * padded with 0x36 and 0x5c.
 */
#include <stdlib.h>
#include <string.h>

#include "sha256.h"

#if defined(__x86_64__) && (__GNUC__ >= 5 || defined(__clang__))
#define SHA256_NI 1
#include <cpuid.h>
#include <immintrin.h>
#endif

static const uint32_t k[64] = {
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1,
	0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
	0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
	0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
	0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
	0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
	0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
	0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
	0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static uint32_t ror(uint32_t x, int n)
{
	return (x >> n) | (x << (32 - n));
}

#define S0(x) (ror(x, 2) ^ ror(x, 13) ^ ror(x, 22))
#define S1(x) (ror(x, 6) ^ ror(x, 11) ^ ror(x, 25))
#define G0(x) (ror(x, 7) ^ ror(x, 18) ^ (x) >> 3)
#define G1(x) (ror(x, 17) ^ ror(x, 19) ^ (x) >> 10)

/* one round; the caller names the working variables in their order */
#define ROUND(a, b, c, d, e, f, g, h, i)                                       \
	do {                                                                   \
		uint32_t t1_ = h + S1(e) + ((e & f) ^ (~e & g)) + k[i] + w[i]; \
		d += t1_;                                                      \
		h = t1_ + S0(a) + ((a & b) ^ (a & c) ^ (b & c));               \
	} while (0)

static void sha256_block(struct sha256 *ctx, const unsigned char *p)
{
	uint32_t w[64], a, b, c, d, e, f, g, h;
	int i;

	for (i = 0; i < 16; i++)
		w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 |
		       (uint32_t)p[4 * i + 2] << 8 | p[4 * i + 3];
	for (i = 16; i < 64; i++)
		w[i] = w[i - 16] + G0(w[i - 15]) + w[i - 7] + G1(w[i - 2]);
	a = ctx->state[0];
	b = ctx->state[1];
	c = ctx->state[2];
	d = ctx->state[3];
	e = ctx->state[4];
	f = ctx->state[5];
	g = ctx->state[6];
	h = ctx->state[7];
	/* eight rounds a turn, the variables renamed instead of moved */
	for (i = 0; i < 64; i += 8) {
		ROUND(a, b, c, d, e, f, g, h, i);
		ROUND(h, a, b, c, d, e, f, g, i + 1);
		ROUND(g, h, a, b, c, d, e, f, i + 2);
		ROUND(f, g, h, a, b, c, d, e, i + 3);
		ROUND(e, f, g, h, a, b, c, d, i + 4);
		ROUND(d, e, f, g, h, a, b, c, i + 5);
		ROUND(c, d, e, f, g, h, a, b, i + 6);
		ROUND(b, c, d, e, f, g, h, a, i + 7);
	}
	ctx->state[0] += a;
	ctx->state[1] += b;
	ctx->state[2] += c;
	ctx->state[3] += d;
	ctx->state[4] += e;
	ctx->state[5] += f;
	ctx->state[6] += g;
	ctx->state[7] += h;
}

#ifdef SHA256_NI
/*
 * Rounds 4 * i to 4 * i + 3 of sha256_blocks_ni(), on its variables: cur
 * holds w[4 * i..], prev w[4 * i - 4..]; next, which holds w[4 * i - 12..],
 * is turned into w[4 * i + 4..] on the way (msg1 and msg2 of the schedule,
 * while there are words left to make).  The first four load the block.
 */
#define NI_ROUNDS(i, cur, next, prev)                                         \
	do {                                                                  \
		if ((i) < 4)                                                  \
			cur = _mm_shuffle_epi8(                               \
				_mm_loadu_si128((const __m128i *)p + (i)),    \
				bswap);                                       \
		m = _mm_add_epi32(cur,                                        \
				  _mm_loadu_si128((const __m128i *)k + (i))); \
		cdgh = _mm_sha256rnds2_epu32(cdgh, abef, m);                  \
		if ((i) >= 3 && (i) < 15) {                                   \
			next = _mm_add_epi32(next,                            \
					     _mm_alignr_epi8(cur, prev, 4));  \
			next = _mm_sha256msg2_epu32(next, cur);               \
		}                                                             \
		m = _mm_shuffle_epi32(m, 0x0e);                               \
		abef = _mm_sha256rnds2_epu32(abef, cdgh, m);                  \
		if ((i) >= 1 && (i) < 13)                                     \
			prev = _mm_sha256msg1_epu32(prev, cur);               \
	} while (0)

/* n blocks from p, the state kept in two registers as ABEF and CDGH */
__attribute__((target("sha,sse4.1"))) static void
sha256_blocks_ni(uint32_t state[8], const unsigned char *p, size_t n)
{
	const __m128i bswap =
		_mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);
	__m128i abef, cdgh, abef_in, cdgh_in, w0, w1, w2, w3, m, t;

	t = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)state), 0xb1);
	cdgh = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)state + 1),
				 0x1b);
	abef = _mm_alignr_epi8(t, cdgh, 8);
	cdgh = _mm_blend_epi16(cdgh, t, 0xf0);
	for (; n; n--, p += 64) {
		abef_in = abef;
		cdgh_in = cdgh;
		NI_ROUNDS(0, w0, w1, w3);
		NI_ROUNDS(1, w1, w2, w0);
		NI_ROUNDS(2, w2, w3, w1);
		NI_ROUNDS(3, w3, w0, w2);
		NI_ROUNDS(4, w0, w1, w3);
		NI_ROUNDS(5, w1, w2, w0);
		NI_ROUNDS(6, w2, w3, w1);
		NI_ROUNDS(7, w3, w0, w2);
		NI_ROUNDS(8, w0, w1, w3);
		NI_ROUNDS(9, w1, w2, w0);
		NI_ROUNDS(10, w2, w3, w1);
		NI_ROUNDS(11, w3, w0, w2);
		NI_ROUNDS(12, w0, w1, w3);
		NI_ROUNDS(13, w1, w2, w0);
		NI_ROUNDS(14, w2, w3, w1);
		NI_ROUNDS(15, w3, w0, w2);
		abef = _mm_add_epi32(abef, abef_in);
		cdgh = _mm_add_epi32(cdgh, cdgh_in);
	}
	t = _mm_shuffle_epi32(abef, 0x1b);
	cdgh = _mm_shuffle_epi32(cdgh, 0xb1);
	_mm_storeu_si128((__m128i *)state, _mm_blend_epi16(t, cdgh, 0xf0));
	_mm_storeu_si128((__m128i *)state + 1, _mm_alignr_epi8(cdgh, t, 8));
}

/* -1 until the first block; then 1 when SHA-NI hashes, 0 when not */
static int use_ni = -1;

static int choose_ni(void)
{
	const char *env = getenv("KMIGRATE_SHA256_PORTABLE");
	unsigned int a, b, c, d;

	if (env && *env && strcmp(env, "0"))
		return 0;
	/* SHA-NI, and the SSSE3 and SSE4.1 its code uses besides */
	if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & bit_SSSE3) ||
	    !(c & bit_SSE4_1))
		return 0;
	return __get_cpuid_count(7, 0, &a, &b, &c, &d) && (b & bit_SHA);
}
#endif

static void sha256_blocks(struct sha256 *ctx, const unsigned char *p, size_t n)
{
#ifdef SHA256_NI
	int ni = __atomic_load_n(&use_ni, __ATOMIC_RELAXED);

	if (ni < 0) {
		ni = choose_ni();
		__atomic_store_n(&use_ni, ni, __ATOMIC_RELAXED);
	}
	if (ni) {
		sha256_blocks_ni(ctx->state, p, n);
		return;
	}
#endif
	for (; n; n--, p += 64)
		sha256_block(ctx, p);
}

int sha256_force_portable(int on)
{
#ifdef SHA256_NI
	int ni = on ? 0 : choose_ni();

	__atomic_store_n(&use_ni, ni, __ATOMIC_RELAXED);
	return ni;
#else
	(void)on;
	return 0;
#endif
}

void sha256_init(struct sha256 *ctx)
{
	static const uint32_t h0[8] = {
		0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
		0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
	};

	memcpy(ctx->state, h0, sizeof(h0));
	ctx->bytes = 0;
	ctx->used = 0;
}

void sha256_update(struct sha256 *ctx, const void *data, size_t len)
{
	const unsigned char *p = data;
	size_t n;

	if (!len)
		return;
	ctx->bytes += len;
	if (ctx->used) {
		n = sizeof(ctx->block) - ctx->used;
		if (n > len)
			n = len;
		memcpy(ctx->block + ctx->used, p, n);
		ctx->used += n;
		if (ctx->used < sizeof(ctx->block))
			return;
		sha256_blocks(ctx, ctx->block, 1);
		ctx->used = 0;
		p += n;
		len -= n;
	}
	/* the whole blocks straight from the data, in one call */
	n = len / sizeof(ctx->block);
	if (n)
		sha256_blocks(ctx, p, n);
	p += n * sizeof(ctx->block);
	len -= n * sizeof(ctx->block);
	memcpy(ctx->block, p, len);
	ctx->used = len;
}

void sha256_final(struct sha256 *ctx, unsigned char digest[SHA256_LEN])
{
	uint64_t bits = ctx->bytes * 8;
	unsigned char pad = 0x80, len[8];
	int i;

	sha256_update(ctx, &pad, 1);
	pad = 0;
	while (ctx->used != 56)
		sha256_update(ctx, &pad, 1);
	for (i = 0; i < 8; i++)
		len[i] = bits >> (56 - 8 * i);
	sha256_update(ctx, len, 8);
	for (i = 0; i < 8; i++) {
		digest[4 * i] = ctx->state[i] >> 24;
		digest[4 * i + 1] = ctx->state[i] >> 16;
		digest[4 * i + 2] = ctx->state[i] >> 8;
		digest[4 * i + 3] = ctx->state[i];
	}
}

void sha256_buffer(const void *data, size_t len,
		   unsigned char digest[SHA256_LEN])
{
	struct sha256 ctx;

	sha256_init(&ctx);
	sha256_update(&ctx, data, len);
	sha256_final(&ctx, digest);
}

void sha256_hex(const unsigned char digest[SHA256_LEN],
		char hex[SHA256_HEX_LEN + 1])
{
	static const char digits[] = "0123456789abcdef";
	int i;

	for (i = 0; i < SHA256_LEN; i++) {
		hex[2 * i] = digits[digest[i] >> 4];
		hex[2 * i + 1] = digits[digest[i] & 15];
	}
	hex[SHA256_HEX_LEN] = '\0';
}

void hmac_sha256_init(struct hmac_sha256 *ctx, const void *key, size_t len)
{
	unsigned char block[64], digest[SHA256_LEN];
	size_t i;

	memset(block, 0, sizeof(block));
	if (len > sizeof(block)) {
		sha256_buffer(key, len, digest);
		memcpy(block, digest, sizeof(digest));
	} else {
		memcpy(block, key, len);
	}
	for (i = 0; i < sizeof(block); i++)
		block[i] ^= 0x36;
	sha256_init(&ctx->inner);
	sha256_update(&ctx->inner, block, sizeof(block));
	for (i = 0; i < sizeof(block); i++)
		block[i] ^= 0x36 ^ 0x5c;
	sha256_init(&ctx->outer);
	sha256_update(&ctx->outer, block, sizeof(block));
	memset(block, 0, sizeof(block));
}

void hmac_sha256_update(struct hmac_sha256 *ctx, const void *data, size_t len)
{
	sha256_update(&ctx->inner, data, len);
}

void hmac_sha256_final(struct hmac_sha256 *ctx,
		       unsigned char digest[SHA256_LEN])
{
	unsigned char inner[SHA256_LEN];

	sha256_final(&ctx->inner, inner);
	sha256_update(&ctx->outer, inner, sizeof(inner));
	sha256_final(&ctx->outer, digest);
}
