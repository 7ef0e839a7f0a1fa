# slaudit — one non-recursive Makefile. Quiet unless V=1; objects in build/.
VERSION   := 0.1.0
PREFIX    ?= /usr/local
DESTDIR   ?=
BUILD     ?= build
CC        ?= cc
PKGS      := sqlite3 libpcre2-8 xlsxwriter libcrypto jansson yaml-0.1 libcmark-gfm libxml-2.0 \
             poppler-glib libzip libpq libcurl

WARN      := -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
             -Wformat=2 -Wvla -Wpointer-arith -Wcast-qual -Wundef
ifeq ($(CI),true)
WARN      += -Werror
endif
OPT       ?= -O2 -g
CFLAGS    ?= $(OPT)
ALL_CFLAGS = -std=c11 -D_GNU_SOURCE -DSLAUDIT_VERSION='"$(VERSION)"' $(WARN) $(CFLAGS) \
             -I. $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
LIBS       = $(shell pkg-config --libs $(PKGS) 2>/dev/null) -lcsv -lm -lpthread
TEST_LIBS  = $(shell pkg-config --libs criterion 2>/dev/null)

ifeq ($(V),1)
Q :=
else
Q := @
endif

LIB_SRC   := $(sort $(wildcard engine/*/*.c engine/store/*/*.c parsers/*/*.c reports/*/*.c))
CLI_SRC   := $(wildcard cli/*.c)
TEST_SRC  := $(sort $(wildcard tests/*/*.c tests/*/*/*.c))
LIB_OBJ   := $(LIB_SRC:%.c=$(BUILD)/%.o)
CLI_OBJ   := $(CLI_SRC:%.c=$(BUILD)/%.o)
TEST_OBJ  := $(TEST_SRC:%.c=$(BUILD)/%.o)
DEPS_OK   := $(BUILD)/.deps-ok

.PHONY: all test unit pg-test cli-test reliability sla-accuracy mutate valgrind fuzz fuzz-build demo sanitize lint format install clean deps sample-data
all: $(BUILD)/slaudit

deps: $(DEPS_OK)
$(DEPS_OK): scripts/deps.sh
	$(Q)./scripts/deps.sh
	$(Q)mkdir -p $(BUILD) && touch $@

$(BUILD)/%.o: %.c | $(DEPS_OK)
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(ALL_CFLAGS) -MMD -MP -c $< -o $@

$(BUILD)/libslaudit.a: $(LIB_OBJ)
	@$(if $(Q),echo "  AR      $@")
	$(Q)rm -f $@ && ar rcs $@ $^

$(BUILD)/slaudit: $(CLI_OBJ) $(BUILD)/libslaudit.a
	@$(if $(Q),echo "  LINK    $@")
	$(Q)$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $(CLI_OBJ) $(BUILD)/libslaudit.a $(LIBS)

$(BUILD)/unit-tests: $(TEST_OBJ) $(BUILD)/libslaudit.a
	@$(if $(Q),echo "  LINK    $@")
	$(Q)$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $(TEST_OBJ) $(BUILD)/libslaudit.a $(LIBS) $(TEST_LIBS)

$(BUILD)/gen-sample: sample-data/generate.c | $(DEPS_OK)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< -lm

# The larger sample files are written by a deterministic generator.
sample-data: $(BUILD)/gen-sample
	$(Q)$(BUILD)/gen-sample sample-data/generated

unit: $(BUILD)/unit-tests
	$(Q)cd tests && $(abspath $(BUILD))/unit-tests --jobs 2

cli-test: $(BUILD)/slaudit $(BUILD)/gen-sample
	$(Q)BUILD=$(BUILD) sh tests/cli/run.sh
	$(Q)BUILD=$(BUILD) sh tests/cli/cases.sh
	$(Q)BUILD=$(BUILD) sh tests/cli/pull.sh

# Crash consistency, concurrency and hostile input (tests/reliability/run.sh).
reliability: $(BUILD)/slaudit
	$(Q)BUILD=$(BUILD) sh tests/reliability/run.sh
	$(Q)BUILD=$(BUILD) sh tests/reliability/forgery.sh

# The PostgreSQL store against throwaway servers of its own
# (tests/pg/cluster.sh): the backend's unit tests, and the binary's outputs
# on a server store compared with SQLite's (tests/pg/run.sh), then on a
# store partitioned over two servers (tests/pg/fdw.sh); one role per team
# (tests/pg/access.sh). Each script runs whatever the one before it gave.
# One line and nothing run without the server's binaries.
pg-test: $(BUILD)/unit-tests $(BUILD)/slaudit $(BUILD)/gen-sample
	$(Q)BUILD=$(BUILD) sh tests/pg/cluster.sh with-clusters \
	    sh -c 'rc=0; for t in run fdw access; do sh tests/pg/$$t.sh || rc=1; done; exit $$rc'

test: unit pg-test cli-test reliability

# Field accuracy of the SLA reader on documents with answer keys (NAME.txt
# beside NAME.expected.json), when the shared corpus is there.
SLA_CORPUS   ?= ../shared/real/sla
SLA_ACCURACY ?= ../shared/tools/sla-accuracy
sla-accuracy: $(BUILD)/slaudit
	$(Q)if [ -d "$(SLA_CORPUS)" ] && [ -x "$(SLA_ACCURACY)" ]; then \
	    "$(SLA_ACCURACY)" --bin $(BUILD)/slaudit "$(SLA_CORPUS)"; \
	else \
	    echo "sla-accuracy: skipped: no $(SLA_CORPUS) or no $(SLA_ACCURACY)"; \
	fi

