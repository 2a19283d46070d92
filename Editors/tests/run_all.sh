#!/usr/bin/env bash
# Every editor test, against a built plumb:
#   Editors/tests/run_all.sh PATH/TO/plumb
# Optional, from the environment:
#   PLUMB_NVIM_CURRENT  a current Neovim, run as well as `nvim` (Debian 12's 0.7.2)
#   PLUMB_TM_PYTHON     a Python with textmate-grammar-python, for the Oniguruma cross-check
# Exit status 1 when any test fails; a test whose tool is missing is reported as skipped.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
plumb="$1"
failures=0
passed=0
skipped=0

step() {
  local name="$1"; shift
  local started=$SECONDS
  local log
  log="$(mktemp)"
  if "$@" > "$log" 2>&1; then
    passed=$((passed + 1))
    echo "ok   $name ($((SECONDS - started))s)"
  else
    failures=$((failures + 1))
    echo "FAIL $name ($((SECONDS - started))s)"
    sed 's/^/    /' "$log"
  fi
  rm -f "$log"
}

skip() {
  skipped=$((skipped + 1))
  echo "skip $1"
}

step "VS Code: manifest, language configuration, grammars (check_vscode.py)" python3 "$here/check_vscode.py"
if command -v node >/dev/null; then
  step "VS Code: the client under Node (vscode_client.test.js)" node --test "$here/vscode_client.test.js"
else
  skip "VS Code: the client under Node (no node)"
fi
if [ -n "${PLUMB_TM_PYTHON:-}" ]; then
  step "VS Code: grammar against Oniguruma (crosscheck_textmate.py)" "$PLUMB_TM_PYTHON" "$here/crosscheck_textmate.py"
else
  skip "VS Code: grammar against Oniguruma (no textmate-grammar-python)"
fi
step "Sublime, Helix, Zed packages (check_editors.py)" python3 "$here/check_editors.py"

if command -v nvim >/dev/null; then
  step "Neovim $(nvim --version | head -n 1 | sed 's/^NVIM //'): end to end (run_neovim.sh)" "$here/run_neovim.sh" "$plumb" nvim
else
  skip "Neovim (no nvim)"
fi
if [ -n "${PLUMB_NVIM_CURRENT:-}" ]; then
  step "Neovim $("$PLUMB_NVIM_CURRENT" --version | head -n 1 | sed 's/^NVIM //'): end to end (run_neovim.sh)" \
    "$here/run_neovim.sh" "$plumb" "$PLUMB_NVIM_CURRENT"
else
  skip "current Neovim (none installed)"
fi
if command -v emacs >/dev/null; then
  step "Emacs $(emacs --version | head -n 1 | sed 's/^GNU Emacs //') + Eglot: end to end (run_emacs.sh)" "$here/run_emacs.sh" "$plumb"
else
  skip "Emacs (no emacs)"
fi

echo "editor tests: $passed passed, $failures failed, $skipped skipped"
[ "$failures" -eq 0 ]
