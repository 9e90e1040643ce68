# shellcheck shell=bash
# tests/realtree/lib.sh - what tree.sh (make realtree) and check.sh (make
# check-realtree) share: where the real tree lives, its fixed git setup,
# and timed steps.  Neither script is part of make check.
#
#	KMIGRATE_CACHE	where the .deb and the tree are kept, never inside
#			a repository (default /var/tmp/kmigrate-cache)
#	PACKAGE		the Debian package (linux-source-6.1)
#	TREE		$KMIGRATE_CACHE/$PACKAGE, the git work tree
#	BASE_TAG	the tag of the tree as Debian ships it
#	PROTO_TAG	the tag of the prototype commit after it: the state
#			every step of check.sh starts from
#
#	API_CHANGE	the file of a migration's folder that holds the API
#			change it starts from, as a mail git am takes
#			(api-change.patch): tree.sh commits it on BASE_TAG
#			and tags it api_change_tag DIR (kmigrate-NAME)
#
#	die MSG		"PROG: MSG" on stderr, exit 2
#	rt_git ARGS	git in $TREE, with a fixed identity and dates and no
#			configuration but ours (no hooks, no CRLF
#			conversion), so any user's settings give the same
#			commits; rt_git_in DIR ARGS: the same in DIR
#	timed VAR CMD	run CMD, its seconds (to 0.1 s) into VAR; CMD's
#			status is the status
#	find_deb	the newest $PACKAGE .deb in the cache, or nothing
#	download	apt-get download $PACKAGE into the cache (its
#			staging directory is in $staging for the caller's
#			EXIT trap to remove)
set -u
export LC_ALL=C
SRCDIR=${SRCDIR:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}
KMIGRATE_CACHE=${KMIGRATE_CACHE:-/var/tmp/kmigrate-cache}
PACKAGE=linux-source-6.1
TREE=$KMIGRATE_CACHE/$PACKAGE
BASE_TAG=kmigrate-debian
PROTO_TAG=kmigrate-prototype
PROG=${PROG:-$(basename "$0")}
API_CHANGE=api-change.patch

die() {
	echo "$PROG: $*" >&2
	exit 2
}

rt_git() {
	rt_git_in "$TREE" "$@"
}

# rt_git_in DIR ARGS: the same in DIR
rt_git_in() {
	local dir=$1
	shift
	GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null \
	GIT_AUTHOR_NAME="kmigrate realtree" \
	GIT_AUTHOR_EMAIL=kmigrate@localhost \
	GIT_COMMITTER_NAME="kmigrate realtree" \
	GIT_COMMITTER_EMAIL=kmigrate@localhost \
	GIT_AUTHOR_DATE="2023-03-13 12:00:00 +0000" \
	GIT_COMMITTER_DATE="2023-03-13 12:00:00 +0000" \
	git -C "$dir" -c core.autocrlf=false -c core.safecrlf=false \
		-c core.hooksPath=/dev/null -c commit.gpgsign=false \
		-c init.defaultBranch=linux-6.1 -c gc.auto=0 \
		-c advice.detachedHead=false "$@"
}

now() { date +%s.%N; }

# seconds between two now()s, to a tenth
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }

timed() {
	local var=$1 start status
	shift
	start=$(now)
	"$@"
	status=$?
	printf -v "$var" '%s' "$(elapsed "$start" "$(now)")"
	return $status
}

# the cache must not be inside a git repository (this one or any)
check_cache_place() {
	local top dir=$KMIGRATE_CACHE

	while [ ! -d "$dir" ]; do
		dir=$(dirname "$dir")
	done
	top=$(GIT_CEILING_DIRECTORIES= git -C "$dir" rev-parse \
		--show-toplevel 2>/dev/null) || return 0
	[ "$top" = "$TREE" ] && return 0
	die "cache '$KMIGRATE_CACHE' is inside the git repository '$top';" \
	    "set KMIGRATE_CACHE to a directory outside it"
}

# the newest $PACKAGE .deb of the cache, or nothing
find_deb() {
	local f

	for f in "$KMIGRATE_CACHE/${PACKAGE}_"*_all.deb; do
		[ -f "$f" ] && echo "$f"
	done | sort -V | tail -n 1
}

download() {
	local dir log line

	command -v apt-get >/dev/null ||
		die "cannot download '$PACKAGE': 'apt-get' not found in PATH;" \
		    "put its .deb into '$KMIGRATE_CACHE'"
	dir=$(mktemp -d "$KMIGRATE_CACHE/.download.XXXXXX") ||
		die "cannot write into the cache '$KMIGRATE_CACHE'"
	staging=$dir
	chmod 755 "$dir"
	log=$dir/apt-get.log
	# a machine whose package lists were never fetched knows no
	# package: as root, fetch them once and try again
	if ! (cd "$dir" && apt-get download -q "$PACKAGE") >"$log" 2>&1 &&
	   ! { [ "$(id -u)" = 0 ] && apt-get update -qq >>"$log" 2>&1 &&
	       (cd "$dir" && apt-get download -q "$PACKAGE") >>"$log" 2>&1; }
	then
		line=$(grep -E '^(E|Err):' "$log" | tail -n 1)
		die "cannot download '$PACKAGE' with apt-get download:" \
		    "${line:-$(tail -n 1 "$log")}"
	fi
	mv "$dir/${PACKAGE}_"*_all.deb "$KMIGRATE_CACHE/" ||
		die "cannot download '$PACKAGE': apt-get download gave no .deb"
	rm -rf "$dir"
	staging=
}

# api_change_tag DIR: the tag of the API change of the migration in DIR
api_change_tag() {
	echo "kmigrate-$(basename "$1")"
}

# api_change_commit DIR: DIR/$API_CHANGE committed on BASE_TAG (git am,
# with rt_git's fixed identity and dates, so its id depends on the
# patch alone), tagged api_change_tag DIR; the tree is left there
api_change_commit() {
	local tag
	tag=$(api_change_tag "$1")
	rt_git checkout -q -f -B linux-6.1 "$BASE_TAG" &&
	rt_git am -q --keep-cr \
		"$1/$API_CHANGE" ||
		{ rt_git am --abort >/dev/null 2>&1; return 1; }
	rt_git tag -f "$tag" >/dev/null
}
