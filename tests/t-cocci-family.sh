#!/bin/bash
# t-cocci-family.sh - a family's semantic patch is one file: "kmigrate
# cocci" prints every function's and every value case's rules in one
# .cocci (one header, each virtual once, rule names unique) that spatch
# takes as "make coccicheck COCCI=..." gives it: -D patch converts what
# apply converts, -D report names every line of an old call scan lists.
# The family is ida-simple (two functions, four cases by value), on a
# small tree written here.
. "$(dirname "$0")/lib.sh"
SPATCH=${SPATCH:-spatch}
if ! command -v "$SPATCH" >/dev/null 2>&1; then
	skip "a family's semantic patch" "no spatch"
	test_done
	exit
fi
make_scratch

tree=$scratch/tree
mkdir -p "$tree/drivers/misc"
cat >"$tree/drivers/misc/ports.c" <<'EOF'
#include <linux/idr.h>

#define PORT_LIMIT 64

static DEFINE_IDA(port_ida);

static int port_get(unsigned int first, unsigned int last)
{
	int any, min, max, range, open;

	any = ida_simple_get(&port_ida, 0, 0, GFP_KERNEL);
	min = ida_simple_get(&port_ida, 4, 0, GFP_KERNEL);
	max = ida_simple_get(&port_ida, 0, PORT_LIMIT, GFP_KERNEL);
	range = ida_simple_get(&port_ida, 2, PORT_LIMIT, GFP_NOWAIT);
	open = ida_simple_get(&port_ida, first, last, GFP_KERNEL);
	return any + min + max + range + open;
}

static void port_put(int id)
{
	ida_simple_remove(&port_ida, id);
}
EOF
cat >"$tree/drivers/misc/lanes.c" <<'EOF'
#include <linux/idr.h>

static DEFINE_IDA(lane_ida);

int lane_get(void)
{
	return ida_simple_get(&lane_ida, 1, 0, GFP_KERNEL);
}

void lane_put(int lane)
{
	ida_simple_remove(&lane_ida, lane);
}
EOF

cocci=$scratch/ida-simple.cocci
"$KMIGRATE" --migration ida-simple cocci >"$cocci" 2>"$scratch/err"
status=$?
grep '^@[A-Za-z_]' "$cocci" | sed 's/^@\([A-Za-z_0-9]*\).*/\1/' |
	grep -v '^depends$\|^script$' | sort | uniq -d >"$scratch/dup-rules"
