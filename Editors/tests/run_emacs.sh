#!/usr/bin/env bash
# Batch Emacs: plumb-mode loads and fontifies, and Eglot runs plumb lsp on a copy of
# Examples/problems/conflict.layout (diagnostics, hover, quick fix, shutdown), then on a copy of
# Tests/Fixtures/interface-builder/profile-issues.storyboard (nXML kept, diagnostics, hover);
# with plumb-interface-builder nil, a copy of cell-issues.xib gets no server.
#   Editors/tests/run_emacs.sh PATH/TO/plumb
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
plumb="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
limit="${PLUMB_EMACS_TEST_LIMIT:-120}"

[ -x "$plumb" ] || { echo "run_emacs.sh: $plumb is not executable" >&2; exit 2; }
command -v emacs >/dev/null || { echo "run_emacs.sh: no emacs" >&2; exit 2; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/project" "$work/home"
cp "$repo/Examples/problems/conflict.layout" "$work/project/"
cp "$repo/Tests/Fixtures/interface-builder/profile-issues.storyboard" "$work/project/"
cp "$repo/Tests/Fixtures/interface-builder/cell-issues.xib" "$work/project/"

status=0
# No -Q: Debian's site-start puts elpa-eglot on the load path.
HOME="$work/home" PLUMB_EMACS_DIR="$repo/Editors/emacs" PLUMB_COMMAND="$plumb" \
PLUMB_TEST_FILE="$work/project/conflict.layout" \
PLUMB_TEST_STORYBOARD="$work/project/profile-issues.storyboard" PLUMB_TEST_XIB="$work/project/cell-issues.xib" \
  timeout -k 5 "$limit" emacs --batch -l "$here/emacs/eglot-e2e.el" > "$work/out.log" 2> "$work/messages.log" || status=$?
# The test's own lines are on standard output; Emacs's messages (standard error) are shown on failure.
cat "$work/out.log"
if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then
  echo "not ok - Emacs did not finish within ${limit}s (killed)"
fi
if [ "$status" -ne 0 ] || ! grep -q '^OK$' "$work/out.log"; then
  echo "--- Emacs messages"; cat "$work/messages.log"
  echo "FAILED: Emacs + Eglot test (status $status)"
  exit 1
fi
