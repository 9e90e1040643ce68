#!/bin/bash
# tests/realtree/tree.sh - "make realtree": Debian's linux-source-6.1 as a
# git work tree, with the 6.4 prototype of class_create() committed on
# top, the state every step of "make check-realtree" starts from.  Not
# part of make check.
#
#	tests/realtree/tree.sh
#
# The first run downloads the package once into $KMIGRATE_CACHE (apt-get
# download), unpacks its tarball, commits the tree as it is (tag
# kmigrate-debian; git add -f, since its top-level .gitignore ignores
# everything), then the prototype change as upstream's first 6.4 patch
# made it (tag kmigrate-prototype): include/linux/device/class.h declares
#
#	struct class * __must_check class_create(const char *name);
#
# instead of the class_create(owner, name) macro around __class_create(),
# and drivers/base/class.c defines it; nothing else changes, so every
# caller still passes its owner and no longer builds.  The tree is built
# beside its place and moved in only when complete; the commits have a
# fixed identity and date, so their ids depend on the package alone.
# Later runs reuse the tree (the download is looked for only to make
# it), and reset the tree to the prototype commit (checkout -f, clean
# -fdx).
#
# With MIGRATION_DIR set to a migration's folder that holds the API
# change the migration starts from (api-change.patch, a mail git am
# takes: the kernel's own first patch of the change), that change is
# committed on kmigrate-debian and tagged kmigrate-NAME (the folder's
# name), again at each run; the tree is left at the prototype commit.
#
# Prints each step with its time and figures, the tree's path last.
# Exit 0; 2 when the package cannot be downloaded or the tree cannot be
# made, with one line saying why.
. "$(dirname "$0")/lib.sh"

