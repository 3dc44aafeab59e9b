# maya -- build, run and test. GNU make and pkg-config.
#   make        build build/maya (optimised)
#   make run    install what is missing, build, start the server with the browser UI (PORT=8080)
#   make test   install what is missing, build with sanitizers, run every test
#   make bench  engine benchmarks
#   make bench-server  the server's load figures (SQLite and PostgreSQL)
#   make tsan   the server's end-to-end test and the hub's test under ThreadSanitizer (make test runs it too)

CC      ?= cc
# the machine's cores: make test builds and runs its tests this many at a time
CORES   := $(shell nproc 2>/dev/null || echo 1)
WARN    := -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Werror=implicit-function-declaration
CSTD    := -std=c11 -D_POSIX_C_SOURCE=200809L -pthread
INC     := -Isrc -Ibuild/gen
OPT     ?= -O2 -g -flto=auto -DNDEBUG
SAN     := -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
TSAN    := -O1 -g -fsanitize=thread -fno-omit-frame-pointer
TEST_LIBS := $(shell pkg-config --libs cmocka 2>/dev/null || echo -lcmocka)
LIBS    := -lm -pthread
CURSES_LIBS := $(shell pkg-config --libs ncursesw 2>/dev/null || echo -lncursesw)
LIBS    += $(CURSES_LIBS)
# server: HTTP, JSON, storage (SQLite, PostgreSQL), random seeds and tokens; client for the load generator
NET_PKGS := libmicrohttpd jansson sqlite3 libpq libsodium libcurl
LIBS    += $(shell pkg-config --libs $(NET_PKGS) 2>/dev/null || echo -lmicrohttpd -ljansson -lsqlite3 -lpq -lsodium -lcurl)
INC     += $(shell pkg-config --cflags-only-I $(NET_PKGS) 2>/dev/null)

