# The two commands of the README, and a few helpers around them.
#   make run   install what is missing, build, and start a solo On Tour game in the terminal
#   make test  install what is missing, build release and asan, run every test
JOBS ?= $(shell nproc)
CTEST_FLAGS ?= --output-on-failure -j $(JOBS)

.PHONY: deps build run test test-release test-asan bench format clean

deps:
	@bash scripts/install-deps.sh

build: deps
	@cmake --preset release >/dev/null
	@cmake --build --preset release -j $(JOBS)

run: build
	./build/release/tabletop ontour play

test: test-release test-asan

test-release: deps
	cmake --preset release -DTABLETOP_WERROR=ON
	cmake --build --preset release -j $(JOBS)
	ctest --test-dir build/release $(CTEST_FLAGS)

test-asan: deps
	cmake --preset asan -DTABLETOP_WERROR=ON
	cmake --build --preset asan -j $(JOBS)
	ctest --test-dir build/asan $(CTEST_FLAGS)

bench: build
	./build/release/tabletop bench

format:
	@git ls-files '*.h' '*.cc' | xargs clang-format -i

clean:
	rm -rf build
