#include <sspkit/stdio.h>

/*
 * Volatile, so that the compiler cannot work the answers out at build time:
 * each line below must be computed by the helper the compiler calls for it
 * (libgcc's __popcountsi2, __popcountdi2, __clzdi2, __ctzdi2, __bswapsi2,
 * __udivdi3 / __aeabi_uldivmod, __umoddi3, where the CPU lacks the
 * instruction).
 */
static volatile unsigned int word = 0xf0f0f0f1u;
static volatile unsigned long long wide = 0x0123456789abcdefull;
static volatile unsigned long long divisor = 1000003ull;

/* The kit's printf has no %ll: a 64-bit value as two 32-bit halves. */
static void print64(const char *what, unsigned long long v)
{
	printf("%s %08x%08x\n", what, (unsigned int)(v >> 32), (unsigned int)v);
}

int main(int argc, char *argv[])
{
	printf("popcount %d\n", __builtin_popcount(word));
	printf("popcountll %d\n", __builtin_popcountll(wide));
	printf("clzll %d ctzll %d\n", __builtin_clzll(wide), __builtin_ctzll(wide));
	printf("bswap32 %08x\n", (unsigned int)__builtin_bswap32(word));
	print64("div", wide / divisor);
	print64("mod", wide % divisor);
	for (int i = 1; i < argc; i++)
		printf("arg %s\n", argv[i]);
	return 0;
}
