#!/usr/bin/env bash
# Builds the fuzz targets and runs each for a while.
#
#   Tests/Fuzz/run.sh [SECONDS_PER_TARGET] [TARGET…]
#
# Targets: layout vfl analysis interface-builder json framer source-code explain (default: all), 60 s each by default.
# The seeds are made from Examples/ and Tests/Fixtures/ at every run (Tests/Fuzz/seeds.py); the
# corpus each target grows, and any crash, go to $PLUMB_FUZZ_DIR (default
# ${XDG_CACHE_HOME:-~/.cache}/plumb-fuzz), outside the repository. PLUMB_FUZZ_SANITIZE=address adds
# AddressSanitizer. Exits non-zero when the build fails or any target crashes, hangs or runs out of
# memory.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
seconds="${1:-60}"
shift || true
all_targets=(layout vfl analysis interface-builder json framer source-code explain)
targets=("$@")
if [ "${#targets[@]}" -eq 0 ]; then targets=("${all_targets[@]}"); fi
for target in "${targets[@]}"; do
  case " ${all_targets[*]} " in
    *" $target "*) ;;
    *) echo "unknown target '$target' (targets: ${all_targets[*]})" >&2; exit 2 ;;
  esac
done

work="${PLUMB_FUZZ_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/plumb-fuzz}"
mkdir -p "$work"

# One -sanitize= flag with every sanitizer: swiftc keeps only the last of several.
build=(swift build --package-path "$repo/Tests/Fuzz" -c release -Xswiftc "-sanitize=fuzzer${PLUMB_FUZZ_SANITIZE:+,$PLUMB_FUZZ_SANITIZE}")
echo "== building the fuzz targets: ${build[*]}"
started=$(date +%s)
if ! "${build[@]}" > "$work/build.log" 2>&1; then
  tail -n 40 "$work/build.log"
  echo "FAILED: the fuzz targets did not build (is -sanitize=fuzzer supported by this toolchain?)" >&2
  exit 1
fi
bin="$("${build[@]}" --show-bin-path)"
echo "built in $(($(date +%s) - started)) s"

python3 "$repo/Tests/Fuzz/seeds.py" "$repo" "$work/seeds" "${targets[@]}"

# The Swift runtime's backtracer would take the crash from libFuzzer, which then saves no input.
export SWIFT_BACKTRACE=enable=no
# No leak checks (with AddressSanitizer): Foundation's XML parser leaks its error strings.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}"
status=0
summary=()
for target in "${targets[@]}"; do
  corpus="$work/corpus/$target"
  artifacts="$work/artifacts/$target"
  mkdir -p "$corpus" "$artifacts"
  log="$work/$target.log"
  max_len=()
  if [ "$target" = analysis ]; then max_len=(-max_len=4097); fi
  echo "== fuzz-$target for $seconds s"
  set +e
  "$bin/fuzz-$target" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 -print_final_stats=1 -detect_leaks=0 \
    "${max_len[@]}" -artifact_prefix="$artifacts/" "$corpus" "$work/seeds/$target" > "$log" 2>&1
  code=$?
  set -e
  runs=$(sed -nE 's/^stat::number_of_executed_units: *([0-9]+).*/\1/p' "$log" | tail -n 1 || true)
  speed=$(sed -nE 's/^stat::average_exec_per_sec: *([0-9]+).*/\1/p' "$log" | tail -n 1 || true)
  coverage=$( (grep -oE 'cov: [0-9]+' "$log" || true) | tail -n 1 | sed 's/cov: //')
  if [ -z "$coverage" ] && [ "$code" -eq 0 ]; then
    # libFuzzer saw no coverage: the instrumentation is missing, and the run tested nothing.
    code=1
    echo "no coverage: is the target instrumented (-sanitize=fuzzer)?" >&2
  fi
  line="fuzz-$target: ${runs:-?} runs, ${speed:-?} runs/s, coverage ${coverage:-?}"
  if [ "$code" -ne 0 ]; then
    status=1
    line+=", FAILED (exit $code)"
    grep -E "invariant failed|Fatal error|ERROR: libFuzzer|SUMMARY|==ERROR|Test unit written" "$log" >&2 || tail -n 30 "$log" >&2
    echo "   log: $log" >&2
  fi
  echo "$line"
  summary+=("$line")
done
echo "== summary (artifacts in $work/artifacts)"
printf '%s\n' "${summary[@]}"
exit "$status"
