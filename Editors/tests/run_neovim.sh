#!/usr/bin/env bash
# Headless Neovim end to end: the plugin loaded as the README says, on copies of
# Examples/problems/conflict.layout and vfl-syntax.vfl, of two Interface Builder fixtures
# (Tests/Fixtures/interface-builder) and of a Swift file (Tests/Fixtures/code), against the built plumb.
#   Editors/tests/run_neovim.sh PATH/TO/plumb [nvim]
# Exit status 0 when every step passed; otherwise the output says which step failed.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
plumb="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
nvim="${2:-nvim}"
limit="${PLUMB_NVIM_TEST_LIMIT:-120}"

[ -x "$plumb" ] || { echo "run_neovim.sh: $plumb is not executable" >&2; exit 2; }
command -v "$nvim" >/dev/null || { echo "run_neovim.sh: no $nvim" >&2; exit 2; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/project" "$work/home"
cp "$repo/Examples/problems/conflict.layout" "$work/project/"
cp "$repo/Examples/problems/vfl-syntax.vfl" "$work/project/"
cp "$repo/Tests/Fixtures/interface-builder/profile-issues.storyboard" "$work/project/"
cp "$repo/Tests/Fixtures/interface-builder/cell-issues.xib" "$work/project/"
cp "$repo/Tests/Fixtures/code/calls.swift" "$work/project/"

# The README's lines, then the checks, which must wait for VimEnter.
cat > "$work/init.lua" <<LUA
vim.opt.runtimepath:append('$repo/Editors/neovim')
require('plumb').setup({ cmd = { '$plumb', 'lsp' } })

vim.api.nvim_create_autocmd('VimEnter', {
  once = true,
  nested = true, -- so that :edit in the checks fires BufRead and FileType
  callback = function() dofile('$here/neovim/e2e.lua') end,
})
LUA

cd "$work/project"
status=0
HOME="$work/home" XDG_CONFIG_HOME="$work/home/.config" XDG_DATA_HOME="$work/home/.local/share" \
XDG_STATE_HOME="$work/home/.local/state" XDG_CACHE_HOME="$work/home/.cache" \
PLUMB_TEST_VFL="$work/project/vfl-syntax.vfl" \
PLUMB_TEST_STORYBOARD="$work/project/profile-issues.storyboard" PLUMB_TEST_XIB="$work/project/cell-issues.xib" \
PLUMB_TEST_SWIFT="$work/project/calls.swift" \
  timeout -k 5 "$limit" "$nvim" --headless -i NONE -u "$work/init.lua" conflict.layout \
  > "$work/out.log" 2>&1 || status=$?
# Neovim writes messages with \r line ends in headless mode; keep the lines readable.
tr -d '\r' < "$work/out.log" | sed '/^$/d'
if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then
  echo "not ok - Neovim did not finish within ${limit}s (killed)"
fi
if [ "$status" -ne 0 ]; then
  for log in "$work"/home/.local/state/nvim/lsp.log "$work"/home/.cache/nvim/lsp.log; do
    [ -s "$log" ] && { echo "--- $log (last 40 lines)"; tail -n 40 "$log"; }
  done
  echo "FAILED: Neovim end-to-end test ($nvim, status $status)"
  exit 1
fi
grep -q '^OK$' < <(tr -d '\r' < "$work/out.log") || { echo "FAILED: the test did not reach its end"; exit 1; }
