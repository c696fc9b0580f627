# Shared helpers for sspkit's shell tests.  Source it first thing:
#
#   . "$(dirname "$0")/../lib.sh"
#
# Each check prints one TAP-style line, which tests/run counts:
#   ok - NAME            not ok - NAME            ok - NAME # SKIP why
# A test file exits 0 once it has run its checks; failures are counted from
# the lines, not from the exit status.

set -u

SRC=$(cd "$(dirname "$0")/../.." && pwd)
export SRC
# Each test file gets its own scratch folder, removed on success, named by
# its path below tests/ (see tests/scratch.sh).
. "$SRC/tests/scratch.sh"
TESTTMP=${TESTTMP:-$(mktemp -d "${TMPDIR:-/tmp}/sspkit-test.XXXXXX")}
T="$TESTTMP/$(scratch_name "$0")"
rm -rf "$T" && mkdir -p "$T"
export T

# Keep the user's environment from changing what make does.
unset ARCH CROSS_COMPILE LLVM O V KCFLAGS KCONFIG_CONFIG MAKEFLAGS MFLAGS \
	MAKELEVEL SRCARCH CC LD AR 2>/dev/null || true

__failed=0
# pass NAME / fail NAME [DETAIL...] / skip NAME WHY: record one result.
pass() { echo "ok - $1"; }
fail() {
	echo "not ok - $1"; shift
	__failed=$((__failed + 1))
	[ $# -gt 0 ] && printf '%s\n' "$@" | sed 's/^/#   /' | head -40
	return 0
}
skip() { echo "ok - $1 # SKIP $2"; }

# check NAME CMD...: pass when CMD exits 0; on failure show its output.
check() {
	name=$1; shift
	if out=$("$@" 2>&1); then pass "$name"; else fail "$name" "command: $*" "$out"; fi
}

# check_fails NAME CMD...: pass when CMD exits non-zero.
check_fails() {
	name=$1; shift
	if out=$("$@" 2>&1); then fail "$name" "expected failure: $*" "$out"; else pass "$name"; fi
}

# check_eq NAME EXPECTED ACTUAL
check_eq() {
	if [ "$2" = "$3" ]; then pass "$1"; else fail "$1" "expected: $2" "actual:   $3"; fi
}

# check_grep NAME PATTERN FILE: FILE has a line matching the extended regex.
check_grep() {
	if grep -Eq -- "$2" "$3" 2>/dev/null; then pass "$1"
	else fail "$1" "no line matching /$2/ in $3:" "$(tail -20 "$3" 2>/dev/null)"; fi
}

# check_nogrep NAME PATTERN FILE: FILE has no line matching PATTERN.
check_nogrep() {
	if grep -Eq -- "$2" "$3" 2>/dev/null; then
		fail "$1" "unexpected line matching /$2/ in $3:" "$(grep -E -- "$2" "$3" | head)"
	else pass "$1"; fi
}

# mk ARGS...: run make on the source tree, output to $T/out, status in $?.
mk() { make -C "$SRC" --no-print-directory "$@" >"$T/out" 2>&1; }
# smk ARGS...: mk, on the copy of the tree in $S (src_copy).
smk() { make -C "$S" --no-print-directory "$@" >"$T/out" 2>&1; }

# in_group OUT CMD...: start CMD in the background, in a process group of
# its own with SIGINT at its default action, output to OUT; its process
# group id is left in $pgid, so that "kill -s SIG -- -$pgid" hits CMD and
# everything it started, as ^C or a CI runner's kill would. (A shell starts
# background jobs with SIGINT ignored, and make keeps a signal that was
# ignored when it started. perl-base is essential in Debian.)
in_group() {
	__out=$1; shift
	perl -e 'use POSIX; setpgid(0, 0); $SIG{INT} = "DEFAULT";
		exec @ARGV or die "exec: $!"' "$@" >"$__out" 2>&1 &
	pgid=$!
}

# kill_holders FILE: SIGKILL every process that has FILE open. For the
# tree's lock (O/.make.lock): ninja starts each command in a process group
# of its own, and the command holds the lock, so a kill of make's group
# leaves it running, and the next make waits for it (kbuild/ninja.t). A
# CI runner's or the OOM killer's end of the whole job takes them too.
kill_holders() {
	__f=$(readlink -f "$1")
	for __fd in /proc/[0-9]*/fd/*; do
		[ "$(readlink "$__fd" 2>/dev/null)" = "$__f" ] || continue
		__p=${__fd#/proc/}
		kill -s KILL "${__p%%/*}" 2>/dev/null
	done
	return 0
}

# random_delay MAX: a random number of seconds from 0 to MAX (3 decimals).
random_delay() {
	od -An -N4 -tu4 /dev/urandom | awk -v max="$1" '{ printf "%.3f\n", max * $1 / 4294967295 }'
}

# tmux_setup NAME: a tmux server of this test's own (in $T, killed at
# exit), for driving a menu program as a person would, and a session name
# in $S for tmux new-session -s "$S". It defines:
#   wait_for TEXT  poll the screen until TEXT shows, for up to 15 seconds
#                  (the screen is left in $T/screen)
#   key KEY...     type, then give the program time to redraw
tmux_setup() {
	S="sspkit-$1-$$"
	export TMUX_TMPDIR="$T"
	trap 'tmux kill-server 2>/dev/null' EXIT
	__tmux_server=y
	# Keep the server up between sessions: with tmux's default
	# exit-empty, killing a test's last session makes the server exit,
	# and a new-session that reaches its socket meanwhile fails with
	# "server exited unexpectedly" (a CI run failed so).
	tmux start-server \; set-option -g exit-empty off
	wait_for() {
		i=0
		while [ $i -lt 150 ]; do
			tmux capture-pane -p -t "$S" >"$T/screen" 2>/dev/null
			grep -qF -- "$1" "$T/screen" && return 0
			sleep 0.1; i=$((i + 1))
		done
		return 1
	}
	key() { tmux send-keys -t "$S" "$@"; sleep 0.5; }
}

# builtin_members A: the objects of built-in.a A (a path from the object
# tree), a path a line, from the list make wrote to make it: the archive
# itself keeps file names alone (scripts/Makefile.build).
builtin_members() {
	cat "${1%/*}/.${1##*/}.list"
}

# done_testing: end of a test file; keep the scratch folder if anything failed.
done_testing() {
	# tmux_setup's server first: its socket is in $T, and with exit-empty
	# off it would outlive the test, unreachable, once $T is gone.
	[ -z "${__tmux_server:-}" ] || tmux kill-server 2>/dev/null
	[ $__failed -eq 0 ] && rm -rf "$T"
	exit 0
}

# src_copy DIR: a copy of the source tree (its tracked and new files, no
# build output) in DIR, for tests that must edit a Makefile.
src_copy() {
	mkdir -p "$1" &&
	(cd "$SRC" && git ls-files -z --cached --others --exclude-standard |
		xargs -0 cp --parents -t "$1" 2>/dev/null)
}

# tls_pattern ARCH: how the compiler's code reads the TLS canary on ARCH
# (x86_64, i686, ppc64le), as objdump prints the operand.
tls_pattern() {
	case $1 in
	x86_64) echo '%fs:0x28' ;;
	i686) echo '%gs:0x14' ;;
	ppc64le) echo '-28688(r13)' ;;
	esac
}
