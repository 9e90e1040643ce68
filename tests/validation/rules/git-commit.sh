# shellcheck shell=bash
# git-commit.sh - sourced by a case's check-command: the scratch
# directory as a git work tree, all of it committed once.
git_q() {
	command git -c user.name=validation -c user.email=validation@localhost \
		-c commit.gpgsign=false "$@"
}
git_q init -q && git_q add -A && git_q commit -q -m base
git() { git_q "$@"; }
