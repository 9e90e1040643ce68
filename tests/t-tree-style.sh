#!/bin/bash
# t-tree-style.sh - apply writes lines as the tree's checkpatch asks: it
# wraps past the "my $max_line_length = N;" of its scripts/checkpatch.pl
# (read, never run), 80 without one, --max-line-length overriding it on
# apply, series and run; and a changed line is indented with tabs.  On scratch copies of the 2.6.14 mini tree, whose expected
# conversion wraps calls at 80 columns: raw.c's call, 82 columns whole,
# among them.
. "$(dirname "$0")/lib.sh"
export LC_ALL=C
MINI=$SRCDIR/tree-fixtures/linux-2.6.14-mini
EXPECTED=$(expected_tree) || exit 1
make_scratch
out=$scratch/out err=$scratch/err
check_shows=$err

if ! command -v spatch >/dev/null; then
	echo "1..0 # SKIP spatch is not installed"
	exit 0
fi

# the diff in $2: no "+" line past $1 columns in a change block whose
# "-" lines were all within $1 (tabs to multiples of 8)
no_new_wide_lines() {
	awk -v max="$1" '
	function width(s,	i, c, w) {
		w = 0
		for (i = 1; i <= length(s); i++) {
			c = substr(s, i, 1)
			if (c == "\t") w = int(w / 8) * 8 + 8
			else if (c != "\r") w++
		}
		return w
	}
	function flush() {
		if (plus_wide && !minus_wide) bad++
		plus_wide = minus_wide = 0
	}
	/^(\+\+\+|---) / { next }
	/^-/ { if (saw_plus) flush(); saw_plus = 0
	       if (width(substr($0, 2)) > max) minus_wide = 1; next }
	/^\+/ { saw_plus = 1; if (width(substr($0, 2)) > max) plus_wide = 1
		next }
	{ flush(); saw_plus = 0 }
	END { flush(); exit bad ? 1 : 0 }' "$2"
}
added() {
	awk 'function width(s,	i, c, w) {
		w = 0
		for (i = 1; i <= length(s); i++) {
			c = substr(s, i, 1)
			if (c == "\t") w = int(w / 8) * 8 + 8
			else if (c != "\r") w++
		}
		return w
	}
	/^\+\+\+ / { next }
	/^\+/ { w = width(substr($0, 2)); if (w > max) max = w }
	END { print max + 0 }' "$1"
}
added() { grep -c '^+[^+]' "$1"; }
# raw.c's call, whole (82 columns) and wrapped at 80
RAW_WHOLE='^+	class_device_create(raw_class, NULL, MKDEV(RAW_MAJOR, 0), NULL, "rawctl");$'
RAW_WRAPPED='^+	class_device_create(raw_class, NULL, MKDEV(RAW_MAJOR, 0), NULL,$'

removed() { grep -c '^-[^-]' "$1"; }

# a copy of the mini tree whose checkpatch declares the limit $1; the
# script would leave $scratch/ran if anything ran it
tree_with_limit() {
	rm -rf "$scratch/tree"
	cp -a "$MINI" "$scratch/tree"
	mkdir -p "$scratch/tree/scripts"
	cat >"$scratch/tree/scripts/checkpatch.pl" <<EOF
#!/bin/sh
touch "$scratch/ran"
exit 0
my \$max_line_length = $1;
EOF
	chmod +x "$scratch/tree/scripts/checkpatch.pl"
}

(cd "$MINI/.." && diff -ru linux-2.6.14-mini "$EXPECTED") >"$scratch/at80"
"$KMIGRATE" apply "$MINI" >"$scratch/mini.diff" 2>"$err"
check "no checkpatch: wrapped at 80, as the expected conversion" \
	'[ $? -eq 0 ] &&
	 [ "$(added "$scratch/mini.diff")" -eq "$(added "$scratch/at80")" ] &&
	 grep -q "$RAW_WRAPPED" "$scratch/mini.diff"'

tree_with_limit 100
"$KMIGRATE" apply "$scratch/tree" >"$scratch/100.diff" 2>"$err"
status=$?
check "its checkpatch says 100: lines past 80 kept whole, none past 100" \
	'[ $status -eq 0 ] &&
	 [ "$(added "$scratch/100.diff")" -lt "$(added "$scratch/mini.diff")" ] &&
	 no_new_wide_lines 100 "$scratch/100.diff" &&
	 ! no_new_wide_lines 80 "$scratch/100.diff" &&
	 grep -q "$RAW_WHOLE" "$scratch/100.diff"'
