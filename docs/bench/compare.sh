#!/usr/bin/env bash
# Runs the solver reference workload (solver.md §2) on plumb-bench and on kiwisolver, one
# after the other, for each size and variant given. Usage:
#   docs/bench/compare.sh [N ...]        (default: 100 1000)
# Environment: VARIANTS (default "rows grid"); EDITS, the edits of each run (default 10 below
# 10,000 views, 4 from there); KIWI_EDITS, kiwi's edits (default EDITS below 10,000 views, 2 from
# there: kiwi takes tens of seconds per edit at 10,000). So the 10,000-view comparison is
#   VARIANTS=rows docs/bench/compare.sh 1000 10000
# Needs `pip install kiwisolver`. Builds plumb-bench in release first.
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build -c release --scratch-path .build-solver-release --product plumb-bench >/dev/null
sizes=("$@")
[ ${#sizes[@]} -eq 0 ] && sizes=(100 1000)
read -r -a variants <<< "${VARIANTS:-rows grid}"
for n in "${sizes[@]}"; do
  if [ "$n" -ge 10000 ]; then edits=${EDITS:-4}; kiwi_edits=${KIWI_EDITS:-2}
  else edits=${EDITS:-10}; kiwi_edits=${KIWI_EDITS:-$edits}; fi
  for variant in "${variants[@]}"; do
    echo "plumb $(.build-solver-release/release/plumb-bench solver --variant "$variant" --n "$n" --edits "$edits")"
    echo "kiwi  $(python3 docs/bench/kiwi_workload.py --variant "$variant" --n "$n" --edits "$kiwi_edits")"
  done
done