# Mutation check: each change of tests/mutants.txt applied in turn in a
# scratch copy under /tmp, the fast suite run on it; lists the survivors.
mutate: $(BUILD)/slaudit
	$(Q)BUILD=$(BUILD) sh scripts/mutate.sh

# The CLI tests with the runs of the binary under valgrind's memcheck: every
# run, or one in VALGRIND_EVERY (tests/reliability/valgrind.sh).
VALGRIND_EVERY ?= 1
valgrind: $(BUILD)/slaudit $(BUILD)/gen-sample
	$(Q)VALGRIND_EVERY=$(VALGRIND_EVERY) sh tests/reliability/valgrind.sh $(BUILD)

# libFuzzer: each parser, the time parser, the JSON and SLA readers, FUZZ_TIME
# seconds each (fuzz/run.sh). Needs clang with its sanitizer runtimes.
# FUZZ_RUNS=N runs N inputs from a fixed seed instead: the same tree then
# fuzzes the same inputs on every machine, which is what CI wants.
FUZZ_BUILD := $(BUILD)/fuzz
FUZZ_TIME  ?= 60
FUZZ_RUNS  ?=
FUZZ_FLAGS := -O1 -g -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined \
              -fno-omit-frame-pointer
FUZZ_SRC   := $(wildcard fuzz/*.c)
fuzz:
	$(Q)$(MAKE) --no-print-directory BUILD=$(FUZZ_BUILD) CC=clang CFLAGS="$(FUZZ_FLAGS)" fuzz-build
	$(Q)FUZZ_RUNS=$(FUZZ_RUNS) sh fuzz/run.sh $(FUZZ_BUILD) $(FUZZ_TIME)
fuzz-build: $(FUZZ_SRC:fuzz/fuzz_%.c=$(BUILD)/fuzz-%)
.SECONDARY: $(FUZZ_SRC:%.c=$(BUILD)/%.o)
$(BUILD)/fuzz-%: $(BUILD)/fuzz/fuzz_%.o $(BUILD)/libslaudit.a
	@$(if $(Q),echo "  LINK    $@")
	$(Q)$(CC) $(ALL_CFLAGS) $(LDFLAGS) -fsanitize=fuzzer -o $@ $^ $(LIBS)

DEMO_DB := out/demo.db
demo: $(BUILD)/slaudit sample-data
	$(Q)mkdir -p out && rm -f $(DEMO_DB) $(DEMO_DB)-wal $(DEMO_DB)-shm
	$(Q)$(BUILD)/slaudit --db $(DEMO_DB) ingest sample-data/*.csv sample-data/profile-*.json \
	    sample-data/generated/*.csv
	$(Q)$(BUILD)/slaudit --db $(DEMO_DB) sla import sample-data/nimbus-sla.md \
	    --entity provider:nimbus --effective 2026-08-01
	$(Q)$(BUILD)/slaudit --db $(DEMO_DB) report -o out/ --profile sample-data/team.yaml

# The benchmark (docs/PERFORMANCE.md): BENCH_SCALE=small (about a fiftieth) or
# full (a year of one-minute probes for 100 services). Not part of `test`.
.PHONY: bench
BENCH_SCALE ?= small
BENCH_TOOLS := $(BUILD)/bench-gen $(BUILD)/bench-measure $(BUILD)/bench-rawinsert \
               $(BUILD)/bench-sheet
# The detail-sheet bench writes through the library's own sheet writer.
$(BUILD)/bench-sheet: bench/sheet.c $(BUILD)/libslaudit.a
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< $(BUILD)/libslaudit.a $(LIBS)
$(BUILD)/bench-%: bench/%.c | $(DEPS_OK)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< $(shell pkg-config --libs sqlite3 2>/dev/null)
bench: $(BUILD)/slaudit $(BENCH_TOOLS)
	$(Q)BUILD=$(BUILD) BENCH_SCALE=$(BENCH_SCALE) sh bench/run.sh

# The whole suite under AddressSanitizer and UndefinedBehaviorSanitizer,
# both in one build: what either finds fails the run.
sanitize:
	$(Q)$(MAKE) --no-print-directory BUILD=$(BUILD)/sanitize \
	    CFLAGS="-O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all \
	    -fno-omit-frame-pointer" test

# Style, banned calls, and the include order of docs/architecture.md.
lint:
	$(Q)sh scripts/check-includes.sh
	$(Q)clang-format --dry-run --Werror $(LIB_SRC) $(CLI_SRC) $(TEST_SRC) $(wildcard */*.h */*/*.h tests/*/*/*.h)
	$(Q)! git grep -nE '\b(strcpy|strcat|sprintf|vsprintf|strtok|atoi|atol|gets)\s*\(' -- '*.c' '*.h'

format:
	$(Q)clang-format -i $(LIB_SRC) $(CLI_SRC) $(TEST_SRC) $(wildcard */*.h */*/*.h tests/*/*/*.h)

install: $(BUILD)/slaudit
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 755 $(BUILD)/slaudit $(DESTDIR)$(PREFIX)/bin/slaudit
	install -m 644 man/slaudit.1 $(DESTDIR)$(PREFIX)/share/man/man1/slaudit.1

clean:
	rm -rf $(BUILD) build out sample-data/generated

-include $(LIB_OBJ:.o=.d) $(CLI_OBJ:.o=.d) $(TEST_OBJ:.o=.d) $(FUZZ_SRC:%.c=$(BUILD)/%.d)
