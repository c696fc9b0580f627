# Shared by tests/libc/*.t, after lib.sh: the oracle, and one cell of
# the test library built against the configured C library.
#
# The oracle: tests/libc/libctest built against the build machine's
# gcc and C library, which know nothing of the kit; its output is the
# expected one ($T/expected, $T/expected.err). A file whose oracle does
# not build reports it and ends.
if ! gcc -std=gnu11 -O2 -Wall -Wextra -Werror -o "$T/oracle" \
	"$SRC"/tests/libc/libctest/*.c >"$T/out" 2>&1; then
	fail "the oracle builds with the build machine's gcc and C library" "$(cat "$T/out")"
	done_testing; exit 0
fi
"$T/oracle" >"$T/expected" 2>"$T/expected.err"

# mk_run ARGS...: mk, for "make ... run": a hang is killed after 30 s (a run takes under 2)
# (a program on the build machine runs without a time limit; the boards'
# scripts/run-board has its own).
mk_run() { timeout 30 make -C "$SRC" --no-print-directory "$@" >"$T/out" 2>&1; }

# libc_config SYMBOL O ARCH DEFCONFIG [LLVM=1]: DEFCONFIG with the C
# library CONFIG_SYMBOL chosen.
libc_config() {
	sym=$1 o=$2 arch=$3 def=$4; shift 4
	mk O="$o" ARCH=$arch "$@" $def &&
		echo "CONFIG_$sym=y" >>"$o/.config" &&
		mk O="$o" ARCH=$arch "$@" olddefconfig
}

# libc_cell SYMBOL ARCH DEFCONFIG [LLVM=1]: configures O, copies the
# test library to X, builds it and compares its run with the oracle.
# Sets cname, O, X, arch, llvm; returns non-zero when it did not build.
libc_cell() {
	sym=$1 arch=$2 def=$3 llvm=${4:-}
	cname="$def${llvm:+ (clang)}"
	O="$T/$def${llvm:+-llvm}" X="$T/ext-$def${llvm:+-llvm}"
	mkdir -p "$X" && cp "$SRC"/tests/libc/libctest/* "$X/"
	libc_config $sym "$O" $arch $def $llvm
	check_grep "$cname: the configuration has CONFIG_$sym" "^CONFIG_$sym=y" "$O/.config"
	mk O="$O" ARCH=$arch $llvm M="$X" -j2; rc=$?
	check_eq "$cname: a library using every standard header builds and links" 0 $rc
	[ $rc -eq 0 ] || { sed 's/^/#   /' "$T/out" | tail -5; return 1; }
	timeout 30 make -C "$SRC" -s O="$O" ARCH=$arch $llvm M="$X" run >"$T/got" 2>"$T/got.err"
	check_eq "$cname: ...and prints what the build machine's C library prints" \
		"$(cat "$T/expected")" "$(cat "$T/got")"
	check_eq "$cname: ...stderr included" "$(cat "$T/expected.err")" "$(cat "$T/got.err")"
	mk_run O="$O" ARCH=$arch $llvm M="$X" run RUNARGS="exit 7"
	check_grep "$cname: exit(7) ends the run with status 7" 'Error 7$' "$T/out"
}
