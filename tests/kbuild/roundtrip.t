#!/bin/sh
# savedefconfig then defconfig, the kernel's way: on
# every arch and with both engines, the minimal file savedefconfig writes,
# copied to configs/NAME_defconfig, gives back the same .config through
# "make NAME_defconfig" and "make defconfig KBUILD_DEFCONFIG=...".
. "$(dirname "$0")/../lib.sh"

engines=frontends
if /usr/bin/python3 -c 'import kconfiglib' 2>/dev/null; then
	engines="frontends kconfiglib"
else
	skip "round trips on Kconfiglib" "python3-kconfiglib is not installed (scripts/install-deps installs it)"
fi
CMP="$SRC/scripts/kconfig/config-changes"
# A copy of the tree, so that its configs/ can take the saved files.
S="$T/src"
src_copy "$S"
arches=$("$SRC/scripts/arches")
m() { make -C "$S" --no-print-directory "$@" >"$T/out" 2>&1; }

for arch in $arches; do
	for e in $engines; do
		O="$T/$arch-$e" nm="rt-$arch-$e"
		# Away from the defaults: regular with ssp-buffer-size=4, and a string.
		m O="$O" ARCH="$arch" KCONFIG=$e ${arch}_defconfig regular4.config &&
		sed -i 's/^CONFIG_LOCALVERSION=.*/CONFIG_LOCALVERSION="-rt"/' "$O/.config" &&
		m O="$O" ARCH="$arch" KCONFIG=$e olddefconfig &&
		cp "$O/.config" "$T/$nm.start" &&
		m O="$O" ARCH="$arch" KCONFIG=$e savedefconfig
		# The stack-protector choice depends on HAVE_CC_STACKPROTECTOR,
		# which m68k does not select: there the fragment sets nothing.
		want='CONFIG_LOCALVERSION="-rt"'
		grep -q '^CONFIG_HAVE_CC_STACKPROTECTOR=y$' "$T/$nm.start" &&
			want=$(printf '%s\n' CONFIG_CC_STACKPROTECTOR_BUFFER_SIZE=4 \
				CONFIG_CC_STACKPROTECTOR_REGULAR=y "$want")
		check_eq "$arch $e: savedefconfig keeps what differs from the defaults" \
			"$want" "$(grep -v '^#' "$O/defconfig" | sort)"
		check_eq "$arch $e: ...after a first line naming the ARCH it was saved on" \
			"# saved on ARCH=$arch: load it with \"make ARCH=$arch NAME_defconfig\"" \
			"$(head -1 "$O/defconfig")"
		cp "$O/defconfig" "$S/configs/${nm}_defconfig"
		m O="$O" ARCH="$arch" KCONFIG=$e ${nm}_defconfig
		check "$arch $e: make ${nm}_defconfig gives back the same .config" \
			cmp "$T/$nm.start" "$O/.config"
		m O="$O" ARCH="$arch" KCONFIG=$e ${arch}_defconfig &&
		m O="$O" ARCH="$arch" KCONFIG=$e defconfig KBUILD_DEFCONFIG=${nm}_defconfig
		check "$arch $e: ...and so does make defconfig KBUILD_DEFCONFIG=${nm}_defconfig" \
			cmp "$T/$nm.start" "$O/.config"
	done
	if [ "$engines" != frontends ]; then
		# Across engines: each loads the other's file to the same values.
		m O="$T/$arch-x" ARCH="$arch" KCONFIG=kconfiglib rt-$arch-frontends_defconfig
		check "$arch: kconfig-frontends' saved file, loaded by Kconfiglib: the same values" \
			sh "$CMP" --values "$T/rt-$arch-frontends.start" "$T/$arch-x/.config"
		m O="$T/$arch-x" ARCH="$arch" KCONFIG=frontends rt-$arch-kconfiglib_defconfig
		check "$arch: Kconfiglib's, loaded by kconfig-frontends: the same values" \
			sh "$CMP" --values "$T/rt-$arch-kconfiglib.start" "$T/$arch-x/.config"
	fi
done

# A saved file is never loaded for another ARCH, whatever its name.
cp "$S/configs/rt-arm-frontends_defconfig" "$S/configs/myboard_defconfig"
m O="$T/wrong" myboard_defconfig; rc=$?
check "myboard_defconfig saved on arm, loaded without ARCH=: fails" test $rc -ne 0
check_grep "...naming the ARCH and the command to run" \
	"configs/myboard_defconfig is for ARCH=arm, and this make is for ARCH=x86_64 .*run \"make ARCH=arm O=$T/wrong myboard_defconfig\"" "$T/out"
check "...and writes no .config" test ! -e "$T/wrong/.config"
m O="$T/wrong" ARCH=arm myboard_defconfig
check "...with ARCH=arm it loads the same .config as saved" cmp "$T/rt-arm-frontends.start" "$T/wrong/.config"

# The check can fail: a saved file that lost a line does not round-trip.
grep -v BUFFER_SIZE "$S/configs/rt-x86_64-frontends_defconfig" >"$S/configs/lossy_defconfig"
m O="$T/lossy" lossy_defconfig
check_fails "a saved file without BUFFER_SIZE=4 does not give the .config back" \
	cmp "$T/rt-x86_64-frontends.start" "$T/lossy/.config"
check_fails "KBUILD_DEFCONFIG naming no file fails" m O="$T/lossy" defconfig KBUILD_DEFCONFIG=nosuch_defconfig
check_grep "...naming it and the files there are" \
	'configs/nosuch_defconfig not found; available: .*rt-x86_64-frontends_defconfig' "$T/out"

done_testing
