#!/bin/sh
#
# layers.sh - the layer rule of migrator/LAYERS, checked on the objects.
#
#   tests/layers.sh LAYERS OBJECT...
#   tests/layers.sh LAYERS --nm LISTING
#
# The file graph comes from the objects' symbols: an undefined symbol of
# a.o that b.o defines is an arrow a -> b (a needs b).  Symbols nobody
# here defines (the C library's, libclang's) are no arrows.  The stage of
# an object is the folder of LAYERS its source is in, the longest that
# matches (build/migrator/check/rules/x.o is "migrator/check"'s); LAYERS
# lists the stages from the top down, one line each, and folders on one
# line are beside each other.  The check fails (exit 1) on:
#   - a cycle: files that need each other, directly or round a circle;
#     each knot of them is printed as one circle, "cycle: a -> b -> a",
#     and, when the knot holds more files, "  a knot of N files: ..."
#   - an arrow up, or sideways between two stages of one line: printed as
#     "arrow up: a -> b (symbol): STAGE-A is below STAGE-B"
# and prints one summary line.  --nm reads "nm -A -P" output from a file
# instead of running nm (the layer test feeds it invented listings); an
# object's name is then the one its lines give.  Exit 2 on a usage error.
#
# The object paths name their sources: build/[asan/]migrator/x/y.o is
# migrator/x/y.c; the build folder prefix is whatever precedes the first
# folder of LAYERS.

usage()
{
	echo "usage: tests/layers.sh LAYERS (OBJECT... | --nm LISTING)" >&2
	exit 2
}

[ $# -ge 2 ] || usage
layers=$1
shift
[ -r "$layers" ] || {
	echo "cannot read '$layers': no such file" >&2
	exit 2
}

if [ "$1" = "--nm" ]; then
	[ $# -eq 2 ] || usage
	listing=$2
	[ -r "$listing" ] || {
		echo "cannot read '$listing': no such file" >&2
		exit 2
	}
else
	listing=$(mktemp "${TMPDIR:-/tmp}/layers.XXXXXX") || exit 2
	trap 'rm -f "$listing"' EXIT
	nm -A -P "$@" >"$listing" || {
		echo "cannot read the symbols of the objects: nm failed" >&2
		exit 2
	}
fi

awk -v layers="$layers" '
# LAYERS: rank by line (0 the top), folders by word; "#" starts a comment
function read_layers(   line, n, i, w, nw) {
	nlayer = 0
	while ((getline line < layers) > 0) {
		sub(/#.*/, "", line)
		nw = split(line, w, " ")
		if (nw == 0)
			continue
		for (i = 1; i <= nw; i++) {
			sub(/\/$/, "", w[i])
			rank[w[i]] = nlayer
			folders[++nfolder] = w[i]
		}
		nlayer++
	}
	close(layers)
	if (nfolder == 0) {
		print "layers: no stage in " layers > "/dev/stderr"
		exit 2
	}
}

# the source an object stands for, and its stage: the longest folder of
# LAYERS its path names after any build-folder prefix
function stage_of(obj,   i, f, best, p, rest) {
	best = ""
	for (i = 1; i <= nfolder; i++) {
		f = folders[i]
		p = index(obj, f "/")
		if (p == 0 || (p > 1 && substr(obj, p - 1, 1) != "/"))
			continue
		rest = substr(obj, p + length(f) + 1)
		if (length(f) > length(best)) {
			best = f
			sub(/\.o$/, ".c", rest)
			src[obj] = f "/" rest
		}
	}
	return best
}

BEGIN {
	read_layers()
}

# "OBJ: SYMBOL TYPE [VALUE SIZE]"; an archive member is "LIB[OBJ]:"
{
	obj = $1
	sub(/:$/, "", obj)
	if (obj ~ /\]$/) {
		sub(/^.*\[/, "", obj)
		sub(/\]$/, "", obj)
	}
	if (!(obj in seen)) {
		seen[obj] = 1
		objs[++nobj] = obj
	}
	sym = $2
	type = $3
	if (type == "U")
		need[obj, ++nneed[obj]] = sym
	else if (type ~ /^[A-Z]$/ && type != "N")
		defined_by[sym] = obj
}

END {
	for (i = 1; i <= nobj; i++) {
		o = objs[i]
		st = stage_of(o)
		if (st == "") {
			printf "layers: %s is in no stage of %s\n", o, layers \
				> "/dev/stderr"
			unstaged++
			continue
		}
		stage[o] = st
	}
	if (unstaged)
		exit 2

	# the arrows, one per pair of files, with the first symbol
	for (i = 1; i <= nobj; i++) {
		a = objs[i]
		for (j = 1; j <= nneed[a]; j++) {
			s = need[a, j]
			if (!(s in defined_by))
				continue
			b = defined_by[s]
			if (b == a || ((a, b) in arrow))
				continue
			arrow[a, b] = s
			out[a, ++nout[a]] = b
			narrows++
		}
	}

	# arrows up or sideways
	for (i = 1; i <= nobj; i++) {
		a = objs[i]
		for (j = 1; j <= nout[a]; j++) {
			b = out[a, j]
			if (stage[a] == stage[b] || rank[stage[a]] < rank[stage[b]])
				continue
			printf "arrow up: %s -> %s (%s): %s is %s %s\n", \
				src[a], src[b], arrow[a, b], stage[a], \
				rank[stage[a]] == rank[stage[b]] ? "beside" : \
				"below", stage[b]
			nup++
		}
	}

	# cycles: the strongly connected components (Tarjan), each printed
	# as one circle through its first file
	for (i = 1; i <= nobj; i++)
		if (!(objs[i] in index_of))
			connect(objs[i])

	printf "layers: %d files, %d arrows, %d cycles, %d arrows up\n", \
		nobj, narrows, ncycles + 0, nup + 0
	exit (ncycles || nup) ? 1 : 0
}

function connect(v,   j, w, n, members, path, len) {
	index_of[v] = low[v] = ++counter
	stack[++sp] = v
	on_stack[v] = 1
	for (j = 1; j <= nout[v]; j++) {
		w = out[v, j]
		if (!(w in index_of)) {
			connect(w)
			if (low[w] < low[v])
				low[v] = low[w]
		} else if (on_stack[w] && index_of[w] < low[v]) {
			low[v] = index_of[w]
		}
	}
	if (low[v] != index_of[v])
		return
	n = 0
	do {
		w = stack[sp--]
		on_stack[w] = 0
		comp[w] = v
		members = n++ ? src[w] " " members : src[w]
	} while (w != v)
	if (n > 1) {
		ncycles++
		path = circle(v)
		print "cycle: " path
		len = gsub(/ -> /, "&", path)
		if (n > len)
			printf "  a knot of %d files: %s\n", n, members
	}
}

# a shortest way from v round to v inside its component (breadth first)
function circle(v,   head, tail, queue, from, x, j, w, path) {
	head = 1
	tail = 0
	delete from
	queue[++tail] = v
	from[v] = ""
	while (head <= tail) {
		x = queue[head++]
		for (j = 1; j <= nout[x]; j++) {
			w = out[x, j]
			if (comp[w] != v)
				continue
			if (w == v) {
				path = src[v]
				for (; x != v; x = from[x])
					path = src[x] " -> " path
				return src[v] " -> " path
			}
			if (w in from)
				continue
			from[w] = x
			queue[++tail] = w
		}
	}
	return src[v]
}
' "$listing"
