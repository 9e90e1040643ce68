# kmigrate - build, test and install.
#
#   make            build ./kmigrate (installs missing Debian packages first)
#   make check      build and run every test: the layer check, CUnit suites
#                   (plain and under AddressSanitizer+UBSan), end-to-end
#                   tests (tests/t-*.sh)
#   make layers     no file uses a stage above its own (migrator/LAYERS)
#                   and no two files need each other (tests/layers.sh)
#   make run        the main job on the bundled fixture tree
#   make bench      benchmarks (bench/), not part of check
#   make fuzz       libFuzzer on the call-site lexer, FUZZ_SECONDS (60) long,
#                   not part of check
#   make cocci      write the generated .cocci copies shipped with the
#                   migrations (semantic-patches/*/), from their data
#   make realtree   Debian's linux-source-6.1 as a git tree with the 6.4
#                   class_create() prototype committed (tests/realtree/,
#                   downloads once into $KMIGRATE_CACHE), not part of check
#   make check-realtree  the whole job on that tree, timed, not part of check,
#                   for each migration of REALTREE_MIGRATIONS
#   make install    PREFIX=/usr/local: the binary, the semantic patches, the man page
#   make deps       install (as root) or name the missing Debian packages
#   make clean
#
# V=1 shows the commands; DEVELOPER=1 adds -Werror (CI sets it).

KMIGRATE_VERSION = 0.1
PREFIX ?= /usr/local
BINDIR = $(PREFIX)/bin
DATADIR = $(PREFIX)/share/kmigrate
MANDIR = $(PREFIX)/share/man/man1

CC ?= cc
CFLAGS ?= -O2 -g
WARNINGS = -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes
ifeq ($(DEVELOPER),1)
WARNINGS += -Werror
endif

# libclang: the newest llvm-N that ships the C API header
LLVM_DIR ?= $(patsubst %/include/clang-c/Index.h,%,$(lastword $(sort \
	$(wildcard /usr/lib/llvm-*/include/clang-c/Index.h))))
CLANG_CFLAGS = $(if $(LLVM_DIR),-I$(LLVM_DIR)/include)
CLANG_LIBS = $(if $(LLVM_DIR),-Wl$(comma)-rpath$(comma)$(LLVM_DIR)/lib) -ldl
comma := ,

# B is the build directory; the sanitizer build uses its own
B ?= build
SANITIZE ?=
SAN_FLAGS = $(if $(SANITIZE),-fsanitize=address$(comma)undefined \
	-fno-sanitize-recover=undefined -fno-omit-frame-pointer)
KMIGRATE_BIN ?= kmigrate

ALL_CFLAGS = -std=gnu11 -D_GNU_SOURCE $(CFLAGS) $(WARNINGS) $(SAN_FLAGS) -pthread \
	-MMD -MP $(INCLUDES) \
	-DKMIGRATE_VERSION='"$(KMIGRATE_VERSION)"' -DKM_DATADIR='"$(DATADIR)"'
ALL_LDFLAGS = $(LDFLAGS) $(SAN_FLAGS) -pthread

