#!/bin/bash
# t-check.sh - "kmigrate check" end to end: the converted and the
# unconverted fixture trees, the hand-written conversion, mistakes
# injected at random (fixed seed) into copies of the converted tree,
# JSON and SARIF output, --werror, -q, the cap, and usage errors.
#
# Needs: $KMIGRATE (the binary), $SRCDIR (the repository), $TMPDIR
# (scratch), perl (Debian's perl-base) for the injections; python3, when
# present, validates the JSON and SARIF documents.
. "$(dirname "$0")/lib.sh"

fixtures=$SRCDIR/tree-fixtures
mini=$fixtures/linux-2.6.14-mini
expected=$(expected_tree) || exit 1
out=$TMPDIR/check.out err=$TMPDIR/check.err
have_python=
command -v python3 >/dev/null 2>&1 && have_python=1

# a fresh copy of a fixture tree at $TMPDIR/$2
copy_tree() {
	rm -rf "${TMPDIR:?}/$2"
	cp -R "$1" "$TMPDIR/$2"
}

# run check on a tree: $out, $err, $status
run_check() {
	"$KMIGRATE" check "$@" >"$out" 2>"$err"
	status=$?
}

errors() { grep -c ': error: ' "$out"; }

# --- the correctly converted tree -------------------------------------------

copy_tree "$expected" expected
run_check "$TMPDIR/expected"
check "converted tree: exit 0" '[ $status -eq 0 ]'
check "converted tree: no error" '[ "$(errors)" -eq 0 ]'
check "converted tree: the warnings are the non-literal formats" \
	'[ -s "$out" ] && ! diag_join "$out" | grep -Ev ": warning: .* \[format-nonliteral\]( |$)"'
check "converted tree: tty's 'name' format is one of them" \
	'diag_join "$out" | grep -q "^drivers/char/tty_io.c:[0-9]*:[0-9]*: warning: non-literal format (argument 5) \[format-nonliteral\] it is .name.: a .%. in it"'
check "converted tree: one summary line on stderr" \
	'grep -q "^check: 72 call sites in 52 files: 0 errors, [0-9]* warnings*, 0 notes$" "$err" && [ "$(wc -l <"$err")" -eq 1 ]'
check "lines are FILE:LINE:COL: SEVERITY: MESSAGE [RULE], sorted" \
	'grep -v "^        " "$out" >"$TMPDIR/first" && ! grep -Ev "^[^: ]+:[0-9]+:[0-9]+: (error|warning|note): .+ \[[a-z-]+\]$" "$TMPDIR/first" && sort -t: -k1,1 -k2,2n -k3,3n -c "$TMPDIR/first"'
check "converted tree: every line within 100 columns, the details indented" \
	'[ -z "$(diag_bad_lines "$out")" ] && grep -q "^        [^ ]" "$out"'

run_check --werror "$TMPDIR/expected"
check "--werror: the warnings fail the check (exit 1)" '[ $status -eq 1 ]'

run_check -j 1 "$TMPDIR/expected"
cp "$out" "$TMPDIR/j1.out"
run_check -j 4 "$TMPDIR/expected"
check "-j 1 and -j 4 report the same" 'cmp -s "$out" "$TMPDIR/j1.out"'

"$KMIGRATE" check -q "$TMPDIR/expected" >"$out" 2>"$err"
check "-q: nothing on stderr" '[ ! -s "$err" ] && [ -s "$out" ]'

# --- the unconverted tree ---------------------------------------------------

copy_tree "$mini" mini
run_check "$TMPDIR/mini"
check "unconverted tree: exit 1" '[ $status -eq 1 ]'
check "unconverted tree: 72 unconverted-call errors" \
	'[ "$(diag_join "$out" | grep -c ": error: call still in the old form \[unconverted-call\] .*insert .NULL. as argument 2")" -eq 72 ] && [ "$(errors)" -eq 72 ]'
check "unconverted tree: every line within 100 columns" \
	'[ -z "$(diag_bad_lines "$out")" ]'
check "unconverted tree: the line is the function name's" \
	'grep -q "^drivers/s390/char/vmlogrdr.c:$(grep -n "class_device_create(" "$mini/drivers/s390/char/vmlogrdr.c" | head -1 | cut -d: -f1):" "$out"'

