/* One function switched off by gcc's optimize attribute; its neighbour keeps its canary. */
extern void attr_sink(char *);

__attribute__((optimize("no-stack-protector")))
int attr_off(int x)
{
	char b[64];

	b[0] = (char)x;
	b[1] = 0;
	attr_sink(b);
	return b[1];
}

int attr_on(int x)
{
	char b[64];

	b[0] = (char)x;
	b[1] = 0;
	attr_sink(b);
	return b[1];
}

void attr_sink(char *p) { __asm__ __volatile__("" : : "r"(p) : "memory"); }
