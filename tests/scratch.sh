# scratch_name FILE: the scratch folder name of test FILE under $TESTTMP,
# its path below tests/ without ".t" (tests/kbuild/config.t -> kbuild/config),
# so that test files sharing a basename never share a folder. tests/lib.sh
# names each test's folder with it and tests/run checks the names it gets
# for the selected files are distinct.
scratch_name() {
	__d=$(cd "$(dirname "$1")" && pwd)
	__d=${__d%/}
	echo "$(basename "$__d")/$(basename "$1" .t)"
}
