#!/bin/sh
# tests/run: slow
# Prebuilt code is part of what an image's audit accounts for: after each
# link, spaudit prebuilt counts the functions the image took from libgcc
# and picolibc's libc.a (compiled by someone else, never audited), per archive member, and make
# spaudit lists them after the image's objects. The figures are checked
# against binutils' own reading of the image, its objects and the archive
# (nm and objdump), and the attribution is fed the broken cases: an
# archive that defines what an audited object defines takes nothing, and
# the same archive takes those functions once that object is left out.
. "$(dirname "$0")/../lib.sh"

# expected IMAGE LIST ARCHIVE NM OBJDUMP: "member functions protected bytes"
# lines, sorted: the image's functions no object of LIST defines, that a
# member of ARCHIVE defines; protected when its code calls __stack_chk_fail.
expected() {
	image=$1 list=$2 archive=$3 nm=$4 objdump=$5
	sed -n 's/^object\t\([^ ]*\) *$/\1/p' "$list" | while read -r o; do
		(cd "$O" && "$nm" --defined-only "$o" 2>/dev/null); done |
		awk '$2 ~ /^[TtWw]$/ { print $3 }' | sort -u >"$T/own"
	"$nm" -A --defined-only "$archive" 2>/dev/null |
		awk '$2 ~ /^[TtWw]$/ { n = $1; sub(/:[^:]*$/, "", n); sub(/^.*:/, "", n); print $3, n }' |
		sort -k1,1 -u >"$T/lib"
	"$objdump" -d "$image" | awk '
		/^[0-9a-f]+ <.*>:$/ { f = $2; gsub(/[<>:]/, "", f) }
		/__stack_chk_fail/ && f != "" { print f }' | sort -u >"$T/canary"
	# One body per address: an alias (picolibc's __d_vfprintf and
	# vfprintf) is one function, as the linker laid it out once.
	"$nm" -S -t d --defined-only "$image" | awk 'NF == 4 && $3 ~ /^[TtWw]$/ { print $4, $2 + 0, $1 }' |
		sort -k1,1 | join -v1 - "$T/own" | join - "$T/lib" | sort -k3,3 -u |
		while read -r f size addr member; do
			p=0; grep -qx "$f" "$T/canary" && p=1
			echo "$member $size $p"
		done | awk '{ n[$1]++; b[$1] += $2; p[$1] += $3 }
			END { for (m in n) print m, n[m], p[m], b[m] }' | sort
}

# clause IMAGE LIST ARCHIVE... (with nm, objdump, readelf set): what the
# image's banner must say of its prebuilt code, from the expected lines
# of every archive and the image's executable sections as readelf reads
# them: "; prebuilt: N functions, P protected, S of text)", S in whole
# percents, "<1%" for less than one.
clause() {
	image=$1 list=$2; shift 2
	text=0
	for size in $("$readelf" -SW "$image" | sed 's/^ *\[ *[0-9]*\]//' |
		awk '$2 != "NOBITS" && $7 ~ /X/ { print $5 }'); do
		text=$((text + 0x$size))
	done
	for a; do expected "$image" "$list" "$a" "$nm" "$objdump"; done |
		awk -v text="$text" '{ n += $2; p += $3; b += $4 }
		END { s = text ? 100 * b / text : 0
			share = (s > 0 && s < 1) ? "<1%" : sprintf("%.0f%%", s)
			if (n) printf "; prebuilt: %d function%s, %d protected, %s of text)\n",
				n, n == 1 ? "" : "s", p, share }'
}

# reported RECORD ARCHIVE: the same lines from spaudit prebuilt's record.
reported() {
	grep "^prebuilt	$2(" "$1" | sed 's/^prebuilt\t[^(]*(\([^)]*\))\t\([0-9]*\)\t\([0-9]*\)\t\([0-9]*\)$/\1 \2 \3 \4/' | sort
}

