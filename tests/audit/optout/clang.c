/* clang's region form: every function between push and pop. */
extern void clang_sink(char *);

#pragma clang attribute push(__attribute__((no_stack_protector)), apply_to = function)
int clang_off(int x)
{
	char b[64];

	b[0] = (char)x;
	b[1] = 0;
	clang_sink(b);
	return b[1];
}
#pragma clang attribute pop

int clang_on(int x)
{
	char b[64];

	b[0] = (char)x;
	b[1] = 0;
	clang_sink(b);
	return b[1];
}

void clang_sink(char *p) { __asm__ __volatile__("" : : "r"(p) : "memory"); }
