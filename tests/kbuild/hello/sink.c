void hello_sink(char *p);
void hello_sink(char *p) { __asm__ __volatile__("" : : "r"(p) : "memory"); }