check "kmigrate cocci prints a family as one file: exit 0, one header, one virtual each, unique rule names" \
	'[ $status -eq 0 ] && [ "$(grep -c "^// SPDX-License-Identifier" "$cocci")" -eq 1 ] &&
	 [ "$(grep -c "^// Options:" "$cocci")" -eq 1 ] &&
	 [ "$(grep -c "^virtual patch$" "$cocci")" -eq 1 ] &&
	 [ "$(grep -c "^virtual report$" "$cocci")" -eq 1 ] &&
	 grep -q "^- ida_simple_remove@p$" "$cocci" &&
	 grep -q "^+ ida_alloc_range$" "$cocci" &&
	 [ ! -s "$scratch/dup-rules" ]' || show "$scratch/err"
check "its Keywords name every function of the family" \
	'grep -q "^// Keywords: ida_simple_get, ida_alloc, ida_alloc_min, ida_alloc_max, ida_alloc_range, ida_simple_remove, ida_free$" "$cocci"'

# spatch as scripts/coccicheck runs it: the Options: line, -D MODE.  The
# ends are a macro: apply folds a literal's "64 - 1", spatch writes it
# as the map says; apply lays its lines out, spatch does not: the trees
# are compared without blanks
squeeze() { tr -d ' \t\r\n' <"$1"; }
read -r -a opts <<<"$(sed -n 's|^// Options:||p' "$cocci")"
cp -R "$tree" "$scratch/by-spatch"
cp -R "$tree" "$scratch/by-apply"
(cd "$scratch/by-spatch" && "$SPATCH" --sp-file "$cocci" -D patch \
	"${opts[@]}" --very-quiet --dir .) >"$scratch/spatch.diff" \
	2>"$scratch/spatch.err"
status=$?
(cd "$scratch/by-spatch" && patch -s -p1 <"$scratch/spatch.diff") \
	>"$scratch/patch.err" 2>&1
"$KMIGRATE" --migration ida-simple -q apply --in-place \
	"$scratch/by-apply" >/dev/null 2>"$scratch/apply.err"
diff -ru "$tree" "$scratch/by-apply" >"$scratch/apply.diff"
diff -ru "$scratch/by-apply" "$scratch/by-spatch" >"$scratch/differ"
same=1
for f in drivers/misc/ports.c drivers/misc/lanes.c; do
	[ "$(squeeze "$scratch/by-apply/$f")" = \
	  "$(squeeze "$scratch/by-spatch/$f")" ] || same=0
done
check "spatch -D patch with the one file: exit 0, the tree apply writes (7 calls of 8 converted)" \
	'[ $status -eq 0 ] && [ "$same" -eq 1 ] &&
	 [ "$(cat "$scratch"/by-apply/drivers/misc/*.c |
		grep -o "ida_alloc[a-z_]*(\|ida_free(" | wc -l)" -eq 7 ] &&
	 grep -q "ida_simple_get(&port_ida, first, last, GFP_KERNEL)" \
		"$scratch/by-spatch/drivers/misc/ports.c"' ||
	{ show "$scratch/spatch.err"; show "$scratch/differ" 20; }

"$KMIGRATE" --migration ida-simple -q scan "$tree" 2>/dev/null |
	sed -n 's/^\([^:]*:[0-9]*\):[0-9]*: old .*/\1/p' | sort -u >"$scratch/old"
(cd "$tree" && "$SPATCH" --sp-file "$cocci" -D report "${opts[@]}" \
	--very-quiet --dir .) >"$scratch/report" 2>"$scratch/report.err"
status=$?
sed -n 's|^\./||; s/^\([^:]*:[0-9]*\):.*/\1/p' "$scratch/report" |
	sort -u >"$scratch/reported"
check "spatch -D report with the one file: exit 0, names each line of the 8 old calls scan lists" \
	'[ $status -eq 0 ] && [ "$(wc -l <"$scratch/old")" -eq 8 ] &&
	 cmp -s "$scratch/old" "$scratch/reported"' ||
	{ show "$scratch/report.err"; show "$scratch/reported" 10; }

# each call once: as the case its values choose, or as left where they
# choose none (line 15's end is a variable)
sed -n 's|^\./||; s/^\([^:]*:[0-9]*\):[^ ]* \(.*\)/\1 \2/p' \
	"$scratch/report" | sort >"$scratch/report-lines"
check "spatch -D report names each of the 8 calls once, by the case its values choose" \
	'[ "$(wc -l <"$scratch/report-lines")" -eq 8 ] &&
	 [ "$(cut -d" " -f1 "$scratch/report-lines" | sort -u | wc -l)" -eq 8 ] &&
	 grep -q "^drivers/misc/ports.c:11 .*call ida_alloc() " "$scratch/report-lines" &&
	 grep -q "^drivers/misc/ports.c:12 .*call ida_alloc_min() " "$scratch/report-lines" &&
	 grep -q "^drivers/misc/ports.c:13 .*call ida_alloc_max() " "$scratch/report-lines" &&
	 grep -q "^drivers/misc/ports.c:14 .*call ida_alloc_range() " "$scratch/report-lines" &&
	 grep -q "^drivers/misc/ports.c:15 ida_simple_get(): left: its case depends on end, whose value is not a constant here$" \
		"$scratch/report-lines" &&
	 grep -q "^drivers/misc/lanes.c:7 .*call ida_alloc_min() " "$scratch/report-lines"' ||
	{ echo "# expected: 8 lines, one per call; got:"; show "$scratch/report-lines" 30; }
(cd "$tree" && "$SPATCH" --sp-file "$cocci" -D org "${opts[@]}" \
	--very-quiet --dir .) >"$scratch/org" 2>"$scratch/org.err"
check "spatch -D org lists each of the 8 calls once" \
	'[ "$(grep -c "^\* TODO" "$scratch/org")" -eq 8 ] &&
	 [ "$(sed -n "s/.*view:\([^:]*\)::.*::linb=\([0-9]*\)::.*/\1:\2/p" \
		"$scratch/org" | sort -u | wc -l)" -eq 8 ]' ||
	{ echo "# expected: 8 TODO lines; got:"; show "$scratch/org" 30; }

"$KMIGRATE" --migration ida-simple cocci --mode report "$tree" \
	>"$scratch/mode-report" 2>"$scratch/err"
status=$?
sed -n 's/^\([^:]*:[0-9]*\):.*/\1/p' "$scratch/mode-report" |
	sort -u >"$scratch/mode-reported"
check "kmigrate cocci --mode report runs the one file: exit 0, the same lines" \
	'[ $status -eq 0 ] && cmp -s "$scratch/old" "$scratch/mode-reported"' ||
	show "$scratch/err"

test_done
