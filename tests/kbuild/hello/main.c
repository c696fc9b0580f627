#include <sspkit/stdio.h>

extern const char ssp_mode_banner[];
void hello_sink(char *p);

int main(int argc, char *argv[])
{
	char buf[32];

	(void)argv;
	snprintf(buf, sizeof(buf), "%d", argc);
	hello_sink(buf);
	printf("hello: stack-protector=%s\n", ssp_mode_banner);
	return 0;
}
