/*
 * sha256.c - SHA-256 as FIPS 180-4 defines it; see sha256.h.
 */
#include <string.h>

#include "sha256.h"

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

	ctx->bytes += len;
	/* whole blocks straight from the data when none is half full */
	while (!ctx->used && len >= sizeof(ctx->block)) {
		sha256_block(ctx, p);
		p += sizeof(ctx->block);
		len -= sizeof(ctx->block);
	}
	while (len) {
		size_t n = sizeof(ctx->block) - ctx->used;

		if (n > len)
			n = len;
		memcpy(ctx->block + ctx->used, p, n);
		ctx->used += n;
		p += n;
		len -= n;
		if (ctx->used == sizeof(ctx->block)) {
			sha256_block(ctx, ctx->block);
			ctx->used = 0;
		}
	}
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
