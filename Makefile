# Shortcuts for the scripts in scripts/; the scripts are what the README and CI use.
.PHONY: run build install uninstall test lint bench ci

run:
	scripts/run

build:
	scripts/build

install:
	scripts/install

uninstall:
	scripts/uninstall

test:
	scripts/test

lint:
	swift format lint --strict -r Sources Tests Package.swift

ci:
	.ci/run