# CELL: ARCH DEFCONFIG [LLVM=1|PICOLIBC]
for cell in "x86_64 x86_64_defconfig" "arm mps2_defconfig" \
	"riscv rv32_nommu_virt_defconfig" "arm arm_defconfig LLVM=1" \
	"arm mps2_defconfig PICOLIBC"; do
	set -- $cell
	arch=$1 def=$2 llvm= libc=
	case ${3:-} in LLVM=1) llvm=LLVM=1 ;; PICOLIBC) libc=picolibc ;; esac
	cn="$def${llvm:+ (clang)}${libc:+ with picolibc}"
	O="$T/$def${llvm:+-llvm}${libc:+-$libc}" X="$T/ext-$def${llvm:+-llvm}${libc:+-$libc}"
	mkdir -p "$X" && cp "$SRC"/tests/kbuild/compiler-runtime/* "$X/"
	mk O="$O" ARCH=$arch $llvm $def
	if [ -n "$libc" ]; then
		echo CONFIG_LIBC_PICOLIBC=y >>"$O/.config"
		mk O="$O" ARCH=$arch olddefconfig
	fi
	mk O="$O" ARCH=$arch $llvm M="$X" -j2
	check_eq "$cn: the program that calls libgcc builds" 0 $?
	image=$X/rtlib list=$X/.rtlib.ssp-objects record=$X/.rtlib.ssp-prebuilt
	check_grep "$cn: the build says what the image took from libgcc" \
		"^  $image: prebuilt libgcc.a: [1-9][0-9]* functions? from [1-9][0-9]* members?, [0-9]+ protected, [0-9.]+% of text$" "$T/out"
	case $def in
	mps2*) tools=arm-none-eabi- ;; rv32*) tools=riscv64-unknown-elf- ;;
	arm_*) tools=arm-linux-gnueabihf- ;; *) tools= ;;
	esac
	nm=${tools}nm objdump=${tools}objdump readelf=${tools}readelf
	archives=$(sed -n 's/^prebuilt\t\([^(]*\)(.*/\1/p' "$record" | sort -u)
	[ -n "$libc" ] && check "$cn: ...and what it took from picolibc's libc.a" \
		sh -c "echo '$archives' | grep -q '/picolibc/.*/libc.a\$'"
	for archive in $archives; do
		check "$cn: ...an archive of the toolchain's, ${archive##*/}" test -f "$archive"
		want=$(expected "$image" "$list" "$archive" ${tools}nm ${tools}objdump)
		got=$(reported "$record" "$archive")
		check_eq "$cn: ${archive##*/}: per member, its functions, protected ones and bytes are what nm and objdump read" "$want" "$got"
	done
	# The banner, assembled before the link, is linked again to say so.
	want=$(clause "$image" "$list" $archives)
	got=$(strings -a "$image" | grep -E '^[a-z]+ \(configured ' | grep -o '; prebuilt: .*$')
	check_eq "$cn: the image's banner counts its prebuilt code as nm, objdump and readelf do" \
		"$want" "$got"
	make -C "$SRC" -s O="$O" ARCH=$arch M="$X" spaudit >"$T/audit" 2>&1
	check_grep "$cn: make M=DIR spaudit lists each member as prebuilt" \
		"^libgcc.a\(_[a-z0-9_]+\.o\) +[0-9]+ +[0-9]+  prebuilt +not audited" "$T/audit"
	make -C "$SRC" -s O="$O" ARCH=$arch M="$X" spaudit SPAUDIT_FLAGS=--json >"$T/audit.json" 2>&1
	check "$cn: --json: the members in a \"prebuilt\" array of their own, the objects as they were" \
		python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
assert len(d["prebuilt"]) == int(sys.argv[2]), (len(d["prebuilt"]), sys.argv[2])
assert all("weaker" in o for o in d["objects"])
assert all(p["member"].split("(")[0].endswith(".a") for p in d["prebuilt"])' "$T/audit.json" \
		"$(grep -c '  prebuilt ' "$T/audit")"
done

# The kit's sample on the MPS2 board with picolibc, as it runs under
# qemu-system: its banner says how much of it is prebuilt, unprotected.
# What runs is the payload the board's zImage carries.
O="$T/mps2_defconfig-picolibc"
nm=arm-none-eabi-nm objdump=arm-none-eabi-objdump readelf=arm-none-eabi-readelf
mk O="$O" ARCH=arm
payload=$O/samples/sample/sample-payload
want=$(clause "$payload" "$O/.sample-payload.ssp-objects" \
	$(sed -n 's/^prebuilt\t\([^(]*\)(.*/\1/p' "$O/.sample-payload.ssp-prebuilt" | sort -u))
check "MPS2 with picolibc: the sample holds prebuilt code, none of it protected ('$want')" \
	sh -c 'echo "$1" | grep -Eq "^; prebuilt: [1-9][0-9]* functions, 0 protected, [1-9][0-9]*% of text\)\$"' - "$want"
