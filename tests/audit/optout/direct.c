/* The attribute itself, not the kit's __no_stack_protector: undeclared. */
#include <sspkit/compiler.h>

extern void direct_sink(char *);

__attribute__((no_stack_protector)) int direct_off(int x)
{
	char b[64];

	b[0] = (char)x;
	b[1] = 0;
	direct_sink(b);
	return b[1];
}

/* The declared way: listed by name, not a warning. */
__no_stack_protector int declared_off(int x)
{
	char b[64];

	b[0] = (char)x;
	b[1] = 0;
	direct_sink(b);
	return b[1];
}

void direct_sink(char *p) { __asm__ __volatile__("" : : "r"(p) : "memory"); }
