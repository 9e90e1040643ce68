#!/bin/bash
# t-docs.sh - what README.md and Documentation/*.md name exists: every
# "kmigrate CMD" and "--option" in their code, every repository path in
# their code and every link they make.
#
# Code is an inline `span`, a line of a fenced block (of a ```console
# block only the "$ " lines are commands; its output is searched for
# paths only) or of an indented block.  In code:
#  - "kmigrate [GLOBAL OPTIONS] CMD [ARGS]": CMD must be a command of
#    "kmigrate --help", and every --option after it one of "kmigrate CMD
#    --help" or of the global options; before CMD, a global option.  A
#    shell's "&&", "||", ";" or "|" ends the command.
#  - a span "CMD --option ..." (CMD a command): as "kmigrate CMD ...".
#  - a span that begins with --option: an option of the page's command
#    (Documentation/kmigrate-CMD.md) or, on other pages, of any command.
#    Another tool's option is written with its tool: `spatch --dir`.
#  - a word that begins with a top-level folder of the repository
#    (tests/..., migrator/..., Documentation/...; not build/) is a path
#    that must exist under SRCDIR.  A placeholder in it (NAME, CMD, X,
#    DIR, ...: the list below), "..." or "*" stands for any name:
#    tests/t-NAME.sh must match a file.
# A link [text](target) must resolve from its page, and its #anchor be a
# heading of the target page (GitHub's slugs).
#
# Paths in "pending" are added by work merged separately; a missing one
# is a TODO until it lands.  Empty the list once they have.
. "$(dirname "$0")/lib.sh"
export LC_ALL=C

# the words that stand for any name in a path
placeholders="NAME|CMD|X|DIR|MIGRATION|FILE|TREE|N|STAGE"

pending=""

pages=("$SRCDIR/README.md")
for p in "$SRCDIR"/Documentation/*.md; do
	[ -e "$p" ] && pages+=("$p")
done
check "there are pages under Documentation/" '[ ${#pages[@]} -gt 1 ]'

# the help of kmigrate and of each command, and their long options
help_dir=$TMPDIR/help
mkdir -p "$help_dir"
"$KMIGRATE" --help >"$help_dir/global" 2>&1
commands=$(sed -n '/^commands:/,/^$/p' "$help_dir/global" |
	awk 'NF > 1 && $1 != "commands:" { print $1 }')
check "kmigrate --help lists commands" '[ -n "$commands" ]'
: >"$help_dir/any"
for cmd in $commands; do
	"$KMIGRATE" "$cmd" --help >"$help_dir/$cmd" 2>&1
	cat "$help_dir/$cmd" >>"$help_dir/any"
done
cat "$help_dir/global" >>"$help_dir/any"

is_command() {
	# shellcheck disable=SC2086 # the names, one word each
	case " $(printf '%s ' $commands)" in *" $1 "*) return 0 ;; esac
	return 1
}

# has_option HELP OPT: OPT is an option of that help (or a global one)
has_option() {
	local re="$2\([^a-z0-9-]\|\$\)"
	grep -q -- "$re" "$help_dir/$1" || grep -q -- "$re" "$help_dir/global"
}

# help_name HELP: what a reader would run to see HELP
help_name() {
	case $1 in
	global)	echo "kmigrate --help" ;;
	any)	echo "any command's --help" ;;
	*)	echo "kmigrate $1 --help" ;;
	esac
}

# the top-level folders a repository path begins with
tops=
for d in "$SRCDIR"/*/; do
	d=${d%/}
	d=${d##*/}
	[ "$d" = build ] || tops="$tops $d"
done

miss_opts=$TMPDIR/miss-options
miss_paths=$TMPDIR/miss-paths
miss_links=$TMPDIR/miss-links
todo_paths=$TMPDIR/todo-paths
: >"$miss_opts"
: >"$miss_paths"
: >"$miss_links"
: >"$todo_paths"
seen_commands=0 seen_paths=0 seen_links=0

# the pieces of a page: "code|out|link<TAB>FILE:LINE<TAB>TEXT"
pieces() {
	awk -v srcdir="$SRCDIR/" '
	function loc() {
		f = FILENAME
		sub("^" srcdir, "", f)
		return f ":" FNR
	}
	function emit(kind, where, text) {
		printf "%s\t%s\t%s\n", kind, where, text
	}
	FNR == 1 { fence = ""; open = 0 }
	/^```/ {
		if (fence == "") {
			fence = substr($0, 4)
			if (fence == "")
				fence = "text"
		} else {
			fence = ""
		}
		open = 0
		next
	}
	fence == "console" {
		if ($0 ~ /^\$ /)
			emit("code", loc(), substr($0, 3))
		else
			emit("out", loc(), $0)
		next
	}
	fence != "" { emit("code", loc(), $0); next }
	/^(    |\t)/ && !open { emit("code", loc(), $0); next }
	/^[ \t]*$/ { open = 0; next }
	{
		line = $0
		rest = line
		while (match(rest, /\]\([^)]*\)/)) {
			emit("link", loc(), substr(rest, RSTART + 2, RLENGTH - 3))
			rest = substr(rest, RSTART + RLENGTH)
		}
		for (i = 1; i <= length(line); i++) {
			c = substr(line, i, 1)
			if (c == "`") {
				if (open)
					emit("code", span_loc, span)
				else {
					span = ""
					span_loc = loc()
				}
				open = !open
			} else if (open) {
				span = span c
			}
		}
		if (open)
			span = span " "
	}' "$@"
}