LIB_SRC  := $(filter-out src/cli/main.c,$(wildcard src/*.c src/*/*.c))
CLI_MAIN := src/cli/main.c
TEST_SRC := $(wildcard tests/*_test.c)
GEN      := build/gen/tikal_data.h build/gen/tzolkin_constants.h build/gen/tzolkin_data.h

REL_OBJ  := $(patsubst src/%.c,build/rel/%.o,$(LIB_SRC))
SAN_OBJ  := $(patsubst src/%.c,build/san/%.o,$(LIB_SRC))
TSAN_OBJ := $(patsubst src/%.c,build/tsan/%.o,$(LIB_SRC))
# the server, the API test programs and the hub's test under ThreadSanitizer (tests/cli/server_threads.sh)
TSAN_PROGS := build/tsan/maya build/tsan/tests/api_check build/tsan/tests/api_play build/tsan/tests/hub_test
TESTS    := $(patsubst tests/%.c,build/san/tests/%,$(TEST_SRC))
# test programs that shell tests run (tests/*.c not named *_test.c: run.sh does not run them alone)
TEST_PROGS := $(patsubst tests/%.c,build/san/tests/%,$(filter-out $(TEST_SRC),$(wildcard tests/*.c)))

.PHONY: all run test bench bench-server tsan deps clean FORCE
all: build/maya

deps:
	@sh scripts/install-deps

PORT ?= 8080
run: deps
	@$(MAKE) --no-print-directory -j$(CORES) build/maya
	@echo "make run: open http://127.0.0.1:$(PORT)/ in a browser (games are kept in maya.db; Ctrl-C stops)"
	./build/maya serve --port $(PORT) --db maya.db --web web

test: deps
	@$(MAKE) --no-print-directory -j$(CORES) build/san/maya $(TESTS) $(TEST_PROGS) $(TSAN_PROGS)
	@sh tests/run.sh

tsan: deps
	@$(MAKE) --no-print-directory -j$(CORES) $(TSAN_PROGS)
	sh tests/cli/server_threads.sh

bench: build/maya
	./build/maya bench tikal
	./build/maya bench tzolkin

bench-server: deps
	@$(MAKE) --no-print-directory -j$(CORES) build/maya
	sh scripts/bench-server

build/gen/tikal_data.h: data/tikal.txt tools/tikal-data.awk
	@mkdir -p $(dir $@)
	awk -f tools/tikal-data.awk data/tikal.txt > $@.tmp && mv $@.tmp $@

TZOLK_DATA := data/tzolkin-buildings.txt data/tzolkin-monuments.txt data/tzolkin-wealth.txt data/tzolkin-temples.txt \
	data/tzolkin-constants.txt data/tzolkin-wheels.txt
build/gen/tzolkin_constants.h: $(TZOLK_DATA) tools/tzolkin-data.awk
	@mkdir -p $(dir $@)
	awk -v part=constants -f tools/tzolkin-data.awk $(TZOLK_DATA) > $@.tmp && mv $@.tmp $@
build/gen/tzolkin_data.h: $(TZOLK_DATA) tools/tzolkin-data.awk
	@mkdir -p $(dir $@)
	awk -f tools/tzolkin-data.awk $(TZOLK_DATA) > $@.tmp && mv $@.tmp $@

# the learned evaluations' weights (maya train), embedded in the binary
WEIGHTS := data/weights-tikal.txt data/weights-tzolkin.txt
# the list of files embedded, rewritten only when WEIGHTS names others, so
# that `make build/maya WEIGHTS="..."` and the next plain build each embed
# their own files
build/gen/weights.list: FORCE
	@mkdir -p $(dir $@)
	@echo '$(WEIGHTS)' | cmp -s - $@ || echo '$(WEIGHTS)' > $@
FORCE:
build/gen/weights.h: $(WEIGHTS) build/gen/weights.list tools/embed-text.awk
	@mkdir -p $(dir $@)
	awk -f tools/embed-text.awk $(WEIGHTS) > $@.tmp && mv $@.tmp $@
# only the evaluation table includes them: new weights rebuild one file
build/rel/bots/eval.o build/san/bots/eval.o build/tsan/bots/eval.o: build/gen/weights.h

# the bot levels' measured time per turn (maya bench GAME --levels), embedded
build/gen/turn_times.h: data/bot-turn-times.txt tools/embed-text.awk
	@mkdir -p $(dir $@)
	awk -f tools/embed-text.awk data/bot-turn-times.txt > $@.tmp && mv $@.tmp $@
build/rel/bots/level_time.o build/san/bots/level_time.o build/tsan/bots/level_time.o: build/gen/turn_times.h

build/rel/%.o: src/%.c $(GEN)
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) $(OPT) $(INC) -MMD -MP -c $< -o $@

build/san/%.o: src/%.c $(GEN)
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) $(SAN) $(INC) -MMD -MP -c $< -o $@

build/maya: $(REL_OBJ) build/rel/cli/main.o
	$(CC) $(OPT) $^ $(LIBS) -o $@

build/san/maya: $(SAN_OBJ) build/san/cli/main.o
	$(CC) $(SAN) $^ $(LIBS) -o $@

build/san/tests/%: tests/%.c $(SAN_OBJ) $(wildcard tests/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) $(SAN) $(INC) -Itests $< $(SAN_OBJ) $(TEST_LIBS) $(LIBS) -o $@

build/tsan/%.o: src/%.c $(GEN)
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) $(TSAN) $(INC) -MMD -MP -c $< -o $@

build/tsan/maya: $(TSAN_OBJ) build/tsan/cli/main.o
	$(CC) $(TSAN) $^ $(LIBS) -o $@

build/tsan/tests/%: tests/%.c $(TSAN_OBJ) $(wildcard tests/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) $(TSAN) $(INC) -Itests $< $(TSAN_OBJ) $(TEST_LIBS) $(LIBS) -o $@

clean:
	rm -rf build

-include $(REL_OBJ:.o=.d) $(SAN_OBJ:.o=.d) $(TSAN_OBJ:.o=.d)
