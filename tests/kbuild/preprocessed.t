#!/bin/sh
# tests/run: slow
# Preprocessed sources compile under -Werror (issue 35, 6): distcc,
# icecream and ccache with CCACHE_NOCPP2=1 preprocess on one side and
# compile the .i text on the other, where clang no longer knows that an
# expression came from a macro (sys.h's discarded my_syscall1() result was
# -Wunused-value there). For gcc and clang, x86_64 and arm with the
# per-task guard (arch/*/include/asm/task-guard.h), every C object of the build is made
# again as "make DIR/FILE.i" and that text compiled with the object's own
# flags; each must compile without a warning.
. "$(dirname "$0")/../lib.sh"

# compile_i O OBJ: compile OBJ's .i with the command make recorded for OBJ,
# minus what only preprocessing takes (a .i has everything included).
compile_i() {
	sed -n "s|^cmd_$2 := ||p" "$1/$(dirname "$2")/.$(basename "$2").cmd" | awk -v i="$1/${2%.o}.i" -v o="$T/i.o" '{
		out = ""
		for (k = 1; k <= NF; k++) {
			w = $k
			if (w == "-include" || w == "-isystem" || w == "-o") { k++; continue }
			if (w ~ /^-(Wp,|I|D|nostdinc)/ || w ~ /\.c$/ || w == "-c") continue
			out = out " " w
		}
		print out " -c -o " o " " i
	}' >"$T/cmd"
	(cd "$1" && sh "$T/cmd")
}

for cell in x86_64:gcc x86_64:clang arm:gcc arm:clang; do
	arch=${cell%:*} cc=${cell#*:}
	O="$T/$arch-$cc" llvm=""
	[ $cc = clang ] && llvm=LLVM=1
	mk O="$O" ARCH=$arch $llvm ${arch}_defconfig per-task.config && mk O="$O" $llvm; rc=$?
	check_eq "$cc: $arch per-task build" 0 $rc
	cc="$arch $cc"
	objs=$(cd "$O" && find arch kernel lib samples -name '.*.o.cmd' | sed 's|/\.\([^/]*\)\.cmd$|/\1|' | sort)
	n=0 bad=""
	for obj in $objs; do
		[ -e "$SRC/${obj%.o}.c" ] || continue	# assembler sources
		n=$((n + 1))
		if ! mk O="$O" $llvm "${obj%.o}.i"; then bad="$bad $obj(make .i)"; continue; fi
		compile_i "$O" "$obj" >"$T/i.out" 2>&1 || { bad="$bad $obj"; cat "$T/i.out"; }
	done
	echo "# $cc: $n C objects compiled from their .i"
	check "$cc: at least five C objects" test $n -ge 5
	check_eq "$cc: every one compiles from its .i under -Werror" "" "$bad"
done

# The check sees the failure it is for: sys.h's old line, in a copy.
C="$T/src-old"
src_copy "$C"
sed -i 's/(void)my_syscall1(__NR_exit_group/my_syscall1(__NR_exit_group/' "$C/include/sspkit/sys.h"
make -C "$C" O="$T/old" LLVM=1 x86_64_defconfig >/dev/null 2>&1 &&
	make -C "$C" O="$T/old" LLVM=1 >/dev/null 2>&1 &&
	make -C "$C" O="$T/old" LLVM=1 kernel/start.i >/dev/null 2>&1
check "the old sys.h builds with clang, objects from source" test -e "$T/old/kernel/start.o"
compile_i "$T/old" kernel/start.o >"$T/i.out" 2>&1; rc=$?
check "...but its kernel/start.i does not compile" test $rc -ne 0
check_grep "...for the discarded my_syscall1() result" \
	'include/sspkit/sys.h:72:.*error: expression result unused \[-Werror,-Wunused-value\]' "$T/i.out"

done_testing
