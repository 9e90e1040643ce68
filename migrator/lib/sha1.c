/*
 * sha1.c - SHA-1 as FIPS 180-4 defines it; see sha1.h.
 *
 * Which code hashes the blocks: on x86-64 built by GCC or Clang, the
 * CPU's SHA extensions (SHA-NI) when it has them, the portable C of
 * sha1_block() otherwise; the choice is made at the first block.  A
 * kernel tree is a gigabyte of blobs to hash: SHA-NI does it several
 * times as fast as the C.
 */
#include <string.h>

#include "sha1.h"

#if defined(__x86_64__) && (__GNUC__ >= 5 || defined(__clang__))
#define SHA1_NI 1
#include <cpuid.h>
#include <immintrin.h>
#endif

#define K0 0x5a827999
#define K1 0x6ed9eba1
#define K2 0x8f1bbcdc
#define K3 0xca62c1d6

static uint32_t rol(uint32_t x, int n)
{
	return (x << n) | (x >> (32 - n));
}

/* the round functions: choose, parity, majority */
#define CH(b, c, d) ((d) ^ ((b) & ((c) ^ (d))))
#define PARITY(b, c, d) ((b) ^ (c) ^ (d))
#define MAJ(b, c, d) (((b) & (c)) | ((d) & ((b) | (c))))

/*
 * Word i >= 16 of the schedule, written over the word 16 rounds older,
 * which no round needs any more: w holds the last 16
 */
static inline uint32_t next_word(uint32_t w[16], int i)
{
	uint32_t x = w[(i - 3) & 15] ^ w[(i - 8) & 15] ^ w[(i - 14) & 15] ^
		     w[i & 15];

	w[i & 15] = rol(x, 1);
	return w[i & 15];
}

/* the word of round i: the block's own for the first 16 rounds */
#define W(i) ((i) < 16 ? w[i] : next_word(w, i))

/* one round; the caller names the working variables in their order */
#define ROUND(f, k, a, b, c, d, e, i)                     \
	do {                                              \
		e += rol(a, 5) + f(b, c, d) + (k) + W(i); \
		b = rol(b, 30);                           \
	} while (0)

/* five rounds, after which the variables are back in their places */
#define ROUNDS5(f, k, i)                             \
	do {                                         \
		ROUND(f, k, a, b, c, d, e, i);       \
		ROUND(f, k, e, a, b, c, d, (i) + 1); \
		ROUND(f, k, d, e, a, b, c, (i) + 2); \
		ROUND(f, k, c, d, e, a, b, (i) + 3); \
		ROUND(f, k, b, c, d, e, a, (i) + 4); \
	} while (0)

/* four runs of five rounds of one function: 20 rounds */
#define ROUNDS20(f, k, i)                \
	do {                             \
		ROUNDS5(f, k, i);        \
		ROUNDS5(f, k, (i) + 5);  \
		ROUNDS5(f, k, (i) + 10); \
		ROUNDS5(f, k, (i) + 15); \
	} while (0)

static void sha1_block(uint32_t state[5], const unsigned char *p)
{
	uint32_t w[16], a, b, c, d, e;
	int i;

	for (i = 0; i < 16; i++)
		w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 |
		       (uint32_t)p[4 * i + 2] << 8 | p[4 * i + 3];
	a = state[0];
	b = state[1];
	c = state[2];
	d = state[3];
	e = state[4];
	ROUNDS20(CH, K0, 0);
	ROUNDS20(PARITY, K1, 20);
	ROUNDS20(MAJ, K2, 40);
	ROUNDS20(PARITY, K3, 60);
	state[0] += a;
	state[1] += b;
	state[2] += c;
	state[3] += d;
	state[4] += e;
}

#ifdef SHA1_NI
/*
 * Rounds 4 * i to 4 * i + 3 of sha1_blocks_ni(), on its variables.  cur
 * holds the words of group i (the first four groups load them), next,
 * after and last groups i + 1 to i + 3 in the making: group k's words
 * are begun by msg1 of groups k - 4 and k - 3 (in the register of k - 4,
 * no longer needed), then take the exclusive or of group k - 2, and are
 * finished by msg2 with group k - 1.  e_in holds E for group 0, added to
 * its words; later the A the group before kept in it, which nexte turns
 * into this group's E (A four rounds on) and adds.  e_out keeps this A.
 */
#define NI_ROUNDS(i, cur, next, after, last, e_in, e_out)                  \
	do {                                                               \
		if ((i) < 4)                                               \
			cur = _mm_shuffle_epi8(                            \
				_mm_loadu_si128((const __m128i *)p + (i)), \
				bswap);                                    \
		if ((i) == 0)                                              \
			e_in = _mm_add_epi32(e_in, cur);                   \
		else                                                       \
			e_in = _mm_sha1nexte_epu32(e_in, cur);             \
		e_out = abcd;                                              \
		if ((i) >= 3 && (i) <= 18)                                 \
			next = _mm_sha1msg2_epu32(next, cur);              \
		abcd = _mm_sha1rnds4_epu32(abcd, e_in, (i) / 5);           \
		if ((i) >= 2 && (i) <= 17)                                 \
			after = _mm_xor_si128(after, cur);                 \
		if ((i) >= 1 && (i) <= 16)                                 \
			last = _mm_sha1msg1_epu32(last, cur);              \
	} while (0)