timeout 30 make -C "$SRC" -s O="$O" ARCH=arm run >"$T/run" 2>&1
check_grep "...and the banner it prints says so, as nm, objdump and readelf count it" \
	"^sspkit sample: arch=arm stack-protector=strong \(configured strong; exempt: [^;]*$(printf '%s' "$want" |
	sed 's/[()]/\\&/g') guard=" "$T/run"

# STRICT_PREBUILT: picolibc's members, none protected, are refused; the
# image is not left; trusted by name, they link. libgcc is trusted by
# default.
O="$T/mps2_defconfig-picolibc" X="$T/ext-mps2_defconfig-picolibc"
printf 'CONFIG_CC_STACKPROTECTOR_STRICT=y\nCONFIG_CC_STACKPROTECTOR_STRICT_PREBUILT=y\n' >>"$O/.config"
mk O="$O" ARCH=arm olddefconfig
check_grep "STRICT_PREBUILT: configured, libgcc.a trusted by default" \
	'^CONFIG_CC_STACKPROTECTOR_PREBUILT_TRUSTED="libgcc.a"$' "$O/.config"
mk O="$O" ARCH=arm M="$X"; rc=$?
check "STRICT_PREBUILT: an image linking unprotected picolibc members is refused" test $rc -ne 0
check_grep "...naming the image, the archive and both ways out" \
	"^error: $X/rtlib: the members it links from /usr/lib/picolibc/.*/libc.a check no canary, and CONFIG_CC_STACKPROTECTOR_STRICT_PREBUILT refuses prebuilt code built without the stack protector: rebuild the library with -fstack-protector-strong, or name libc.a in CONFIG_CC_STACKPROTECTOR_PREBUILT_TRUSTED" "$T/out"
check "...and no image is left, this build's or an earlier one's" test ! -e "$X/rtlib"
check_nogrep "...libgcc.a, trusted, is not what it refuses" "links from .*libgcc.a check no canary" "$T/out"
sed -i 's/^CONFIG_CC_STACKPROTECTOR_PREBUILT_TRUSTED=.*/CONFIG_CC_STACKPROTECTOR_PREBUILT_TRUSTED="libgcc.a libc.a"/' "$O/.config"
mk O="$O" ARCH=arm olddefconfig
mk O="$O" ARCH=arm M="$X"
check_eq "STRICT_PREBUILT: with libc.a trusted by name, it links" 0 $?
check "...and the image is there" test -x "$X/rtlib"

# The attribution, fed both ways: an archive that defines memcpy and
# strlen, as lib/string.o does.
O="$T/x86_64_defconfig" X="$T/ext-x86_64_defconfig"
printf 'void *memcpy(void *d, const void *s, unsigned long n);\nunsigned long strlen(const char *s);\nvoid *memcpy(void *d, const void *s, unsigned long n) { (void)s; (void)n; return d; }\nunsigned long strlen(const char *s) { (void)s; return 0; }\n' >"$T/fake.c"
gcc -c -O2 -o "$T/fake.o" "$T/fake.c" && ar rc "$T/libfake.a" "$T/fake.o"
(cd "$O" && scripts/spaudit/spaudit prebuilt --image="$X/rtlib" --list="$X/.rtlib.ssp-objects" \
	--record="$T/rec" "$T/libfake.a") >"$T/log" 2>&1
check_eq "an archive defining what an audited object defines takes nothing from the image" \
	"" "$(grep -v '^#' "$T/rec")"
grep -v 'lib/string.o' "$X/.rtlib.ssp-objects" >"$T/list-without"
(cd "$O" && scripts/spaudit/spaudit prebuilt --image="$X/rtlib" --list="$T/list-without" \
	--record="$T/rec" "$T/libfake.a") >"$T/log" 2>&1
check_grep "with that object left out of the list, its functions are the archive's" \
	"^prebuilt	$T/libfake.a\(fake.o\)	[0-9]+	0	[0-9]+$" "$T/rec"
check_grep "...and the build's line says so" "prebuilt libfake.a: [0-9]+ functions from 1 member" "$T/log"
"$O/scripts/spaudit/spaudit" prebuilt --image="$X/rtlib" --record="$T/rec" "$T/libfake.a" >"$T/log" 2>&1
check_eq "spaudit prebuilt without --list is a usage error" 2 $?

done_testing
