#!/bin/bash
# t-kernel-names.sh - the migrator's code names no migrated function and no
# driver-core type or macro: that knowledge is data (semantic-patches/).
#
# The code of every .c and .h under migrator/, comments dropped (string literals
# kept: a message is code), must not hold a function name of any shipped
# migration ("function:" and "new-function:"), "struct class",
# "class_device", MKDEV or THIS_MODULE.  Each offending line is shown.
. "$(dirname "$0")/lib.sh"

if ! command -v python3 >/dev/null 2>&1; then
	skip "no kernel names in migrator/" "python3 is not installed"
	test_done
	exit
fi
names=$(sed -n 's/^\(function\|new-function\): *//p' \
	"$SRCDIR"/semantic-patches/*/migration | sort -u | paste -sd, -)
check "the shipped migrations name their functions" '[ -n "$names" ]'

scan_names() {
	python3 - "$@" <<'PY'
import re, sys

def code(src):
    """src with its comments made blanks, line breaks kept"""
    out, i, n = [], 0, len(src)
    while i < n:
        if src.startswith('/*', i):
            j = src.find('*/', i + 2)
            j = n if j < 0 else j + 2
            out.append('\n' * src.count('\n', i, j))
            i = j
        elif src.startswith('//', i):
            j = src.find('\n', i)
            i = n if j < 0 else j
        elif src[i] in '"\'':
            j = i + 1
            while j < n and src[j] not in (src[i], '\n'):
                j += 2 if src[j] == '\\' else 1
            out.append(src[i:j + 1])
            i = j + 1
        else:
            out.append(src[i])
            i += 1
    return ''.join(out)

names = [x for x in sys.argv[1].split(',') if x]
words = names + ['MKDEV', 'THIS_MODULE']
pat = re.compile(r'\b(?:%s)\b|\bstruct\s+class\b|class_device' %
                 '|'.join(re.escape(w) for w in words))
bad = 0
for path in sys.argv[2:]:
    text = code(open(path, encoding='latin-1').read())
    for no, line in enumerate(text.split('\n'), 1):
        if pat.search(line):
            print('%s:%d: %s' % (path, no, line.strip()))
            bad += 1
sys.exit(1 if bad else 0)
PY
}

(cd "$SRCDIR" && scan_names "$names" \
	$(find migrator -name '*.[ch]' | sort)) >"$TMPDIR/found" 2>&1
status=$?
check "no code in migrator/ names a migrated function or a kernel type" \
	'[ $status -eq 0 ]' || show "$TMPDIR/found" 20
# the scanner finds what it must (a name in code, not in a comment)
printf '/* class_create() */\nstatic int x = MKDEV;\n' >"$TMPDIR/probe.c"
scan_names "$names" "$TMPDIR/probe.c" >"$TMPDIR/found" 2>&1
check "the scanner finds a name in code and skips comments" \
	'[ $? -eq 1 ] && grep -q "probe.c:2:" "$TMPDIR/found" && ! grep -q "probe.c:1:" "$TMPDIR/found"'
test_done