/* four groups, after which the registers are back in their places */
#define NI_ROUNDS4(i)                                       \
	do {                                                \
		NI_ROUNDS(i, w0, w1, w2, w3, e0, e1);       \
		NI_ROUNDS((i) + 1, w1, w2, w3, w0, e1, e0); \
		NI_ROUNDS((i) + 2, w2, w3, w0, w1, e0, e1); \
		NI_ROUNDS((i) + 3, w3, w0, w1, w2, e1, e0); \
	} while (0)

/*
 * n blocks from p, the state kept in two registers: A, B, C, D from the
 * highest lane down, and E in the highest lane of the other
 */
__attribute__((target("sha,sse4.1"))) static void
sha1_blocks_ni(uint32_t state[5], const unsigned char *p, size_t n)
{
	/* the block's bytes reversed: its first word big-endian, highest */
	const __m128i bswap =
		_mm_set_epi64x(0x0001020304050607ULL, 0x08090a0b0c0d0e0fULL);
	__m128i abcd, abcd_in, e0, e0_in, e1, w0, w1, w2, w3;

	abcd = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)state), 0x1b);
	e0 = _mm_set_epi32((int)state[4], 0, 0, 0);
	for (; n; n--, p += 64) {
		abcd_in = abcd;
		e0_in = e0;
		NI_ROUNDS4(0);
		NI_ROUNDS4(4);
		NI_ROUNDS4(8);
		NI_ROUNDS4(12);
		NI_ROUNDS4(16);
		e0 = _mm_sha1nexte_epu32(e0, e0_in);
		abcd = _mm_add_epi32(abcd, abcd_in);
	}
	_mm_storeu_si128((__m128i *)state, _mm_shuffle_epi32(abcd, 0x1b));
	state[4] = (uint32_t)_mm_extract_epi32(e0, 3);
}

/* -1 until the first block; then 1 when SHA-NI hashes, 0 when not */
static int use_ni = -1;

static int choose_ni(void)
{
	unsigned int a, b, c, d;

	/* SHA-NI, and the SSSE3 and SSE4.1 its code uses besides */
	if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & bit_SSSE3) ||
	    !(c & bit_SSE4_1))
		return 0;
	return __get_cpuid_count(7, 0, &a, &b, &c, &d) && (b & bit_SHA);
}
#endif

static void sha1_blocks(struct sha1 *ctx, const unsigned char *p, size_t n)
{
#ifdef SHA1_NI
	int ni = __atomic_load_n(&use_ni, __ATOMIC_RELAXED);

	if (ni < 0) {
		ni = choose_ni();
		__atomic_store_n(&use_ni, ni, __ATOMIC_RELAXED);
	}
	if (ni) {
		sha1_blocks_ni(ctx->state, p, n);
		return;
	}
#endif
	for (; n; n--, p += 64)
		sha1_block(ctx->state, p);
}

int sha1_force_portable(int on)
{
#ifdef SHA1_NI
	int ni = on ? 0 : choose_ni();

	__atomic_store_n(&use_ni, ni, __ATOMIC_RELAXED);
	return ni;
#else
	(void)on;
	return 0;
#endif
}

void sha1_init(struct sha1 *ctx)
{
	static const uint32_t h0[5] = {
		0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0,
	};

	memcpy(ctx->state, h0, sizeof(h0));
	ctx->bytes = 0;
	ctx->used = 0;
}

void sha1_update(struct sha1 *ctx, const void *data, size_t len)
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
		sha1_blocks(ctx, ctx->block, 1);
		ctx->used = 0;
		p += n;
		len -= n;
	}
	/* the whole blocks straight from the data, in one call */
	n = len / sizeof(ctx->block);
	if (n)
		sha1_blocks(ctx, p, n);
	p += n * sizeof(ctx->block);
	len -= n * sizeof(ctx->block);
	memcpy(ctx->block, p, len);
	ctx->used = len;
}

/* 0x80, zeros up to the last 8 bytes of a block, the length in bits */
void sha1_final(struct sha1 *ctx, unsigned char digest[SHA1_LEN])
{
	uint64_t bits = ctx->bytes * 8;
	int i;

	ctx->block[ctx->used++] = 0x80;
	if (ctx->used > 56) {
		memset(ctx->block + ctx->used, 0, 64 - ctx->used);
		sha1_blocks(ctx, ctx->block, 1);
		ctx->used = 0;
	}
	memset(ctx->block + ctx->used, 0, 56 - ctx->used);
	for (i = 0; i < 8; i++)
		ctx->block[56 + i] = bits >> (56 - 8 * i);
	sha1_blocks(ctx, ctx->block, 1);
	for (i = 0; i < 5; i++) {
		digest[4 * i] = ctx->state[i] >> 24;
		digest[4 * i + 1] = ctx->state[i] >> 16;
		digest[4 * i + 2] = ctx->state[i] >> 8;
		digest[4 * i + 3] = ctx->state[i];
	}
}

void sha1_buffer(const void *data, size_t len, unsigned char digest[SHA1_LEN])
{
	struct sha1 ctx;

	sha1_init(&ctx);
	sha1_update(&ctx, data, len);
	sha1_final(&ctx, digest);
}

void sha1_hex(const unsigned char digest[SHA1_LEN], char hex[SHA1_HEX_LEN + 1])
{
	static const char digits[] = "0123456789abcdef";
	int i;

	for (i = 0; i < SHA1_LEN; i++) {
		hex[2 * i] = digits[digest[i] >> 4];
		hex[2 * i + 1] = digits[digest[i] & 15];
	}
	hex[SHA1_HEX_LEN] = '\0';
}