run_check --max-findings 5 "$TMPDIR/mini"
check "--max-findings 5: five findings and '... and 67 more findings'" \
	'[ "$(grep -c "^[^ ]" "$out")" -eq 6 ] && [ "$(tail -1 "$out")" = "... and 67 more findings" ]'

# --- the hand-written conversion: the seed's vmlogrdr mistake ---------------

if [ -f "$fixtures/hand-conversion.patch" ]; then
	copy_tree "$mini" hand
	if (cd "$TMPDIR/hand" && patch -s -p1 <"$fixtures/hand-conversion.patch"); then
		run_check "$TMPDIR/hand"
		vml=$(grep -n "class_device_create(" "$TMPDIR/hand/drivers/s390/char/vmlogrdr.c" | head -1 | cut -d: -f1)
		check "hand conversion: vmlogrdr's swapped class and parent, exit 1" \
			'[ $status -eq 1 ] && diag_join "$out" | grep -q "^drivers/s390/char/vmlogrdr.c:$vml:[0-9]*: error: arguments 1 and 2 appear swapped \[swapped-arguments\] .vmlogrdr_class. is a struct class \* passed as parent; class is NULL.* swap them$"'
		check "hand conversion: every line within 100 columns" \
			'[ -z "$(diag_bad_lines "$out")" ]'
		check "hand conversion: the swap is its only error" '[ "$(errors)" -eq 1 ]'
	else
		not_ok "hand-conversion.patch applies to the unconverted tree"
	fi
else
	skip "hand conversion: vmlogrdr" "no hand-conversion.patch"
fi

# --- mistakes injected into the converted tree -------------------------------
#
# inject.pl SEED MUTATION TREE picks one call of the converted tree at
# random (fixed seed) that the mutation applies to, rewrites it, and
# prints FILE:LINE of the call's name.  Arguments are split at top-level
# commas (parentheses, strings and comments respected).

cat >"$TMPDIR/inject.pl" <<'PERL'
use strict;
use warnings;

my ($seed, $mutation, $tree, $scan) = @ARGV;

# [start, end) of each argument of the call whose '(' is at $open
sub split_args {
	my ($s, $open) = @_;
	my ($depth, $i, $start, @args) = (0, $open + 1, $open + 1);
	while ($i < length $s) {
		my $c = substr($s, $i, 1);
		if ($c eq '"' || $c eq "'") {
			$i++;
			$i += (substr($s, $i, 1) eq '\\') ? 2 : 1
				while substr($s, $i, 1) ne $c;
		} elsif (substr($s, $i, 2) eq '/*') {
			$i = index($s, '*/', $i) + 1;
		} elsif ($c =~ /[([{]/) {
			$depth++;
		} elsif ($c =~ /[)\]}]/ && $depth) {
			$depth--;
		} elsif (($c eq ',' || $c eq ')') && !$depth) {
			my $text = substr($s, $start, $i - $start);
			my ($lead) = $text =~ /^(\s*)/;
			my ($trail) = $text =~ /(\s*)$/;
			push @args, [$start + length $lead,
				     $i - length $trail];
			return @args if $c eq ')';
			$start = $i + 1;
		}
		$i++;
	}
	return @args;
}

sub arg_text { my ($s, $a) = @_; substr($s, $a->[0], $a->[1] - $a->[0]) }

