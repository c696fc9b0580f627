/* A region between push_options and pop_options, and a macro that opens it. */
extern void region_sink(char *);

#pragma GCC push_options
#pragma GCC optimize("no-stack-protector")
int region_off(int x)
{
	char b[64];

	b[0] = (char)x;
	b[1] = 0;
	region_sink(b);
	return b[1];
}
#pragma GCC pop_options

#define UNGUARDED_BEGIN _Pragma("GCC push_options") \
	_Pragma("GCC optimize(\"no-stack-protector\")")
#define UNGUARDED_END _Pragma("GCC pop_options")

UNGUARDED_BEGIN
int macro_off(int x)
{
	char b[64];

	b[0] = (char)x;
	b[1] = 0;
	region_sink(b);
	return b[1];
}
UNGUARDED_END

int region_on(int x)
{
	char b[64];

	b[0] = (char)x;
	b[1] = 0;
	region_sink(b);
	return b[1];
}

void region_sink(char *p) { __asm__ __volatile__("" : : "r"(p) : "memory"); }