check "the tree's checkpatch is read, never run" '[ ! -e "$scratch/ran" ]'

"$KMIGRATE" apply --max-line-length 80 "$scratch/tree" \
	>"$scratch/100-at-80.diff" 2>"$err"
check "--max-line-length 80 overrides the tree's 100" \
	'[ $? -eq 0 ] && cmp -s "$scratch/mini.diff" "$scratch/100-at-80.diff"'
"$KMIGRATE" apply --max-line-length 100 "$MINI" >"$scratch/mini-100.diff" \
	2>"$err"
check "--max-line-length 100 on a tree without checkpatch: as at 100" \
	'[ $? -eq 0 ] && cmp -s "$scratch/100.diff" "$scratch/mini-100.diff"'

"$KMIGRATE" apply --in-place "$scratch/tree" >"$out" 2>"$err" &&
	"$KMIGRATE" apply "$scratch/tree" >"$scratch/again" 2>"$err"
check "at 100, a second apply changes nothing" \
	'[ $? -eq 0 ] && [ ! -s "$scratch/again" ]'

tree_with_limit 72
"$KMIGRATE" apply "$scratch/tree" >"$scratch/72.diff" 2>"$err"
check "its checkpatch says 72: no line pushed past 72" \
	'[ $? -eq 0 ] && no_new_wide_lines 72 "$scratch/72.diff" &&
	 ! no_new_wide_lines 72 "$scratch/mini.diff"'

for bad in 0 -3 1001 x; do
	"$KMIGRATE" apply --max-line-length "$bad" "$MINI" >"$out" 2>"$err"
	status=$?
	check "--max-line-length $bad: exit 2, one line" \
		'[ $status -eq 2 ] && [ "$(wc -l <"$err")" -eq 1 ] &&
		 grep -q "max-line-length" "$err"'
done

# a changed line indented with spaces gets tabs; no other line changes
rm -rf "$scratch/tree"
cp -a "$MINI" "$scratch/tree"
sed -i -e 's/^\tclass_device_create(raw_class, MKDEV(RAW_MAJOR, 0)/        class_device_create(raw_class, MKDEV(RAW_MAJOR, 0)/' \
	-e 's/^\traw_class = class_create/        raw_class = class_create/' \
	"$scratch/tree/drivers/char/raw.c"
"$KMIGRATE" apply --in-place "$scratch/tree" >"$out" 2>"$err"
status=$?
diff "$EXPECTED/drivers/char/raw.c" "$scratch/tree/drivers/char/raw.c" \
	>"$scratch/raw.diff"
check "a changed line indented with 8 spaces gets a tab, no other line" \
	'[ $status -eq 0 ] && [ "$(grep -c "^[<>]" "$scratch/raw.diff")" -eq 2 ] &&
	 grep -q "^[<>]         raw_class = class_create" "$scratch/raw.diff"'

# series and run take it too, and pass it on
tree_with_limit 100
"$KMIGRATE" series "$scratch/tree" --out "$scratch/s100" \
	--from "A U Thor <author@example.org>" --signoff >"$out" 2>"$err"
check "series on the tree whose checkpatch says 100: calls kept whole" \
	'[ $? -eq 0 ] && grep -q "$RAW_WHOLE" "$scratch"/s100/0001-*.patch'
"$KMIGRATE" series "$scratch/tree" --out "$scratch/s80" --max-line-length 80 \
	--from "A U Thor <author@example.org>" --signoff >"$out" 2>"$err"
check "series --max-line-length 80 wraps them" \
	'[ $? -eq 0 ] && grep -q "$RAW_WRAPPED" "$scratch"/s80/0001-*.patch'
TMPDIR=$scratch "$KMIGRATE" run --max-line-length 100 --out "$scratch/run" \
	>"$out" 2>"$err"
check "run --max-line-length 100: the demo series keeps calls whole" \
	'[ $? -eq 0 ] && grep -q "$RAW_WHOLE" "$scratch"/run/0001-*.patch'

test_done
