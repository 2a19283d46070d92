#!/usr/bin/env bash
# Runs the solver reference workload (solver.md §2) on plumb-bench and on kiwisolver, one
# after the other, for each size and variant given. Usage:
#   docs/bench/compare.sh [N ...]        (default: 100 1000)
# Needs `pip install kiwisolver`. Builds plumb-bench in release first.
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build -c release --scratch-path .build-solver-release --product plumb-bench >/dev/null
sizes=("$@")
[ ${#sizes[@]} -eq 0 ] && sizes=(100 1000)
for n in "${sizes[@]}"; do
  for variant in rows grid; do
    echo "plumb $(.build-solver-release/release/plumb-bench solver --variant "$variant" --n "$n" --edits 10)"
    echo "kiwi  $(python3 docs/bench/kiwi_workload.py --variant "$variant" --n "$n" --edits 10)"
  done
done