# check_path WHERE PATH: PATH (relative to SRCDIR) exists
check_path() {
	local where=$1 path=$2 glob p
	seen_paths=$((seen_paths + 1))
	[ -e "$SRCDIR/$path" ] && return
	glob=$(printf '%s\n' "$path" | sed -E -e 's/\.\.\./*/g' \
		-e "s/(^|[^A-Za-z])($placeholders)([^A-Za-z]|\$)/\1*\3/g")
	set +f
	for p in "$SRCDIR"/$glob; do
		if [ -e "$p" ]; then
			set -f
			return
		fi
	done
	set -f
	for p in $pending; do
		case $path in
		"$p"|"$p"/*)
			echo "$where: '$path' (pending: $p)" >>"$todo_paths"
			return ;;
		esac
	done
	echo "$where: '$path' does not exist" >>"$miss_paths"
}

# paths WHERE TEXT: check every word of TEXT that is a repository path
paths() {
	local where=$1 word top
	for word in $2; do
		word=${word#"${word%%[!(\[\"\'<]*}"}
		word=${word%"${word##*[!)\]\"\',.:;>]}"}
		for top in $tops; do
			case $word in
			"$top"|"$top"/*) check_path "$where" "$word"; break ;;
			esac
		done
	done
}

# options WHERE HELP CMDLINE TEXT: every --option of TEXT is in HELP
options() {
	local where=$1 help=$2 cmdline=$3 opt
	for opt in $(printf '%s\n' "$4" | grep -o -- '--[a-z][a-z0-9-]*'); do
		has_option "$help" "$opt" ||
			echo "$where: '$cmdline' names '$opt', which '$(help_name "$help")' does not list" >>"$miss_opts"
	done
}

# command WHERE PAGE_CMD SEGMENT: one shell command of the code
command() {
	local where=$1 page_cmd=$2 seg=$3 w i cmd rest first
	local -a words
	read -r -a words <<<"$seg"
	[ ${#words[@]} -gt 0 ] || return
	# kmigrate the program, not a directory ("make -C kmigrate")
	for ((i = 0; i < ${#words[@]}; i++)); do
		case ${words[i]} in kmigrate|*/kmigrate) ;; *) continue ;; esac
		[ "$i" -gt 0 ] && [[ ${words[i - 1]} == -?* ]] && continue
		break
	done
	if [ "$i" -eq ${#words[@]} ]; then
		first=${words[0]#[}
		if is_command "$first" && [[ $seg == *" --"* ]]; then
			options "$where" "$first" "$seg" "${seg#*"$first"}"
		elif [[ $first == --* ]]; then
			options "$where" "${page_cmd:-any}" "$seg" "$seg"
		fi
		return
	fi
	seen_commands=$((seen_commands + 1))
	for ((i++; i < ${#words[@]}; i++)); do
		w=${words[i]#[}
		w=${w%]}
		case $w in
		-j|--jobs|--migration)
			options "$where" global "$seg" "$w"
			i=$((i + 1)) ;;
		-*)	options "$where" global "$seg" "$w" ;;
		*)	break ;;
		esac
	done
	cmd=${words[i]:-}
	rest="${words[*]:i+1}"
	if [[ $cmd =~ ^[a-z][a-z-]*$ ]]; then
		if is_command "$cmd"; then
			options "$where" "$cmd" "$seg" "$rest"
		else
			echo "$where: '$seg' names 'kmigrate $cmd', which is no command of 'kmigrate --help'" >>"$miss_opts"
		fi
	else
		options "$where" global "$seg" "$rest"
	fi
}

# slugs PAGE: the anchors of PAGE's headings, as GitHub makes them
slugs() {
	sed -n 's/^#\{1,6\} //p' "$1" | tr '[:upper:]' '[:lower:]' |
		sed -e 's/[^a-z0-9 _-]//g' -e 's/ /-/g'
}

# link WHERE PAGE TARGET
link() {
	local where=$1 page=$2 target=$3 path anchor file
	case $target in *://*|mailto:*) return ;; esac
	seen_links=$((seen_links + 1))
	path=${target%%#*}
	anchor=
	[[ $target == *#* ]] && anchor=${target#*#}
	if [ -n "$path" ]; then
		file=$(dirname "$page")/$path
	else
		file=$page
	fi
	if [ ! -e "$file" ]; then
		path=$(realpath -m --relative-to="$SRCDIR" "$file")
		check_path "$where" "$path"
		return
	fi
	if [ -n "$anchor" ] && ! slugs "$file" | grep -qx -- "$anchor"; then
		echo "$where: link '$target': no heading '#$anchor' in ${file#"$SRCDIR"/}" >>"$miss_links"
	fi
}

set -f	# from here, the words of code are not globs
for page in "${pages[@]}"; do
	page_cmd=
	case ${page##*/} in
	kmigrate-*.md)
		page_cmd=${page##*/kmigrate-}
		page_cmd=${page_cmd%.md}
		is_command "$page_cmd" ||
			echo "${page#"$SRCDIR"/}: a page for '$page_cmd', which is no command of 'kmigrate --help'" >>"$miss_opts" ;;
	esac
	while IFS=$'\t' read -r kind where text; do
		case $kind in
		link)	link "$where" "$page" "$text" ;;
		out)	paths "$where" "$text" ;;
		code)
			paths "$where" "$text"
			while IFS= read -r seg; do
				command "$where" "$page_cmd" "$seg"
			done < <(printf '%s\n' "$text" |
				sed -e 's/ && /\n/g' -e 's/ || /\n/g' \
				    -e 's/; /\n/g' -e 's/ | /\n/g')
			;;
		esac
	done < <(pieces "$page")
done

# every command has its page, and the README links it
for cmd in $commands; do
	check "Documentation/kmigrate-$cmd.md describes '$cmd'" \
		'[ -e "$SRCDIR/Documentation/kmigrate-$cmd.md" ]'
	check "README.md links Documentation/kmigrate-$cmd.md" \
		'grep -q "(Documentation/kmigrate-$cmd.md)" "$SRCDIR/README.md"'
done

check "the pages name kmigrate commands ($seen_commands)" '[ $seen_commands -ge 20 ]'
check "the pages name repository paths ($seen_paths)" '[ $seen_paths -ge 20 ]'
check "the pages link each other ($seen_links)" '[ $seen_links -ge 10 ]'
if [ -s "$miss_opts" ]; then
	not_ok "every command and option the pages name is in --help" "$miss_opts"
else
	ok "every command and option the pages name is in --help"
fi
if [ -s "$miss_paths" ]; then
	not_ok "every repository path the pages name exists" "$miss_paths"
else
	ok "every repository path the pages name exists"
fi
if [ -s "$miss_links" ]; then
	not_ok "every link's #anchor is a heading of its page" "$miss_links"
else
	ok "every link's #anchor is a heading of its page"
fi
if [ -s "$todo_paths" ]; then
	todo "the pending paths exist ($(wc -l <"$todo_paths") named)" \
		"merged separately: $(cut -d"'" -f2 "$todo_paths" | sort -u | paste -sd' ')"
fi
test_done
