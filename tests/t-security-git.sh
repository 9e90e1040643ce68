#!/bin/bash
# t-security-git.sh - git on a hostile tree runs nothing the tree names,
# and series never takes its author from the tree's .git/config.
#
# The tree is a git copy of tree-fixtures/linux-2.6.14-mini, built at run
# time, whose .git/config and .gitattributes name a command for each of:
# filter clean/smudge/process, textconv, diff.external, core.fsmonitor,
# hooks (core.hooksPath and .git/hooks), core.pager and pager.log,
# tar.<format>.command, gpg.program with commit.gpgSign, credential
# helper and askpass, and the lazy fetch of a partial clone
# (extensions.partialClone, HEAD~1's tree missing): remote.origin's
# uploadpack and, for an ssh promisor remote, core.sshCommand.  Each
# command creates its own file in $canary; none may appear after check
# --base (a complete and an incomplete revision) and series (subsystem
# split without checkpatch and get_maintainer, and atomic with its git
# am verification).  The tree's user.name is never the series' From:
# --from, else the user's global config ($HOME/.gitconfig) or
# GIT_AUTHOR_NAME/GIT_AUTHOR_EMAIL, else exit 2.
#
# Needs: $KMIGRATE, $SRCDIR, $TMPDIR, git (skipped without it).
. "$(dirname "$0")/lib.sh"
export LC_ALL=C

if ! command -v git >/dev/null 2>&1; then
	skip "git on a hostile tree" "git is not installed"
	test_done
	exit
fi

make_scratch
canary=$scratch/canary
tree=$scratch/tree
clean=$scratch/clean
out=$scratch/out err=$scratch/err
mkdir -p "$canary" "$scratch/home" "$scratch/nohome" "$scratch/hooks"

# only the identities a case gives
unset GIT_CONFIG_GLOBAL GIT_AUTHOR_NAME GIT_AUTHOR_EMAIL GIT_COMMITTER_NAME \
	GIT_COMMITTER_EMAIL EMAIL GIT_DIR GIT_WORK_TREE
export GIT_CONFIG_NOSYSTEM=1 HOME=$scratch/home
export XDG_CONFIG_HOME=$scratch/home/.config
printf '[user]\n\tname = Home User\n\temail = home@example.org\n' \
	>"$HOME/.gitconfig"

g() { git -C "$tree" -c user.name=t -c user.email=t@example.org \
	-c commit.gpgsign=false "$@"; }

# a script at $1 that creates $canary/$2
canary_script() {
	printf '#!/bin/sh\ntouch "%s/%s"\ncat\n' "$canary" "$2" >"$1"
	chmod +x "$1"
}

# --- the hostile tree ---------------------------------------------------------

mkdir "$tree" && git init -q "$tree" && git init -q "$scratch/origin" &&
echo old >"$tree/old.txt" && g add -A && g commit -q -m "init: old" &&
rm "$tree/old.txt" && cp -R "$SRCDIR/tree-fixtures/linux-2.6.14-mini/." \
	"$tree/" &&
printf '* filter=x diff=x\n' >"$tree/.gitattributes" &&
g add -A && g commit -q -m "drivers: the fixture" &&
cp -R "$tree" "$clean" || exit 2

for h in applypatch-msg pre-applypatch post-applypatch pre-commit \
	pre-merge-commit prepare-commit-msg commit-msg post-commit \
	pre-rebase post-checkout post-merge pre-push pre-receive update \
	proc-receive post-receive post-update reference-transaction \
	push-to-checkout pre-auto-gc post-rewrite post-index-change \
	fsmonitor-watchman; do
	canary_script "$scratch/hooks/$h" "hook-$h"
	canary_script "$tree/.git/hooks/$h" "git-hook-$h"
done
canary_script "$scratch/fsmonitor" fsmonitor
canary_script "$scratch/gpg" gpg-program
canary_script "$scratch/askpass" askpass
# HEAD~1's tree is missing: reading it needs the lazy fetch
old_tree=$(git -C "$tree" rev-parse "HEAD~1^{tree}")
rm -f "$tree/.git/objects/${old_tree:0:2}/${old_tree:2}"

