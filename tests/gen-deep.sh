# shellcheck shell=bash
# gen-deep.sh - C that nests past what libclang can parse (issue 30),
# generated, never committed: sourced by tests/t-scale-limits.sh,
# tests/t-crash-isolation.sh and bench/scale.sh.
#
#	deep_expr SHAPE N	an expression on stdout, one line:
#		terms	a + 0 + 1 + ... (N terms after a)
#		casts	(int)(int)...a (N casts)
#		parens	((...a...)) (N pairs)
#		nest	((a + 1) + 1)... (N pairs, an operator in each)
#	deep_function SHAPE N	"int g(int a)" returning deep_expr SHAPE N,
#		or with SHAPE elseif a chain of N else-ifs, on stdout
#	deep_tree DIR		DIR/include/linux with the 2.6.14 fixture's
#		device.h, types.h and kdev_t.h (the old prototype of
#		class_device_create()), and an empty DIR/drivers/x
#
# awk writes them: a shell loop over 100,000 terms takes seconds.

deep_expr() {
	awk -v shape="$1" -v n="$2" 'BEGIN {
		if (shape == "terms") {
			printf "a"
			for (i = 0; i < n; i++)
				printf " + %d", i
		}
		if (shape == "casts") {
			for (i = 0; i < n; i++)
				printf "(int)"
			printf "a"
		}
		if (shape == "parens" || shape == "nest") {
			for (i = 0; i < n; i++)
				printf "("
			printf "a"
			for (i = 0; i < n; i++)
				printf shape == "nest" ? " + 1)" : ")"
		}
		print ""
	}'
}

deep_function() {
	printf 'int g(int a)\n{\n'
	if [ "$1" = elseif ]; then
		awk -v n="$2" 'BEGIN {
			for (i = 0; i < n; i++)
				printf "\tif (a == %d)\n\t\ta++;\n\telse ", i
			print "\n\t\ta--;\n\treturn a;"
		}'
	else
		printf '\treturn %s;\n' "$(deep_expr "$1" "$2")"
	fi
	printf '}\n'
}

deep_tree() {
	local mini=$SRCDIR/tree-fixtures/linux-2.6.14-mini

	rm -rf "$1"
	mkdir -p "$1/include/linux" "$1/drivers/x"
	cp "$mini/include/linux/device.h" "$mini/include/linux/types.h" \
		"$mini/include/linux/kdev_t.h" "$1/include/linux/"
}
