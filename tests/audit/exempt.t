#!/bin/sh
# The banner, make's last line and ssp-summary.h say how much of the
# image is exempt: objects, functions and share of text, counted here
# again from the objects' symbol tables (readelf). An image whose only
# exemptions are the kit's guard runtime and boot code says so briefly.
. "$(dirname "$0")/../lib.sh"

S="$T/src"
src_copy "$S"
# A program of the user's own in place of sample's (whose overrun cases
# declare exemptions of their own).
mkdir -p "$S/samples/sample/tiny"
printf 'image-y += sample\nsample-objs := tiny/\n' >"$S/samples/sample/Makefile"
echo 'obj-y += main.o' >"$S/samples/sample/tiny/Makefile"
cat >"$S/samples/sample/tiny/main.c" <<'X'
#include <sspkit/stdio.h>

extern const char ssp_mode_banner[];

int main(int argc, char *argv[])
{
	(void)argc;
	(void)argv;
	printf("tiny: stack-protector=%s\n", ssp_mode_banner);
	return 0;
}
X

O="$T/tiny"
smk O="$O" x86_64_defconfig && smk O="$O" -j2 && cp "$T/out" "$T/build.out" && smk O="$O" run
check_eq "only the runtime exempt: the banner says so briefly" \
	"tiny: stack-protector=strong (configured strong; exempt: guard runtime and boot code only)" \
	"$(grep '^tiny: ' "$T/out")"
check_grep "...and so does make's last line" \
	'^stack-protector: strong in all [0-9]+ objects \(configured strong\), guard global; exempt: guard runtime and boot code only;' "$T/build.out"
check_grep "...and ssp-summary.h" \
	'^#define SSP_EXEMPT_SUMMARY "exempt: guard runtime and boot code only"$' "$O/include/generated/ssp-summary.h"
# ...because make tells spaudit the runtime's folders (runtime-dirs): the
# same records, with no --runtime, count those exemptions instead.
(cd "$O" && sed -n 's/^object\t//p' .sample.ssp-objects | scripts/spaudit/spaudit summary \
	--expect=strong --configured=strong --header="$T/bare.h" -) >"$T/bare" 2>&1
check_grep "...as make names them: told none, spaudit counts the exemptions" \
	'; exempt: 2 objects, [0-9]+ of [0-9]+ functions, [0-9<]+% of text;' "$T/bare"

# One object of the user's, declared exempt, with most of the code.
{
	i=0
	while [ $i -lt 40 ]; do
		printf 'void big_sink%d(char *p);\nint big%d(int x)\n{\n\tchar b[64];\n\tint i, s = 0;\n\n\tfor (i = 0; i < 64; i++)\n\t\tb[i] = (char)(x * i + %d);\n\tbig_sink%d(b);\n\tfor (i = 0; i < 64; i += 3)\n\t\ts += b[i] * (i + %d);\n\treturn s;\n}\nvoid big_sink%d(char *p) { __asm__ __volatile__("" : : "r"(p) : "memory"); }\n' \
			$i $i $i $i $i $i
		i=$((i + 1))
	done
} >"$S/samples/sample/tiny/big.c"
printf 'obj-y += big.o\nCFLAGS_big.o += $(DISABLE_STACKPROTECTOR)\n' >>"$S/samples/sample/tiny/Makefile"
# And, in an object built strong, one function declared __no_stack_protector,
# big enough to weigh on the share of text (some 15%): its bytes count.
{
	printf '#include <sspkit/compiler.h>\n\nint declared_big(volatile int *v);\n'
	printf '__no_stack_protector int declared_big(volatile int *v)\n{\n'
	i=1
	while [ $i -lt 200 ]; do
		printf '\tv[%d] = v[%d] * %d + v[%d];\n' $((i % 16)) $(((i + 5) % 16)) $((i * 7 + 3)) $(((i + 9) % 16))
		i=$((i + 1))
	done
	printf '\treturn v[0];\n}\n'
} >"$S/samples/sample/tiny/declared.c"
echo 'obj-y += declared.o' >>"$S/samples/sample/tiny/Makefile"
smk O="$O" -j2; cp "$T/out" "$T/build.out"; smk O="$O" run

# The same figures from the objects' symbol tables: every FUNC symbol with
# a size, the witnesses left out (the link discards them).
# An alias (two names, one body) counts once.
funcs() { readelf -sW "$O/$1" | awk '$4 == "FUNC" && $3 + 0 > 0 && $8 !~ /^__ssp_witness_/ &&
	!seen[$7 ":" $2]++ { print $8, $3 + 0 }'; }
objs=$(sed -n 's/^object\t//p' "$O/.sample.ssp-objects")
exempt_objs="kernel/task.o lib/stackprotector.o samples/sample/tiny/big.o"
: >"$T/all"; : >"$T/exempt"
for o in $objs; do
	funcs "$o" >>"$T/all"
	case " $exempt_objs " in *" $o "*) funcs "$o" >>"$T/exempt" ;; esac
done
# kernel/start.c declares its entry __no_stack_protector.
funcs kernel/start.o | grep '^__sspkit_start ' >>"$T/exempt"
funcs samples/sample/tiny/declared.o | grep '^declared_big ' >>"$T/exempt"
total=$(wc -l <"$T/all"); ex=$(wc -l <"$T/exempt")
pct=$(awk -v a="$(awk '{ s += $2 } END { print s }' "$T/exempt")" \
	-v b="$(awk '{ s += $2 } END { print s }' "$T/all")" 'BEGIN { printf "%.0f", 100 * a / b }')
check "...the big object holds most of the text (${pct}%)" test "$pct" -gt 50
dpct=$(awk -v a="$(awk '$1 == "declared_big" { print $2 }' "$T/exempt")" \
	-v b="$(awk '{ s += $2 } END { print s }' "$T/all")" 'BEGIN { printf "%.0f", 100 * a / b }')
check "...and the declared function a share that shows (${dpct}%)" test "$dpct" -ge 5
want="exempt: 3 objects, $ex of $total functions, $pct% of text"
check_eq "an exempt object of the user's: the banner gives its share" \
	"tiny: stack-protector=strong (configured strong; $want)" "$(grep '^tiny: ' "$T/out")"
check_grep "...make's last line too" "^stack-protector: strong in all [0-9]+ objects \\(configured strong\\), guard global; $want; declared exempt: kernel/task.o, lib/stackprotector.o, samples/sample/tiny/big.o\$" "$T/build.out"
check_grep "...and ssp-summary.h" "^#define SSP_EXEMPT_SUMMARY \"$want\"\$" "$O/include/generated/ssp-summary.h"
check_grep "...with the counts" "^#define SSP_EXEMPT_FUNCTIONS $ex\$" "$O/include/generated/ssp-summary.h"

# Under none nothing is protected, so nothing is exempt from it.
smk O="$O" x86_64_defconfig none.config && smk O="$O" -j2 && smk O="$O" run
check_eq "mode none: no exempt share in the banner" \
	"tiny: stack-protector=none (configured none)" "$(grep '^tiny: ' "$T/out")"

done_testing
