#!/bin/sh
# Two makes started together in one object tree (ARCH=arm, from a clean
# tree): both must exit 0, and the image they
# leave must be the one a single make builds. ROBUST_RUNS sets the runs.
. "$(dirname "$0")/../lib.sh"

O="$T/obj"
runs=${ROBUST_RUNS:-4}
arch=arm
command -v arm-linux-gnueabihf-gcc >/dev/null && command -v qemu-arm >/dev/null || arch=x86_64
images=sample; [ $arch = arm ] && images="sample arch/arm/boot/zImage"

mk O="$O" ARCH=$arch defconfig && mk O="$O" ARCH=$arch ||
	fail "reference build" "$(cat "$T/out")"
mkdir -p "$T/ref"
for f in $images; do cp "$O/$f" "$T/ref/${f##*/}"; done

bad=0 waited=0 i=0
while [ $i -lt "$runs" ]; do
	i=$((i + 1))
	mk O="$O" ARCH=$arch clean
	(cd "$SRC" && exec make O="$O" ARCH=$arch >"$T/first" 2>&1) & first=$!
	(cd "$SRC" && exec make O="$O" ARCH=$arch >"$T/second" 2>&1) & second=$!
	wait $first; rc1=$?; wait $second; rc2=$?
	grep -q 'waiting for it to finish' "$T/first" "$T/second" && waited=$((waited + 1))
	why=""
	[ "$rc1 $rc2" = "0 0" ] || why="exit statuses $rc1 $rc2"
	for f in $images; do
		[ -n "$why" ] || cmp -s "$O/$f" "$T/ref/${f##*/}" || why="$f differs from a single make's"
	done
	if [ -z "$why" ] && [ $arch = arm ]; then
		qemu-arm "$O/sample" >"$T/banner" 2>&1 || why="sample does not run: $(cat "$T/banner")"
	fi
	if [ -n "$why" ]; then
		bad=$((bad + 1))
		echo "# run $i: $why"
		cat "$T/first" "$T/second" | sed 's/^/#   /' | tail -20
	fi
done
echo "# two makes in one tree (ARCH=$arch): $runs runs ($waited in which one waited for the other), $bad left a lost, stale or broken result"
check_eq "no pair of makes left a broken image or a failed make" 0 $bad
check_eq "in every run one make waited for the other" "$runs" $waited

done_testing
