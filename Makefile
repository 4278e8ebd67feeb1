# The two commands of the README, and the checks CI adds.
SWIFT ?= swift

.PHONY: run test build lint ci bench

## Install what is missing, build, and start Narrator with default settings.
run:
	@scripts/install-deps.sh
	$(SWIFT) build -c release --product narrator
	.build/release/narrator say "Narrator is ready."

## Install what the tests need and run the whole suite.
test:
	@scripts/install-deps.sh --test
	$(SWIFT) test

build:
	$(SWIFT) build --build-tests -Xswiftc -warnings-as-errors

lint:
	$(SWIFT) format lint --strict -r Sources Tests Package.swift

## What CI runs on a fresh clone.
ci: test build lint
