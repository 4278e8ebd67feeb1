# Shortcuts for the scripts in scripts/; the scripts are what the README and CI use.
.PHONY: run test lint bench ci

run:
	scripts/run

test:
	scripts/test

lint:
	swift format lint --strict -r Sources Tests Package.swift

ci:
	.ci/run
