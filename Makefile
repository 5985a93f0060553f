# The two commands of the README: `make showcase` and `make test`.
.PHONY: showcase test deps release format

deps:
	@scripts/install-deps

showcase: deps
	swift build -c release --product framegen
	.build/release/framegen

test: deps
	swift test

release: deps
	swift build -c release

format:
	swift format --in-place --recursive Sources Tests Package.swift
