#!/bin/bash
# t-man.sh - the man page describes what the commands do: every command
# of 'kmigrate --help' and every option of each command's --help is in
# kmigrate.1; the other way, every command and option kmigrate.1 names
# exists (an option under a command's .TP in that command's --help or
# the global one, under GLOBAL OPTIONS in the global one, elsewhere in
# any); and the page formats without warnings.  Only options set in bold
# (.B, .BR, .RB, .BI, .IB) or in plain text are kmigrate's: another
# tool's, like checkpatch's --no-signoff, is set in italics.
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

# the other way: "LINE<TAB>CONTEXT<TAB>NAME" for each command (CONTEXT
# "command") and option (CONTEXT the command, "global" or "any") named
named=$TMPDIR/named.txt
awk '
/^\.SH / { section = $2; cmd = ""; next }
section == "COMMANDS" && prev == ".TP" && /^\.B/ {
	cmd = $2
	gsub(/"/, "", cmd)
	print NR "\tcommand\t" cmd
}
section == "EXAMPLES" && $1 == "kmigrate" && $2 ~ /^[a-z]/ {
	print NR "\tcommand\t" $2
}
{ prev = $1 }
/^\.(I|IR|RI|\\")( |$)/ { next }
{
	ctx = section == "COMMANDS" ? cmd : \
	      section == "GLOBAL" ? "global" : \
	      section == "EXAMPLES" && $1 == "kmigrate" ? $2 : "any"
	line = $0
	while (match(line, /--[a-z][a-z0-9-]*/)) {
		print NR "\t" ctx "\t" substr(line, RSTART, RLENGTH)
		line = substr(line, RSTART + RLENGTH)
	}
}' "$plain" >"$named"
"$KMIGRATE" --help >"$TMPDIR/help.global" 2>&1
: >"$TMPDIR/help.any"
for cmd in $commands; do
	"$KMIGRATE" "$cmd" --help >"$TMPDIR/help.$cmd" 2>&1
	cat "$TMPDIR/help.$cmd" >>"$TMPDIR/help.any"
done
cat "$TMPDIR/help.global" >>"$TMPDIR/help.any"
unknown=$TMPDIR/unknown.txt
: >"$unknown"
while IFS=$'\t' read -r line ctx name; do
	if [ "$ctx" = command ]; then
		# shellcheck disable=SC2086 # the names, one word each
		case " $(printf '%s ' $commands)" in
		*" $name "*) ;;
		*) echo "kmigrate.1:$line: '$name' is no command of 'kmigrate --help'" >>"$unknown" ;;
		esac
		continue
	fi
	[ -e "$TMPDIR/help.$ctx" ] || ctx=any
	re="$name\([^a-z0-9-]\|\$\)"
	grep -q -- "$re" "$TMPDIR/help.$ctx" ||
		grep -q -- "$re" "$TMPDIR/help.global" ||
		if [ "$ctx" = any ]; then
			echo "kmigrate.1:$line: '$name' is in no command's --help" >>"$unknown"
		else
			[ "$ctx" = global ] && ctx=
			echo "kmigrate.1:$line: '$name' is not in 'kmigrate ${ctx:+$ctx }--help'" >>"$unknown"
		fi
done <"$named"
check "the man page names commands and options ($(wc -l <"$named"))" '[ -s "$named" ]'
if [ -s "$unknown" ]; then
	not_ok "every command and option the man page names exists" "$unknown"
else
	ok "every command and option the man page names exists"
fi

if command -v man >/dev/null; then
	MANWIDTH=80 man --warnings -l "$page" >/dev/null 2>"$TMPDIR/man.err"
	check "the man page formats without warnings" '[ ! -s "$TMPDIR/man.err" ]'
else
	skip "the man page formats without warnings" "no man (Debian's man-db)"
fi
test_done