staging=
cleanup() {
	[ -z "$staging" ] || rm -rf "$staging"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# the tarball inside the .deb, unpacked into dir/$PACKAGE
unpack() (
	set -o pipefail
	dpkg-deb --fsys-tarfile "$1" |
		tar -xO "./usr/src/$PACKAGE.tar.xz" | tar -xJ -C "$2"
)

# one substitution in a file, which must match exactly once: FROM a perl
# regular expression over the whole file, TO a perl string ($1, \n)
edit() {
	local file=$1 from=$2 to=$3

	[ -f "$dir/$file" ] && FROM=$from TO=$to perl -0777 -i -pe '
		$n++ while /$ENV{FROM}/g;
		die "$ARGV: $n matches\n" unless $n == 1;
		s/$ENV{FROM}/"\"$ENV{TO}\""/ee;' "$dir/$file" 2>/dev/null ||
		die "cannot make the prototype commit: '$file' is not as" \
		    "$PACKAGE has it"
}

# the 6.4 prototype, as upstream's first 6.4 patch has it
prototype_change() {
	local h=include/linux/device/class.h c=drivers/base/class.c

	edit "$h" 'extern struct class \* __must_check __class_create\(struct module \*owner,\n\s*const char \*name,\n\s*struct lock_class_key \*key\);\n' \
		'struct class * __must_check class_create(const char *name);\n'
	edit "$h" '\n/\* This is a #define to keep the compiler from merging different\n \* instances of the __key variable \*/\n\n/\*\*\n \* class_create - (?:[^\n]*\n)*?#define class_create\(owner, name\)(?:[^\n]*\n)*?\}\)\n' ''
	edit "$c" ' \* __class_create - create a struct class structure\n \* \@owner: [^\n]*\n([^\n]*)\n \* \@key: [^\n]*\n' \
		' * class_create - create a struct class structure\n$1\n'
	edit "$c" 'struct class \*__class_create\(struct module \*owner, const char \*name,\n\s*struct lock_class_key \*key\)\n' \
		'struct class *class_create(const char *name)\n'
	edit "$c" '\tcls->owner = owner;\n' ''
	edit "$c" '__class_register\(cls, key\);' 'class_register(cls);'
	edit "$c" 'EXPORT_SYMBOL_GPL\(__class_create\);' \
		'EXPORT_SYMBOL_GPL(class_create);'
}

PROTOTYPE_MESSAGE='driver core: class: class_create() takes the name only

As upstream did in 6.4 ("driver core: class: remove module * from
class_create()"), class_create() loses its struct module * argument:
the owner it recorded is not needed to create a class.  The macro
around __class_create() becomes a function of the name alone:

	struct class * __must_check class_create(const char *name);

This commit changes the prototype only, in include/linux/device/class.h
and drivers/base/class.c.  Every caller still passes an owner and no
longer builds: converting them is the job of kmigrate'"'"'s
class-create-owner migration, which starts from here.'

# count .c files and calls of class_create() whose owner is THIS_MODULE
count_callers() {
	local pattern='\bclass_create\s*\(\s*THIS_MODULE\s*,'

	files=$(rt_git_in "$1" grep -l -P "$pattern" -- '*.c' | wc -l)
	calls=$(rt_git_in "$1" grep -h -o -P "$pattern" -- '*.c' | wc -l)
}

build_tree() {
	local deb=$1 t_unpack t_base t_proto nr version
	dir=$(mktemp -d "$KMIGRATE_CACHE/.$PACKAGE.XXXXXX") ||
		die "cannot write into the cache '$KMIGRATE_CACHE'"
	staging=$dir
	timed t_unpack unpack "$deb" "$dir" ||
		die "cannot unpack '$deb': its tarball is missing or damaged"
	[ -f "$dir/$PACKAGE/MAINTAINERS" ] ||
		die "cannot unpack '$deb': no $PACKAGE/MAINTAINERS in it"
	dir=$dir/$PACKAGE
	nr=$(find "$dir" -type f | wc -l)
	echo "unpack:    $nr files in $t_unpack s"
	version=$(dpkg-deb -f "$deb" Version)
	base_commit() {
		rt_git_in "$dir" init -q &&
		rt_git_in "$dir" add -f -A . &&
		rt_git_in "$dir" commit -q -m "$PACKAGE $version, as Debian ships it" &&
		rt_git_in "$dir" tag "$BASE_TAG"
	}
	timed t_base base_commit || die "cannot commit the tree in '$dir'"
	nr=$(rt_git_in "$dir" ls-files | wc -l)
	echo "commit:    $nr files in $t_base s (tag $BASE_TAG)"
	proto_commit() {
		prototype_change &&
		rt_git_in "$dir" commit -q -a -m "$PROTOTYPE_MESSAGE" &&
		rt_git_in "$dir" tag "$PROTO_TAG"
	}
	timed t_proto proto_commit ||
		die "cannot commit the prototype change in '$dir'"
	echo "prototype: $(rt_git_in "$dir" diff --shortstat "$BASE_TAG" \
		"$PROTO_TAG" | sed 's/^ //') in $t_proto s (tag $PROTO_TAG)"
	[ ! -e "$TREE" ] || rm -rf "$TREE" ||
		die "cannot replace the incomplete tree '$TREE'"
	mv "$dir" "$TREE" || die "cannot move the tree to '$TREE'"
	rm -rf "$staging"
	staging=
}

reset_tree() {
	rt_git worktree prune &&
	rt_git checkout -q -f -B linux-6.1 "$PROTO_TAG" &&
	rt_git clean -q -f -f -d -x
}

command -v git >/dev/null || die "cannot run 'git': not found in PATH"
command -v perl >/dev/null || die "cannot run 'perl': not found in PATH"
check_cache_place
mkdir -p "$KMIGRATE_CACHE" ||
	die "cannot create the cache directory '$KMIGRATE_CACHE'"

# the package's .deb: the cached one, or downloaded once
get_deb() {
	deb=$(find_deb)
	if [ -n "$deb" ]; then
		echo "download:  cached, $(basename "$deb")"
	else
		timed t_download download || exit 2
		deb=$(find_deb)
		echo "download:  $(basename "$deb"), $(du -m "$deb" |
			cut -f1) MB in $t_download s"
	fi
}

if [ -d "$TREE/.git" ] && rt_git rev-parse -q --verify \
		"refs/tags/$PROTO_TAG" >/dev/null; then
	timed t_reset reset_tree || die "cannot reset '$TREE' to $PROTO_TAG"
	echo "reset:     to $PROTO_TAG in $t_reset s"
else
	get_deb
	command -v dpkg-deb >/dev/null ||
		die "cannot run 'dpkg-deb': not found in PATH"
	build_tree "$deb"
fi

# a migration whose folder holds its API change starts from it
if [ -n "${MIGRATION_DIR:-}" ] && [ -f "$MIGRATION_DIR/$API_CHANGE" ]; then
	tag=$(api_change_tag "$MIGRATION_DIR")
	timed t_api api_change_commit "$MIGRATION_DIR" ||
		die "cannot commit '$MIGRATION_DIR/$API_CHANGE' on $BASE_TAG"
	echo "api change: $(rt_git diff --shortstat "$BASE_TAG" "$tag" |
		sed 's/^ //') in $t_api s (tag $tag)"
	rt_git checkout -q -f -B linux-6.1 "$PROTO_TAG" ||
		die "cannot reset '$TREE' to $PROTO_TAG"
fi

count_callers "$TREE"
echo "callers:   $files .c files, $calls calls of" \
     "class_create(THIS_MODULE, ...)"
echo "tree:      $TREE at $PROTO_TAG $(rt_git rev-parse --short HEAD)"
