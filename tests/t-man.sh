#!/bin/bash
# t-man.sh - the man page describes what the commands do: every command
# of 'kmigrate --help' and every option of each command's --help is in
# kmigrate.1, and the page formats without warnings.
set -u
SRCDIR=${SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
KMIGRATE=${KMIGRATE:-$SRCDIR/kmigrate}
: "${TMPDIR:=/tmp}"
page=$SRCDIR/kmigrate.1
n=0 failed=0
check() {
	n=$((n + 1))
	if eval "$2"; then echo "ok $n - $1"; else failed=$((failed + 1)); echo "not ok $n - $1"; fi
}

# the page with roff's escaped dashes made plain
plain=$TMPDIR/page.txt
sed 's/\\-/-/g' "$page" >"$plain"

commands=$("$KMIGRATE" --help | sed -n '/^commands:/,/^$/p' | awk 'NF > 1 && $1 != "commands:" { print $1 }')
check "kmigrate --help lists commands" '[ -n "$commands" ]'
for cmd in $commands; do
	check "the man page describes '$cmd'" 'grep -q "^\.BR $cmd\b" "$plain"'
	for opt in $("$KMIGRATE" "$cmd" --help | grep -o -- '--[a-z][a-z-]*' | sort -u); do
		case $opt in --help|--jobs) continue ;; esac
		check "the man page names '$cmd $opt'" 'grep -q -- "$opt" "$plain"'
	done
done

if command -v man >/dev/null; then
	MANWIDTH=80 man --warnings -l "$page" >/dev/null 2>"$TMPDIR/man.err"
	check "the man page formats without warnings" '[ ! -s "$TMPDIR/man.err" ]'
fi
echo "1..$n"
[ "$failed" -eq 0 ]
