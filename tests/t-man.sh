#!/bin/bash
# t-man.sh - the man page describes what the commands do: every command
# of 'kmigrate --help' and every option of each command's --help is in
# kmigrate.1, and the page formats without warnings.
. "$(dirname "$0")/lib.sh"
page=$SRCDIR/kmigrate.1

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
else
	skip "the man page formats without warnings" "no man (Debian's man-db)"
fi
test_done
