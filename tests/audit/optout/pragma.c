#pragma GCC optimize("no-stack-protector")
extern void ext_sink(char *);
int ext_big(int x) { char b[64]; b[0] = (char)x; b[1] = 0; ext_sink(b); return b[1]; }
void ext_sink(char *p) { __asm__ __volatile__("" : : "r"(p) : "memory"); }