# The stages of migrator/ are its folders (migrator/LAYERS orders them),
# every one on the include path: a header is named by its file name
# alone, and no two headers of migrator/ may share one.
MIGRATOR_DIRS := $(patsubst %/,%,$(sort $(dir \
	$(wildcard migrator/*/*.[ch] migrator/*/*/*.[ch]))))
INCLUDES = -I. -Imigrator $(addprefix -I,$(MIGRATOR_DIRS)) -Icore-model

# the commands (migrator/builtin/cmd-*.c) link into the kmigrate binary
# only, as git keeps its builtins out of libgit.a: the library is what
# tests link
BUILTIN_SRC = $(wildcard migrator/builtin/*.c)
MIGRATOR_SRC = $(filter-out $(BUILTIN_SRC), \
	$(wildcard $(addsuffix /*.c,$(MIGRATOR_DIRS))))
MODEL_SRC = $(wildcard core-model/*.c)
TEST_SRC = $(wildcard tests/test-*.c tests/*/test-*.c tests/*/*/test-*.c)
MIGRATOR_OBJ = $(MIGRATOR_SRC:%.c=$(B)/%.o)
BUILTIN_OBJ = $(BUILTIN_SRC:%.c=$(B)/%.o)
MODEL_OBJ = $(MODEL_SRC:%.c=$(B)/%.o)
TEST_BIN = $(TEST_SRC:%.c=$(B)/%)
E2E_TESTS = $(sort $(wildcard tests/t-*.sh))

# The Debian packages the README's commands need ("make deps" installs
# them as root, else names the apt-get line), and what each one serves:
#   coccinelle      spatch, which apply, series and run convert with
#   libpython3-dev  the libpython3.X.so spatch loads for its report and org
#                   modes (kmigrate cocci --mode report, make coccicheck);
#                   coccinelle itself does not pull it in
#   libclang-dev    libclang, which check loads at run time, and its header
#   patch           check --patch applies a hand-written patch with it
#   libcunit1-dev   make check: the unit suites
#   jq, man-db,     make check: the JSON queries of the end-to-end tests,
#   valgrind        the man page's formatting test, the model's leak test
DEBIAN_PACKAGES = coccinelle libpython3-dev libclang-dev patch \
	libcunit1-dev jq man-db valgrind
# make style: clang-format, and perl and xz-utils for the kernel's
# checkpatch.pl, which tests/style.sh extracts from linux-source-6.1
STYLE_PACKAGES = clang-format perl xz-utils

ifneq ($(V),1)
QUIET_CC = @echo '   CC      $@';
QUIET_LINK = @echo '   LINK    $@';
QUIET_AR = @echo '   AR      $@';
endif

.SECONDARY:
.PHONY: cocci all deps check layers unit-tests test-binaries run-unit run bench fuzz realtree \
	check-realtree style style-fix install clean FORCE
.DEFAULT_GOAL := all

all: deps
	@$(MAKE) --no-print-directory $(KMIGRATE_BIN)

# Installs what is missing when run as root; otherwise names the command.
deps:
	@missing=; \
	for p in $(DEBIAN_PACKAGES); do \
		dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | \
			grep -q 'install ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
		if [ "$$(id -u)" = 0 ]; then \
			echo "installing Debian packages:$$missing"; \
			apt-get update -qq && \
			DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
				$$missing >/dev/null || exit 1; \
		else \
			echo "kmigrate needs Debian packages that are missing; run:"; \
			echo "  sudo apt-get install$$missing"; \
			exit 1; \
		fi; \
	fi

$(B)/%.o: %.c
	@mkdir -p $(dir $@)
	$(QUIET_CC)$(CC) $(ALL_CFLAGS) $(CLANG_CFLAGS) -c -o $@ $<

$(B)/libmigrator.a: $(MIGRATOR_OBJ)
	$(QUIET_AR)rm -f $@ && $(AR) rcs $@ $^

$(B)/libcoremodel.a: $(MODEL_OBJ)
	$(QUIET_AR)rm -f $@ && $(AR) rcs $@ $^

LIBS = $(B)/libmigrator.a $(B)/libcoremodel.a

$(KMIGRATE_BIN): $(B)/migrator/kmigrate.o $(BUILTIN_OBJ) $(LIBS)
	$(QUIET_LINK)$(CC) $(ALL_LDFLAGS) -o $@ $^ $(CLANG_LIBS)

$(B)/tests/%.o: tests/%.c
	@mkdir -p $(dir $@)
	$(QUIET_CC)$(CC) $(ALL_CFLAGS) $(CLANG_CFLAGS) -Itests -c -o $@ $<

$(TEST_BIN): %: %.o $(B)/tests/unit.o $(LIBS)
	$(QUIET_LINK)$(CC) $(ALL_LDFLAGS) -o $@ $^ -lcunit $(CLANG_LIBS)

# after all, in a make of its own: two makes must never write one
# archive at once ("make -j2 all unit-tests" linked a half-written one)
unit-tests: all
	@$(MAKE) --no-print-directory test-binaries
test-binaries: $(TEST_BIN)
	@:

# The layer rule on the objects kmigrate is linked from: an undefined
# symbol of a.o that b.o defines is an arrow a -> b
LAYER_OBJ = $(B)/migrator/kmigrate.o $(BUILTIN_OBJ) $(MIGRATOR_OBJ) $(MODEL_OBJ)
layers: $(LAYER_OBJ)
	@tests/layers.sh migrator/LAYERS $(LAYER_OBJ)

run-unit: unit-tests
	@tests/run-tests.sh unit $(TEST_BIN)

# The plain build, then the sanitizer build; the unit suites run in both,
# the end-to-end tests run against the sanitizer build of kmigrate.
# use_sigaltstack=0: libclang's threads get LLVM's own alternate signal
# stack (it guards the temporary file of a precompiled preamble), which
# AddressSanitizer's thread exit would otherwise try to unmap as its own.
check: all
	@$(MAKE) --no-print-directory layers
	@$(MAKE) --no-print-directory unit-tests
	@$(MAKE) --no-print-directory B=build/asan SANITIZE=1 \
		KMIGRATE_BIN=build/asan/kmigrate unit-tests
	@UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	 ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:use_sigaltstack=0 \
	 LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp:print_suppressions=0 \
	 KMIGRATE=$(CURDIR)/build/asan/kmigrate \
	 KMIGRATE_PLAIN=$(CURDIR)/kmigrate SRCDIR=$(CURDIR) \
	 tests/run-tests.sh all $(TEST_BIN) $(TEST_BIN:$(B)/%=build/asan/%) \
		$(E2E_TESTS)

run: all
	./kmigrate run

# A migration's shipped .cocci (a copy for kernel trees' scripts/coccinelle)
# is the one kmigrate generates from its data; this rewrites every copy
# that says so in its header.
cocci: all
	@for c in semantic-patches/*/*.cocci; do \
		grep -q "^// Generated by 'kmigrate cocci'" "$$c" || continue; \
		m=$$(basename "$$(dirname "$$c")"); \
		./kmigrate --migration "$$m" cocci --generated >"$$c.tmp" && \
			mv "$$c.tmp" "$$c" || { rm -f "$$c.tmp"; exit 1; }; \
	done

bench: all
	@for b in bench/*.sh; do [ -x "$$b" ] && "$$b"; done; true

# libFuzzer (clang's) on the call-site lexer and apply's rewrite: seeded
# with the fixture trees' sources and the regressions it found; a crash
# input lands in build/fuzz/ (add it to tests/fuzz-regressions/).
FUZZ_CC ?= clang
FUZZ_SECONDS ?= 60
FUZZ_SAN = -fsanitize=address,undefined -fno-sanitize-recover=undefined

build/fuzz/fuzz-call-site: bench/fuzz-call-site.c FORCE
	@$(MAKE) --no-print-directory B=build/fuzz CC=$(FUZZ_CC) \
		CFLAGS="-g -O1 -fsanitize=fuzzer-no-link $(FUZZ_SAN)" \
		build/fuzz/libmigrator.a build/fuzz/libcoremodel.a
	$(QUIET_LINK)$(FUZZ_CC) -std=gnu11 -D_GNU_SOURCE -g -O1 \
		-fsanitize=fuzzer $(FUZZ_SAN) $(INCLUDES) \
		-o $@ $< build/fuzz/libmigrator.a build/fuzz/libcoremodel.a \
		-pthread $(CLANG_LIBS)

fuzz: build/fuzz/fuzz-call-site
	@rm -rf build/fuzz/seeds && mkdir -p build/fuzz/seeds build/fuzz/corpus
	@find tree-fixtures -name '*.[ch]' -size -64k \
		-exec cp {} build/fuzz/seeds/ \; 2>/dev/null; true
	@cp tests/fuzz-regressions/* build/fuzz/seeds/ 2>/dev/null; true
	cd build/fuzz && ./fuzz-call-site -max_total_time=$(FUZZ_SECONDS) \
		-max_len=8192 -dict=../../bench/fuzz-call-site.dict \
		-print_final_stats=1 corpus seeds

realtree:
	@tests/realtree/tree.sh

# Our own sources against .clang-format and the kernel's checkpatch.pl;
# .ci/run runs it after make check.  style-fix rewrites the sources as
# clang-format has them (checkpatch's findings are fixed by hand).
STYLE_SOURCES = $(sort $(wildcard migrator/*.[ch] migrator/*/*.[ch] \
	migrator/*/*/*.[ch] core-model/*.[ch] tests/*.[ch] bench/*.c) \
	$(TEST_SRC))

style:
	@$(MAKE) --no-print-directory deps DEBIAN_PACKAGES='$(STYLE_PACKAGES)'
	@tests/style.sh $(STYLE_SOURCES)

style-fix:
	@$(MAKE) --no-print-directory deps DEBIAN_PACKAGES='$(STYLE_PACKAGES)'
	clang-format -i --style=file $(STYLE_SOURCES)

# check-realtree runs the whole job once per migration of this list (the
# outputs of each in $KMIGRATE_CACHE/check-realtree/NAME/): those whose
# every point holds on 6.1
REALTREE_MIGRATIONS ?= class-create-owner strlcpy-strscpy devm-platform-ioremap \
	ida-simple

check-realtree: all
	@status=0; for m in $(REALTREE_MIGRATIONS); do \
		echo "=== $$m"; \
		MIGRATION=$$m OUT="$${KMIGRATE_CACHE:-/var/tmp/kmigrate-cache}/check-realtree/$$(basename $$m)" \
			tests/realtree/check.sh || status=1; \
	done; exit $$status

install: all
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(DATADIR) $(DESTDIR)$(MANDIR)
	install -m 755 kmigrate $(DESTDIR)$(BINDIR)/kmigrate
	cp -R semantic-patches $(DESTDIR)$(DATADIR)/
	install -d $(DESTDIR)$(DATADIR)/tree-fixtures
	cp -R tree-fixtures/linux-2.6.14-mini tree-fixtures/hand-conversion.patch \
		tree-fixtures/linux-2.6.26-mini tree-fixtures/device-create-drvdata \
		tree-fixtures/linux-6.3-mini tree-fixtures/class-create-owner \
		$(DESTDIR)$(DATADIR)/tree-fixtures/
	if [ -f kmigrate.1 ]; then install -m 644 kmigrate.1 $(DESTDIR)$(MANDIR)/; fi

clean:
	rm -rf build kmigrate

-include $(shell find build -name '*.d' 2>/dev/null)
