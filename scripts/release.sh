#!/usr/bin/env bash
# Builds a release archive of the plumb command, with its SHA-256 checksum, in dist/:
#   Linux: one binary with the Swift runtime and Foundation linked in (--static-swift-stdlib:
#          no Swift toolchain needed where it runs; the system's libxml2, which Foundation's
#          XML parser uses, is), plumb-VERSION-linux-ARCH.tar.gz
#   macOS: one universal binary (arm64 and x86_64), plumb-VERSION-macos-universal.tar.gz
# Each archive holds plumb, LICENSE and README.md; dist/SHA256SUMS lists the checksums.
# Usage: scripts/release.sh [OUTPUT_FOLDER]
set -euo pipefail
cd "$(dirname "$0")/.."

out="${1:-dist}"
version="$(sed -n 's/^public let plumbVersion = "\(.*\)"$/\1/p' Sources/PlumbCLI/Rendering.swift)"
[ -n "$version" ] || { echo "release.sh: cannot read the version from Sources/PlumbCLI/Rendering.swift" >&2; exit 1; }
mkdir -p "$out"

case "$(uname -s)" in
  Linux)
    swift build -c release --product plumb --static-swift-stdlib
    binary="$(swift build -c release --static-swift-stdlib --show-bin-path)/plumb"
    name="plumb-$version-linux-$(uname -m)"
    ;;
  Darwin)
    swift build -c release --product plumb --arch arm64 --arch x86_64
    binary="$(swift build -c release --arch arm64 --arch x86_64 --show-bin-path)/plumb"
    name="plumb-$version-macos-universal"
    ;;
  *)
    echo "release.sh: builds on Linux and macOS only" >&2
    exit 1
    ;;
esac

# The binary must run and say its version before it is packed.
[ "$("$binary" --version)" = "plumb $version" ] || { echo "release.sh: $binary does not report $version" >&2; exit 1; }

stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
mkdir "$stage/$name"
cp "$binary" LICENSE README.md "$stage/$name/"
strip "$stage/$name/plumb" 2>/dev/null || true
tar -C "$stage" -czf "$out/$name.tar.gz" "$name"

if command -v sha256sum >/dev/null; then
  (cd "$out" && sha256sum "$name.tar.gz") >> "$out/SHA256SUMS"
else
  (cd "$out" && shasum -a 256 "$name.tar.gz") >> "$out/SHA256SUMS"
fi
echo "$out/$name.tar.gz"
tail -n 1 "$out/SHA256SUMS"
