#!/bin/bash
# t-security-files.sh - a tree file that is no regular file of the tree
# (issue 26, point 6): include/linux/device.h, then a driver, as a link
# to /dev/zero, a FIFO, a link to a file outside the tree, and a file of
# 17 MiB read under --max-file-size=16M.  scan, check and apply each
# end, within a time and memory limit, naming the file; check and apply
# fail (exit 1), the other files still judged; a larger --max-file-size
# lets the large file through, and so does the default (64M: real trees
# hold generated headers of more than 16 MiB).
#
# Needs: $KMIGRATE, $SRCDIR, $TMPDIR; mkfifo.  The memory limit
# (prlimit --as) is set only for the plain binary ($KMIGRATE_PLAIN):
# a sanitizer's shadow memory needs terabytes of address space.
. "$(dirname "$0")/lib.sh"
uncached_scratch
limit=(timeout 60)
if [ "$KMIGRATE" = "${KMIGRATE_PLAIN:-}" ] && command -v prlimit >/dev/null; then
	limit=(prlimit --as=2147483648 -- timeout 60)
fi

# run kmigrate under the limits: $out, $err, $status
km() {
	"${limit[@]}" "$KMIGRATE" "$@" >"$out" 2>"$err"
	status=$?
}

# a driver at $1 with one old-form call
old_call() {
	printf '%s\n' '#include <linux/device.h>' \
		'static struct class *cls;' \
		'void f(int i)' '{' \
		'	class_device_create(cls, 0, NULL, "x%d", i);' \
		'}' >"$1"
}

# the tree at $1: the headers, drivers/x/a.c and drivers/x/b.c
new_tree() {
	rm -rf "$1"
	mkdir -p "$1/include/linux" "$1/drivers/x"
	cp "$mini/include/linux/device.h" "$mini/include/linux/types.h" \
		"$mini/include/linux/kdev_t.h" "$1/include/linux/"
	old_call "$1/drivers/x/a.c"
	old_call "$1/drivers/x/b.c"
}

# make $2 (in tree $1) what $3 says
make_hostile() {
	local f=$1/$2

	rm -f "$f"
	case $3 in
	zero) ln -s /dev/zero "$f" ;;
	fifo) mkfifo "$f" ;;
	outside)
		mkdir -p "$scratch/outside"
		cp "$mini/$2" "$scratch/outside/" 2>/dev/null ||
			old_call "$scratch/outside/${2##*/}"
		ln -s "$scratch/outside/${2##*/}" "$f" ;;
	big)
		if [ "${2##*/}" = device.h ]; then
			cp "$mini/$2" "$f"
		else
			old_call "$f"
		fi
		head -c $((17 << 20)) /dev/zero | tr '\0' '\n' >>"$f" ;;
	esac
}

t=$scratch/tree
for file in include/linux/device.h drivers/x/b.c; do
	for kind in zero fifo outside big; do
		new_tree "$t"
		make_hostile "$t" "$file" "$kind"
		what="$file as $kind"
		km --max-file-size=16M scan "$t"
		check "$what: scan ends and names it" \
			'[ $status -eq 0 ] && grep -q "^kmigrate: .*$file" "$err" &&
			 grep -q "^drivers/x/a.c:5:2: old" "$out"'
		km --max-file-size=16M check "$t"
		check "$what: check fails on it, exit 1" \
			'[ $status -eq 1 ] &&
			 diag_join "$out" | grep -q "^$file:1:1: error: cannot be read \[unreadable-file\] .*$file.*: the calls it may hold cannot be checked$"'
		check "$what: check still judges the other files" \
			'grep -q "^drivers/x/a.c:5:2: error: .*\[unconverted-call\]$" "$out"'
		km apply --max-file-size=16M "$t"
		check "$what: apply fails naming it, exit 1" \
			'[ $status -eq 1 ] && grep -q "$file" "$err" &&
			 grep -q "^+.*class_device_create(cls, NULL, 0, NULL" "$out"'
	done
	new_tree "$t"
	make_hostile "$t" "$file" big
	[ "$file" = drivers/x/b.c ] || cp -a "$t" "$scratch/hbig"
	km --max-file-size=32M check "$t"
	check "$file of 17 MiB: --max-file-size=32M lets check read it" \
		'[ $status -eq 1 ] && ! grep -q "unreadable-file" "$out" &&
		 grep -q "^drivers/x/a.c:5:2: error: .*\[unconverted-call\]$" "$out"'
	km check "$t"
	check "$file of 17 MiB: the default (64M) lets check read it" \
		'[ $status -eq 1 ] && ! grep -q "unreadable-file" "$out"'
done
# (spatch is not asked to convert a 17 MiB driver: its own memory)
km apply --max-file-size=20M "$scratch/hbig"
check "device.h of 17 MiB: apply --max-file-size=20M converts all, exit 0" \
	'[ $status -eq 0 ] && [ "$(grep -c "^+.*cls, NULL, 0, NULL" "$out")" -eq 2 ]'

# the check cache hashes the headers a result depends on: with it on,
# a FIFO header must not hang the run either (timeout 60 above)
new_tree "$t"
make_hostile "$t" include/linux/device.h fifo
for run in first second; do
	XDG_CACHE_HOME=$scratch/cache KMIGRATE_NO_CACHE= km check "$t"
	check "a FIFO header, the check cache on, $run run: check ends, exit 1" \
		'[ $status -eq 1 ] &&
		 grep -q "^include/linux/device.h:1:1: error: .*\[unreadable-file\]$" "$out"'
done

# the other files read from the tree, and the patch under review: a
# FIFO or a link to /dev/zero ends the run with a line naming it
new_tree "$t"
mkdir -p "$t/scripts"
mkfifo "$t/scripts/checkpatch.pl"
km apply "$t"
check "scripts/checkpatch.pl a FIFO: apply ends, exit 0, the tree converted" \
	'[ $status -eq 0 ] && grep -q "^+.*class_device_create(cls, NULL, 0, NULL" "$out"'
for kind in fifo zero; do
	new_tree "$t"
	if [ $kind = fifo ]; then
		mkfifo "$t/MAINTAINERS"
	else
		ln -s /dev/zero "$t/MAINTAINERS"
	fi
	km series "$t" --out "$scratch/series.out" --split subsystem \
		--no-checkpatch --no-get-maintainer --from "A <a@example.org>"
	check "MAINTAINERS as $kind: series stops, exit 2, naming it" \
		'[ $status -eq 2 ] && grep -q "MAINTAINERS.*not a regular file\|MAINTAINERS.*outside the tree" "$err" &&
		 [ ! -e "$scratch/series.out" ]'
	rm -rf "$scratch/series.out"
done
new_tree "$t"
mkfifo "$scratch/patch.fifo"
km check "$t" --patch "$scratch/patch.fifo"
check "a FIFO as the patch under review: check --patch stops, exit 2" \
	'[ $status -eq 2 ] && grep -q "patch.fifo.*not a regular file" "$err"'

km --max-file-size=16Q scan "$t"
check "--max-file-size=16Q: a usage error, exit 2" \
	'[ $status -eq 2 ] && grep -q "max-file-size.*16Q" "$err"'

test_done