cfg() { git -C "$tree" config "$@"; }
cfg core.repositoryformatversion 1 &&
cfg extensions.partialClone origin &&
cfg remote.origin.url "file://$scratch/origin" &&
cfg remote.origin.promisor true &&
cfg remote.origin.uploadpack "touch $canary/uploadpack; git-upload-pack" &&
cfg remote.other.url ssh://example.invalid/repo &&
cfg remote.other.promisor true &&
cfg core.sshCommand "touch $canary/ssh-command #" &&
cfg core.gitProxy "$scratch/askpass" &&
cfg filter.x.clean "touch $canary/filter-clean; cat" &&
cfg filter.x.smudge "touch $canary/filter-smudge; cat" &&
cfg filter.x.process "touch $canary/filter-process" &&
cfg filter.x.required true &&
cfg diff.x.textconv "touch $canary/textconv; cat" &&
cfg diff.x.command "touch $canary/diff-command" &&
cfg diff.external "touch $canary/diff-external" &&
cfg core.fsmonitor "$scratch/fsmonitor" &&
cfg core.hooksPath "$scratch/hooks" &&
cfg core.pager "touch $canary/core-pager; cat" &&
cfg pager.log "touch $canary/pager-log; cat" &&
cfg tar.tar.command "touch $canary/tar-tar; cat" &&
cfg tar.tgz.command "touch $canary/tar-tgz; gzip -cn" &&
cfg tar.tar.gz.command "touch $canary/tar-tar-gz; gzip -cn" &&
cfg commit.gpgSign true &&
cfg log.showSignature true &&
cfg gpg.program "$scratch/gpg" &&
cfg core.askPass "$scratch/askpass" &&
cfg credential.helper "!touch $canary/credential-helper" &&
cfg user.name "Tree Config" &&
cfg user.email "tree@config.invalid" || exit 2
rm -f "$canary"/*

# no_canary DESCRIPTION: no command of the tree ran (then clears them)
no_canary() {
	local got

	got=$(ls -A "$canary")
	if [ -z "$got" ]; then
		ok "$1"
	else
		not_ok "$1"
		echo "# the tree's commands that ran:" $got
		show "$err" 5
	fi
	rm -f "$canary"/*
}

# --- check --base -------------------------------------------------------------

"$KMIGRATE" check --base HEAD "$clean" >"$scratch/clean.out" 2>/dev/null
clean_status=$?
"$KMIGRATE" check --base HEAD "$tree" >"$out" 2>"$err"
status=$?
no_canary "check --base HEAD runs none of the tree's commands"
check "check --base HEAD: the same findings and exit as without the config" \
	'[ $status -eq $clean_status ] && [ $status -ne 2 ] && cmp -s "$out" "$scratch/clean.out"' ||
	{ echo "# exit $status, $clean_status without the config"; show "$err" 3; }

"$KMIGRATE" check --base HEAD~1 "$tree" >"$out" 2>"$err"
status=$?
no_canary "check --base of a revision a lazy fetch would need runs nothing"
check "... and stops with one line, exit 2" \
	'[ $status -eq 2 ] && [ "$(wc -l <"$err")" -eq 1 ] && grep -q "HEAD~1" "$err"' ||
	{ echo "# exit $status"; show "$err" 3; }

# --- series ---------------------------------------------------------------------

# every mail of DIR $1 is From: $2
all_from() {
	local mails
	mails=$(ls "$1"/*.patch 2>/dev/null) && [ -n "$mails" ] &&
	! grep -h '^From: ' $mails | grep -vxF "From: $2" | grep -q . &&
	[ "$(grep -l '^From: ' $mails | wc -l)" -eq "$(echo "$mails" | wc -l)" ]
}

"$KMIGRATE" series --split subsystem --no-checkpatch --no-get-maintainer \
	"$tree" --out "$scratch/sub" >"$out" 2>"$err"
status=$?
no_canary "series --split subsystem runs none of the tree's commands"
check "series without --from: exit 0, From is the user's, not the tree's" \
	'[ $status -eq 0 ] && all_from "$scratch/sub" "Home User <home@example.org>"' ||
	{ echo "# exit $status"; grep -h '^From: ' "$scratch/sub"/*.patch 2>/dev/null | sort -u | sed 's/^/# /'; show "$err" 3; }

"$KMIGRATE" series "$tree" --out "$scratch/atomic" \
	--from "Flag Person <flag@example.org>" >"$out" 2>"$err"
status=$?
no_canary "series with its git am verification runs none of the tree's commands"
check "series --from: exit 0, verified, From is --from's" \
	'[ $status -eq 0 ] && grep -q "verified" "$err" && ! grep -q "not verified" "$err" && all_from "$scratch/atomic" "Flag Person <flag@example.org>"' ||
	{ echo "# exit $status"; grep -h '^From: ' "$scratch/atomic"/*.patch 2>/dev/null | sort -u | sed 's/^/# /'; show "$err" 3; }

HOME=$scratch/nohome XDG_CONFIG_HOME=$scratch/nohome \
	GIT_AUTHOR_NAME="Env Person" GIT_AUTHOR_EMAIL=env@example.org \
	"$KMIGRATE" series "$tree" --out "$scratch/env" >"$out" 2>"$err"
status=$?
no_canary "series with GIT_AUTHOR_* runs none of the tree's commands"
check "series: GIT_AUTHOR_NAME and GIT_AUTHOR_EMAIL name the author" \
	'[ $status -eq 0 ] && all_from "$scratch/env" "Env Person <env@example.org>"' ||
	{ echo "# exit $status"; grep -h '^From: ' "$scratch/env"/*.patch 2>/dev/null | sort -u | sed 's/^/# /'; show "$err" 3; }

HOME=$scratch/nohome XDG_CONFIG_HOME=$scratch/nohome \
	"$KMIGRATE" series "$tree" --out "$scratch/noid" >"$out" 2>"$err"
status=$?
check "series: the tree's user.name is no identity: exit 2, nothing written" \
	'[ $status -eq 2 ] && grep -q "no identity for the patches" "$err" && [ ! -e "$scratch/noid" ]' ||
	{ echo "# exit $status"; show "$err" 3; }
no_canary "series without an identity runs none of the tree's commands"

test_done
