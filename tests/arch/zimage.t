#!/bin/sh
# The arm early-boot stage, arch/arm/boot/zImage, in each stack-protector
# mode: it decompresses the embedded sample and checks its CRC-32 (so its
# guard setup did not trip its own check), its guard is the terminator
# canary, an overrun of a protected char[16] reaches its handler (except
# in NONE, where nothing catches it), a corrupted output reaches error(),
# a mode change rebuilds it and a no-op make prints nothing.
. "$(dirname "$0")/../lib.sh"

if ! command -v arm-linux-gnueabihf-gcc >/dev/null 2>&1; then
	skip "zImage" "no arm cross compiler (arm-linux-gnueabihf-gcc)"
	done_testing
fi
if ! command -v qemu-arm >/dev/null 2>&1; then
	skip "zImage" "no qemu-arm (Debian package qemu-user)"
	done_testing
fi

O="$T/arm"
ZIMAGE="$O/arch/arm/boot/zImage"
STAGE="$ZIMAGE"
SSP_MSG='stack-protector: Kernel stack is corrupted'

# run ARGS...: run zImage; stdout in $T/stdout, stderr in $T/stderr, the
# shell's status in $rc. qemu-arm dies of the guest's signal, so a guest
# SIGABRT is 134 and SIGSEGV 139. No core files (and any would land in
# $T); the shell's own "Aborted" notice goes to /dev/null.
run() {
	{ (ulimit -c 0; cd "$T" && exec qemu-arm "$ZIMAGE" "$@") \
		>"$T/stdout" 2>"$T/stderr"; rc=$?; } 2>/dev/null
}

# calls to __stack_chk_fail in the linked stage
stage_checks() {
	arm-linux-gnueabihf-objdump -d "$STAGE" 2>/dev/null |
		grep -Ec 'bl(x)?[[:space:]].*<__stack_chk_fail>' || true
}

mk O="$O" ARCH=arm arm_defconfig
check_eq "arm_defconfig" 0 $?

for mode in $("$SRC/scripts/ssp-modes"); do
	mk O="$O" ARCH=arm "$mode.config" && mk O="$O" ARCH=arm -j2
	if [ $? -ne 0 ] || [ ! -x "$ZIMAGE" ]; then
		fail "$mode: build sample and zImage" "$(tail -20 "$T/out")"
		continue
	fi
	pass "$mode: build sample and zImage"
	check_grep "$mode: the stage is (re)linked for this mode" \
		'LD +arch/arm/boot/zImage$' "$T/out"

	# A normal run: under STRONG and ALL this also proves that the guard
	# setup and the entry carry no canary (else they would trip).
	run
	check_eq "$mode: zImage runs to the end, status 0" 0 "$rc"
	check_grep "$mode: zImage decompressed sample and its crc32 matched" \
		'^zImage: decompressed [1-9][0-9]* bytes, crc32 0x[0-9a-f]{8}, ok, done$' \
		"$T/stdout"
	size=$(wc -c <"$O/sample" | tr -d ' ')
	check_grep "$mode: ...all $size bytes of sample" \
		"^zImage: decompressed $size bytes," "$T/stdout"

	run guard
	check_eq "$mode: the stage's guard is the terminator canary" \
		"zImage: guard 0x000a0dff" "$(cat "$T/stdout")"

	checks=$(stage_checks)
	if [ "$mode" = none ]; then
		check_eq "$mode: no stage function checks a canary" 0 "$checks"
	else
		check "$mode: stage functions check canaries (calls: $checks)" \
			test "$checks" -gt 0
	fi

	run smash
	if [ "$mode" = none ]; then
		check "$mode: smash is not caught (status $rc, not 134)" \
			test "$rc" -ne 134 -a "$rc" -ne 0
		check_nogrep "$mode: ...and prints no stack-protector message" \
			'^stack-protector:' "$T/stderr"
	else
		check_eq "$mode: smash is caught: SIGABRT, status 134" 134 "$rc"
		check_grep "$mode: ...with the stage's message from error()" \
			"^$SSP_MSG\$" "$T/stderr"
		check_nogrep "$mode: ...before the overrun function returned" \
			'not caught' "$T/stderr"
	fi

	run corrupt
	check_eq "$mode: corrupt output: SIGABRT via error(), status 134" 134 "$rc"
	check_grep "$mode: ...reported as a checksum mismatch" \
		'^zImage: checksum mismatch: crc32 0x[0-9a-f]{8}, expected 0x[0-9a-f]{8}, image corrupt$' \
		"$T/stderr"
	check_nogrep "$mode: ...and not as a stack-protector failure" \
		'^stack-protector:' "$T/stderr"
done

if [ -x "$ZIMAGE" ]; then
	mk O="$O" ARCH=arm -j2
	check_eq "a no-op make after a full arm build succeeds" 0 $?
	check_eq "...and prints nothing" "" "$(cat "$T/out")"
else
	skip "a no-op make after a full arm build prints nothing" "no arm build"
fi

done_testing