my %applies = (
	swap => sub { $_[1] eq 'NULL' && $_[0] ne 'NULL' },
	nullclass => sub { $_[1] eq 'NULL' && $_[0] ne 'NULL' },
	dropparent => sub { $_[1] eq 'NULL' && @_ >= 5 && $_[4] =~ /^"/ },
	wrongtype => sub { @_ >= 4 && $_[3] ne 'NULL' && $_[3] !~ /^&/ },
	extraarg => sub { @_ >= 5 && $_[4] =~ /^"/ },
);

open my $fh, '<', $scan or die;
my @cands;
while (<$fh>) {
	next unless /^([^:]+):(\d+):(\d+): new (.*)$/;
	my ($file, $line, $col, $call) = ($1, $2, $3, $4);
	my @a = map { arg_text($call, $_) } split_args($call, index($call, '('));
	push @cands, [$file, $line, $col] if $applies{$mutation}->(@a);
}
die "no call for $mutation\n" unless @cands;
srand($seed);
my ($file, $line, $col) = @{$cands[int(rand(@cands))]};

open $fh, '<', "$tree/$file" or die;
local $/;
my $s = <$fh>;
close $fh;
my $pos = 0;
$pos = index($s, "\n", $pos) + 1 for 2 .. $line;
$pos += $col - 1;
die "no call at $file:$line:$col\n"
	unless substr($s, $pos) =~ /^class_device_create\s*\(/;
my @args = split_args($s, index($s, '(', $pos));
my @t = map { arg_text($s, $_) } @args;
my $edit = sub { substr($s, $_[0], $_[1] - $_[0]) = $_[2] };
if ($mutation eq 'swap') {
	$edit->(@{$args[1]}, $t[0]);
	$edit->(@{$args[0]}, $t[1]);
} elsif ($mutation eq 'nullclass') {
	$edit->(@{$args[0]}, 'NULL');
} elsif ($mutation eq 'dropparent') {
	$edit->($args[1][0], $args[2][0], '');
} elsif ($mutation eq 'wrongtype') {
	$edit->(@{$args[2]}, $t[3]);
} elsif ($mutation eq 'extraarg') {
	$edit->($args[-1][1], $args[-1][1], ', 0');
}
open $fh, '>', "$tree/$file" or die;
print $fh $s;
close $fh;
print "$file:$line\n";
PERL

"$KMIGRATE" scan "$expected" >"$TMPDIR/scan.txt" 2>/dev/null
seed=42
cases=(
	"swap|swapped-arguments|swapped class and parent"
	"nullclass|null-class|a NULL class"
	"dropparent|unconverted-call|a dropped parent argument"
	"wrongtype|argument-type|a struct device * where dev_t goes"
	"extraarg|format-mismatch|an extra variadic argument"
)
for case in "${cases[@]}"; do
	IFS='|' read -r mutation rule what <<<"$case"
	seed=$((seed + 1))
	copy_tree "$expected" "inject-$mutation"
	if ! where=$(perl "$TMPDIR/inject.pl" "$seed" "$mutation" \
			"$TMPDIR/inject-$mutation" "$TMPDIR/scan.txt" 2>"$err"); then
		not_ok "injected $what: $(head -1 "$err")"
		continue
	fi
	run_check "$TMPDIR/inject-$mutation"
	check "injected $what ($where): found as $rule, exit 1" \
		'[ $status -eq 1 ] && diag_join "$out" | grep -Eq "^$where:[0-9]+: error: .* \[$rule\]( |$)"'
	check "injected $what: nothing else is an error" '[ "$(errors)" -eq 1 ]'
done

# --- JSON and SARIF -----------------------------------------------------------

run_check --format json "$TMPDIR/hand"
cp "$out" "$TMPDIR/check.json"
if [ -n "$have_python" ]; then
	check "json: one document in DESIGN.md's shape" 'python3 - "$TMPDIR/check.json" <<"PY"
import json, sys
d = json.load(open(sys.argv[1]))
assert set(d) == {"findings", "summary"}
keys = {"rule", "severity", "file", "line", "column", "message", "detail",
        "call"}
# "sysfs": the model verdict on the call, when it has one
assert d["findings"] and all(set(f) - {"sysfs"} == keys for f in d["findings"])
assert all(f["sysfs"].startswith(("/sys/class/", "error -"))
           for f in d["findings"] if "sysfs" in f)
assert any(f["rule"] == "swapped-arguments" and f["sysfs"] == "error -ENODEV"
           and f["message"] == "arguments 1 and 2 appear swapped"
           and f["detail"].endswith("swap them") for f in d["findings"])
assert all(isinstance(f["line"], int) and isinstance(f["column"], int)
           for f in d["findings"])
s = d["summary"]
assert s["files"] == 52 and s["call_sites"] == 72, s
assert s["errors"] == sum(f["severity"] == "error" for f in d["findings"])
assert s["warnings"] == sum(f["severity"] == "warning" for f in d["findings"])
assert s["notes"] == 0 and s["api"] == "new", s
assert any(f["rule"] == "swapped-arguments" and
           f["file"] == "drivers/s390/char/vmlogrdr.c" for f in d["findings"])
PY'
else
	check "json: the findings and summary keys" \
		'grep -q "\"findings\": \[" "$out" && grep -q "\"call_sites\": 72" "$out"'
fi

run_check --format sarif "$TMPDIR/hand"
cp "$out" "$TMPDIR/check.sarif"
check "sarif: exit status as with text" '[ $status -eq 1 ]'
if [ -n "$have_python" ]; then
	check "sarif: 2.1.0 with the required fields" 'python3 - "$TMPDIR/check.sarif" <<"PY"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["version"] == "2.1.0" and d["$schema"].startswith("https://")
run = d["runs"][0]
driver = run["tool"]["driver"]
assert driver["name"] == "kmigrate" and driver["version"]
ids = [r["id"] for r in driver["rules"]]
for r in driver["rules"]:
    assert r["shortDescription"]["text"] and r["fullDescription"]["text"]
    assert r["defaultConfiguration"]["level"] in ("error", "warning", "note")
assert run["results"]
for res in run["results"]:
    assert res["message"]["text"]
    assert ids[res["ruleIndex"]] == res["ruleId"]
    assert res["level"] in ("error", "warning", "note")
    loc = res["locations"][0]["physicalLocation"]
    assert not loc["artifactLocation"]["uri"].startswith("/")
    assert loc["artifactLocation"]["uriBaseId"] == "%SRCROOT%"
    assert loc["region"]["startLine"] >= 1 and loc["region"]["startColumn"] >= 1
assert any(r["ruleId"] == "swapped-arguments" and
           r["message"]["text"].startswith("arguments 1 and 2 appear swapped: ")
           and r["message"]["text"].endswith("; swap them")
           for r in run["results"])
PY'
else
	check "sarif: version and driver name" \
		'grep -q "\"version\": \"2.1.0\"" "$out" && grep -q "\"name\": \"kmigrate\"" "$out"'
fi

# --- a tree whose header does not say which API --------------------------------

copy_tree "$expected" noapi
printf '/* nothing declared here */\n' >"$TMPDIR/noapi/include/linux/device.h"
run_check --format json "$TMPDIR/noapi"
check "unknown API: checked against the new one, said in JSON and on stderr" \
	'grep -q "\"api\": \"new (fallback)\"" "$out" && grep -q "note: .*checking against the new one" "$err"'

# --- the tree's own compile flags, and a file libclang cannot use -------------

copy_tree "$expected" cdb
{
	sep='['
	for f in $(grep ': new ' "$TMPDIR/scan.txt" | cut -d: -f1 | sort -u); do
		printf '%s\n{"directory": "%s", "file": "%s", "command": "cc -nostdinc -Iinclude -D__KERNEL__ -c -o x.o %s"}' \
			"$sep" "$TMPDIR/cdb" "$f" "$f"
		sep=','
	done
	echo ']'
} >"$TMPDIR/cdb/compile_commands.json"
run_check --format json "$TMPDIR/cdb"
check "compile_commands.json: its flags parse every call" \
	'[ $status -eq 0 ] && grep -q "\"analysed_by_libclang\": 72" "$out"'

copy_tree "$expected" broken
# a partial tree: the class's declaration is missing, libclang drops the call
sed -i 's|class_device_create(lp_class,|class_device_create(lp_klass,|' \
	"$TMPDIR/broken/drivers/char/lp.c"
run_check "$TMPDIR/broken"
check "a file libclang cannot use: one parse-failure warning saying why" \
	'[ "$(grep -c "\[parse-failure\]$" "$out")" -eq 1 ] && diag_join "$out" | grep -q "^drivers/char/lp.c:[0-9]*:[0-9]*: warning: libclang could not analyse this file \[parse-failure\] .*lp_klass"'
check "a file libclang cannot use: its call is still checked, no error" \
	'[ $status -eq 0 ] && [ "$(errors)" -eq 0 ]'

# --- usage and setup errors ----------------------------------------------------

run_check "$TMPDIR/no-such-tree"
check "a missing TREE exits 2 with one line naming it" \
	'[ $status -eq 2 ] && [ "$(wc -l <"$err")" -eq 1 ] && grep -q "no-such-tree" "$err" && [ ! -s "$out" ]'
run_check
check "no TREE: exit 2 with one line" '[ $status -eq 2 ] && [ "$(wc -l <"$err")" -eq 1 ]'
run_check --format xml "$TMPDIR/expected"
check "an unknown format: exit 2" '[ $status -eq 2 ] && grep -q "xml" "$err"'

test_done
