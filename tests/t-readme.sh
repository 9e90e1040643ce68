#!/bin/bash
# t-readme.sh - every command README.md and Documentation/*.md show is
# run, so they cannot rot.
#
# Each fenced code block is an example of its own and starts from a fresh
# scratch directory holding "linux", a git copy of the unconverted
# fixture tree, beside links to the repository's tree-fixtures/, tests/,
# semantic-patches/ and kmigrate.1; kmigrate is first in PATH.
#  - ```sh blocks: every line runs there, in order; "# exits N" at the end
#    of a line gives its expected status (default 0).  "make" lines run in
#    the source tree, "make check" is skipped (it is what runs this).
#  - ```yaml blocks (CI snippets) run their kmigrate and make lines inside
#    the already converted "linux", as the CI job would; package installs
#    and CI plumbing are skipped.
#  - other blocks (```shell, ```console: a real tree's commands, output)
#    are not run.
. "$(dirname "$0")/lib.sh"

bin=$TMPDIR/bin
mkdir -p "$bin"
ln -sf "$KMIGRATE" "$bin/kmigrate"
export PATH="$bin:$PATH"
export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@example.org
export GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@example.org

fresh_env() {
	rm -rf "$TMPDIR/env" && mkdir -p "$TMPDIR/env/home"
	cp -a "$SRCDIR/tree-fixtures/linux-2.6.14-mini" "$TMPDIR/env/linux"
	git -C "$TMPDIR/env/linux" init -q &&
	git -C "$TMPDIR/env/linux" add -A &&
	git -C "$TMPDIR/env/linux" commit -qm base
	for d in tree-fixtures tests semantic-patches kmigrate.1; do
		ln -s "$SRCDIR/$d" "$TMPDIR/env/$d"
	done
	if [ "$1" = yaml ]; then
		kmigrate -q apply --in-place "$TMPDIR/env/linux" >/dev/null 2>&1
	fi
}

# run_line KIND LINE: run one README command where it belongs
run_line() {
	local kind=$1 line=$2 expect=0 dir=$TMPDIR/env
	case $line in
	*"# exits "[0-9]*) expect=${line##*# exits }; expect=${expect%%[!0-9]*} ;;
	esac
	line=${line%%#*}
	line=${line%"${line##*[![:space:]]}"}
	[ -n "$line" ] || return 0
	case $line in
	"make check"*) skip "$line" "this test runs inside it"; return ;;
	make*) dir=$SRCDIR ;;
	man*) command -v man >/dev/null || { skip "$line" "no man"; return; } ;;
	esac
	[ "$kind" = yaml ] && [ "$dir" != "$SRCDIR" ] && dir=$TMPDIR/env/linux
	(cd "$dir" && HOME=$TMPDIR/env/home MANPAGER=cat PAGER=cat \
		bash -c "$line" >"$TMPDIR/line.out" 2>&1 </dev/null)
	local status=$?
	if [ "$status" -eq "$expect" ]; then
		ok "$page: $line"
	else
		not_ok "$page: $line (exit $status, expected $expect)"
		sed 's/^/# /' "$TMPDIR/line.out" | tail -5
	fi
}

# yaml lines: the command after "- run: " or "- ", when it is ours
yaml_command() {
	local line=$1
	line=${line#"${line%%[![:space:]]*}"}
	line=${line#- }
	line=${line#run: }
	case $line in
	"kmigrate "*|"make -C kmigrate"*) ;;
	*) return 1 ;;
	esac
	line=${line//sudo /}
	line=${line//make -C kmigrate/make -C $SRCDIR}
	case $line in
	*install*) line=${line//install/install PREFIX=$TMPDIR/env/prefix} ;;
	esac
	printf '%s\n' "$line"
}

block=0
for path in "$SRCDIR/README.md" "$SRCDIR"/Documentation/*.md; do
	page=${path#"$SRCDIR"/}
	kind=
	while IFS= read -r line; do
		case $line in
		'```sh') kind=sh; block=$((block + 1)); fresh_env sh; continue ;;
		'```yaml') kind=yaml; block=$((block + 1)); fresh_env yaml; continue ;;
		'```'*) kind=; continue ;;
		esac
		case $kind in
		sh) run_line sh "$line" ;;
		yaml) cmd=$(yaml_command "$line") && run_line yaml "$cmd" ;;
		esac
	done <"$path"
done

if [ "$block" -ge 8 ]; then ok "the pages' $block command blocks were read"
else not_ok "only $block command blocks found in README.md and Documentation/*.md"; fi
check "README.md has the set-up block" \
	'grep -qx "make run .*" "$SRCDIR/README.md" && grep -qx "make check .*" "$SRCDIR/README.md"'
test_done
