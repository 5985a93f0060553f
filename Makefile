# The two commands of the README, `make showcase` and `make test`, and the tiers CI runs.
#   make test       the fast tier, debug build: every module's unit tests, one golden scene, one
#                   determinism case, one command-line round trip per command (meant to be under
#                   90 s of tests; 93-103 s on 2026-11-27, README "Start-up")
#   make test-all   both tiers (FRAMEGEN_TEST_TIER=all), release build with testing enabled, then
#                   make test-port
#   make test-port  the port's tests (Tests/Port, a package of its own: the only build that
#                   compiles SwiftSyntax), debug build
#   make test-asan  the fast tier under AddressSanitizer, and UndefinedBehaviorSanitizer in the C
#                   targets (Swift on Linux has no -sanitize=undefined; its own overflow and bounds
#                   checks trap in a debug build)
#   make test-tsan  the render pipeline's parallel tests under ThreadSanitizer
#   make install    the command line and the port's tool into $(PREFIX)/bin (default /usr/local),
#                   Swift's runtime linked in, so the machine needs only the Debian libraries of
#                   scripts/install-deps
# Each sanitizer builds in a scratch folder of its own so the builds do not undo each other.
.PHONY: showcase test test-all test-port test-asan test-tsan deps release format install

PREFIX ?= /usr/local
# Line tables, not full debug information, in every build (scripts/line-tables says why).
LINE_TABLES := $(shell scripts/line-tables)

SANITIZER_ENV = LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/lsan.supp \
	ASAN_OPTIONS=halt_on_error=1:detect_leaks=1 \
	UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
	TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1:suppressions=$(CURDIR)/Tests/tsan.supp
# The tests that draw or write on several threads at once: the pipeline and its workers, bands,
# shards, stopping and resuming, the texture cache, generated photos and layouts from many threads.
PARALLEL_TESTS = RenderTests|DistributedRenderTests|ReliabilityTests|FrameComposerTests|bandsAreByteIdentical|EveryThread|FromSeveralThreads|concurrentWriters|TheThreads

deps:
	@scripts/install-deps

showcase: deps
	@echo "== building framegen in release: a few minutes on 2 cores, each module a step that is silent for up to a minute"
	swift build -c release $(LINE_TABLES) --product framegen
	.build/release/framegen

# Each test build's folder is readied for swift-snapshot-testing, whose module must not be
# compiled beside framegen's UIKit (scripts/snapshot-testing-first says why).
ASAN_BUILD = --scratch-path .build-asan --sanitize=address -Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=undefined
TSAN_BUILD = --scratch-path .build-tsan --sanitize=thread

# scripts/build-tests builds the test bundle and the programs the tests run, without SwiftSyntax,
# then `swift test --skip-build` runs them.
test: deps
	scripts/snapshot-testing-first
	scripts/build-tests
	swift test --skip-build

test-all: deps
	scripts/snapshot-testing-first -c release -Xswiftc -enable-testing
	scripts/build-tests -c release -Xswiftc -enable-testing
	FRAMEGEN_TEST_TIER=all swift test -c release -Xswiftc -enable-testing --skip-build
	$(MAKE) test-port

# The port's tests (Tests/Port), a package of their own, debug: the one build that compiles
# SwiftSyntax, once, for the port's tool (README, "Start-up").
test-port: deps
	scripts/build-tests --port
	swift test --package-path Tests/Port --skip-build

test-asan: deps
	scripts/snapshot-testing-first $(ASAN_BUILD)
	scripts/build-tests $(ASAN_BUILD)
	$(SANITIZER_ENV) swift test $(ASAN_BUILD) --skip-build

test-tsan: deps
	scripts/snapshot-testing-first $(TSAN_BUILD)
	scripts/build-tests $(TSAN_BUILD)
	$(SANITIZER_ENV) swift test $(TSAN_BUILD) --skip-build --filter '$(PARALLEL_TESTS)'

release: deps
	swift build -c release $(LINE_TABLES)

# framegen-port, the tool `framegen uikit init` asks to read an app's Swift, goes beside framegen,
# built in debug: it parses a few files. It links the toolchain's own SwiftSyntax (Package.swift
# says when), a shared library that needs the toolchain's shared Swift runtime: so it is not
# linked with --static-swift-stdlib, and it runs where that toolchain is, as a build needs anyway.
# The library's resource bundles SwiftPM writes beside the binary (if any) travel with it; the
# test targets' do not.
install: deps
	@echo "== building framegen in release (a few minutes on 2 cores), then framegen-port in debug"
	swift build -c release $(LINE_TABLES) --product framegen --static-swift-stdlib
	swift build $(LINE_TABLES) --product framegen-port
	install -d "$(DESTDIR)$(PREFIX)/bin"
	install -m 755 .build/release/framegen "$(DESTDIR)$(PREFIX)/bin/framegen"
	install -m 755 .build/debug/framegen-port "$(DESTDIR)$(PREFIX)/bin/framegen-port"
	for bundle in .build/release/*.resources; do \
		case "$$bundle" in *Tests.resources) continue ;; esac; \
		[ -d "$$bundle" ] && cp -R "$$bundle" "$(DESTDIR)$(PREFIX)/bin/" || true; \
	done

format:
	swift format --in-place --recursive Sources Tests Package.swift
