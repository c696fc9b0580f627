#!/bin/sh
# tests/run: slow
# The arm early-boot stage as a real first stage on the MPS2 AN385 board
# (arch/arm/boot/zImage, compressed/boot-v7m.c), with gcc and clang, in
# none, strong and all: it boots from its own vector table at 0x0,
# decompresses the sample linked for BOARD_PAYLOAD_BASE, checks its
# CRC-32 against the flat image the build packed, and boots it, which
# prints its banner and exits 0; the semihosting command line reaches
# the payload. The stage's own fixed canary catches an overrun in the
# stage, reported through error(); a flipped byte of the packed payload
# is refused with the CRC message. Every verdict is by what the board
# printed, never by a status alone.
. "$(dirname "$0")/../lib.sh"
. "$SRC/tests/board/mps2.sh"

SSP_MSG='stack-protector: Kernel stack is corrupted'
CRC_MSG='^zImage: checksum mismatch: crc32 0x[0-9a-f]{8}, expected 0x[0-9a-f]{8}, image corrupt$'

# crc32 FILE: its CRC-32 (IEEE), from gzip's trailer, as 0x%08x.
crc32() {
	printf '0x%08x' "$(gzip -c <"$1" | tail -c 8 | od -An -tu4 -N4 | tr -d ' ')"
}

# flip_payload IMAGE LZS OUT: IMAGE with the first byte of its packed
# payload's LZSS stream flipped. The payload is LZS (piggy.lzs) as it is,
# found at the one "SLZ1" where all of LZS follows: its 16-byte header,
# then the first flag byte, then the first item, always a literal (the
# output's first byte), so the stream stays well-formed and only the CRC
# can tell.
flip_payload() {
	off=
	for at in $(grep -obUa 'SLZ1' "$1" | cut -d: -f1); do
		cmp -s -i "$at:0" -n "$(wc -c <"$2")" "$1" "$2" && off=$at
	done
	[ -n "$off" ] || return 1
	cp "$1" "$3" &&
	b=$(od -An -tu1 -j $((off + 17)) -N1 "$1" | tr -d ' ') &&
	printf "\\$(printf '%03o' $((b ^ 0x20)))" |
		dd of="$3" bs=1 seek=$((off + 17)) conv=notrunc 2>/dev/null
}

# The board's nm: binutils', or LLVM's with clang alone.
NM=$(command -v arm-none-eabi-nm || command -v llvm-nm || echo arm-none-eabi-nm)

for compiler in gcc clang; do
	mps2_compiler $compiler || continue
	mk O="$O" ARCH=arm $llvm mps2_defconfig
	check_eq "$compiler: mps2_defconfig" 0 $?
	for mode in none strong all; do
		c="$compiler $mode"
		mk O="$O" ARCH=arm $llvm "$mode.config" && mk O="$O" ARCH=arm $llvm -j2
		zimage="$O/arch/arm/boot/zImage" bin="$O/arch/arm/boot/compressed/payload.bin"
		if [ $? -ne 0 ] || [ ! -f "$zimage" ] || [ ! -f "$bin" ]; then
			fail "$c: build the stage" "$(tail -20 "$T/out")"
			continue
		fi
		pass "$c: build the stage"
		check_grep "$c: the stage is linked for this mode" 'LD +arch/arm/boot/zImage$' "$T/out"
		check_nogrep "$c: no warning" '(warning|error):' "$T/out"

		# The stage's load image (to .data's initial values) ends below
		# where it puts its payload.
		sym() { $NM "$zimage" | awk -v s="$1" '$3 == s { print "0x" $1 }'; }
		end=$(( $(sym __data_load) + $(sym __data_end) - $(sym __data_start) ))
		check "$c: the stage ($(printf '0x%x' $end) bytes at 0x0) ends below its payload's 0x00200000" \
			test "$end" -lt $((0x00200000))

		brun "$zimage"
		size=$(wc -c <"$bin" | tr -d ' ')
		check_eq "$c: the stage boots the payload, which exits 0" 0 "$rc"
		check_eq "$c: ...after the stage's line: all $size bytes, the packed image's crc32" \
			"zImage: decompressed $size bytes, crc32 $(crc32 "$bin"), ok, done" \
			"$(sed -n 1p "$T/stdout")"
		check_grep "$c: ...then the payload's banner" \
			"^sspkit sample: arch=arm stack-protector=$mode( |\$)" "$T/stdout"
		check_nogrep "$c: ...and nothing on standard error" . "$T/stderr"

		brun "$zimage" smash char16
		check_grep "$c: the command line reaches the payload (smash char16)" \
			'^smash char16: case_char16 overruns its buffer by 64 bytes$' "$T/stdout"

		brun "$zimage" guard
		check_eq "$c: the stage's guard is the terminator canary" \
			"zImage: guard 0x000a0dff" "$(cat "$T/stdout")"

		brun "$zimage" smash
		check_nogrep "$c: smash in the stage: the payload never runs" '^sspkit sample:' "$T/stdout"
		check_nogrep "$c: ...and run-board saw no failure of QEMU's" '^run-board:' "$T/stderr"
		if [ $mode = none ]; then
			check "$c: smash is not caught (status $rc, neither 0 nor 134)" \
				test "$rc" -ne 0 -a "$rc" -ne 134
			check_nogrep "$c: ...no stack-protector line" '^stack-protector:' "$T/stderr"
			check_grep "$c: ...the board reports the fault" \
				'^board: (HardFault|MemManage|BusFault|UsageFault) at pc=0x[0-9a-f]{8} ' "$T/stderr"
		else
			check_eq "$c: smash is caught by the stage's canary: error(), status 134" 134 "$rc"
			check_eq "$c: ...with the stage's message, and only it" "$SSP_MSG" "$(cat "$T/stderr")"
		fi

		if flip_payload "$zimage" "$O/arch/arm/boot/compressed/piggy.lzs" "$T/zImage.flipped"; then
			brun "$T/zImage.flipped"
			check_eq "$c: a flipped byte of the packed payload: error(), status 134" 134 "$rc"
			check_grep "$c: ...refused by the CRC check" "$CRC_MSG" "$T/stderr"
			check_nogrep "$c: ...nor booted" '(ok, done|^sspkit sample:)' "$T/stdout"
		else
			fail "$c: find the packed payload (one \"SLZ1\") in the stage"
		fi
	done
done

# A board that does not say where its stage puts the sample: refused,
# naming the variable and where to set it.
if [ -n "${O:-}" ] && [ -f "$O/arch/arm/boot/zImage" ]; then
	mk O="$O" ARCH=arm $llvm BOARD_PAYLOAD_BASE= -j2
	check_eq "a board without BOARD_PAYLOAD_BASE: make fails" 2 $?
	check_grep "...saying what is missing and where it goes" \
		"sets no BOARD_PAYLOAD_BASE, .* as arch/arm/mach-mps2/Makefile.board does" "$T/out"
fi

done_testing
