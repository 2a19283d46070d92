# Builds and installs the plumb command: `make install` puts it in $(PREFIX)/bin.
#   make install PREFIX=$HOME/.local      # another prefix
#   make install DESTDIR=/tmp/stage       # staged, for packaging
#   make install CONFIGURATION=debug      # a debug build (faster to build)
#   make install SWIFTFLAGS=--static-swift-stdlib   # Linux: no Swift runtime needed where it runs (libxml2 is)
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
SWIFT ?= swift
CONFIGURATION ?= release
SWIFTFLAGS ?=

.PHONY: all build install uninstall test clean

all: build

build:
	$(SWIFT) build -c $(CONFIGURATION) $(SWIFTFLAGS) --product plumb

install: build
	install -d "$(DESTDIR)$(BINDIR)"
	install -m 755 "$$($(SWIFT) build -c $(CONFIGURATION) $(SWIFTFLAGS) --show-bin-path)/plumb" "$(DESTDIR)$(BINDIR)/plumb"

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/plumb"

test:
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --disable-swift-testing

clean:
	$(SWIFT) package clean
