#!/usr/bin/env bash
# The libFuzzer targets in Fuzz/ (see Package.swift's SWEEP_FUZZ section and README's Testing).
#
#   scripts/fuzz.sh build [TARGET...]   builds them with the fuzzer and address sanitizers in .build-fuzz
#   scripts/fuzz.sh run [TARGET...]     builds, then runs each for FUZZ_SECONDS (default 60) in turn
#
# TARGET is a name without its fuzz- prefix (script, packing, pick-records, filter-text, images,
# keymap, portal, collection, icon-theme, history, config, file-uri); none means all. Each run starts from the seeds in Fuzz/corpus/TARGET
# and from the inputs earlier runs kept in $FUZZ_OUT/TARGET/corpus (FUZZ_OUT defaults to
# /tmp/sweep-fuzz, outside the repository); a crash, sanitizer report, broken invariant
# (fuzzCheck), timeout (FUZZ_TIMEOUT seconds an input, default 10) or out-of-memory input is written
# to $FUZZ_OUT/TARGET/ and the script fails naming the target and the input. Replay one with
# .build-fuzz/debug/fuzz-TARGET INPUT. Targets run one at a time.
#
# FUZZ_CPU_SECONDS, when set, budgets CPU time instead of wall time: each target runs until its
# process has used that many seconds of a CPU, however busy the machine is, then is stopped with
# SIGINT (libFuzzer prints its final stats). This is how "an hour of a core" is measured on a
# machine that is doing other work. (Never stop a fuzzer with SIGSTOP meanwhile: libFuzzer's
# per-input timeout runs on wall time, and the input it was running is reported as a timeout.)
set -euo pipefail
cd "$(dirname "$0")/.."
swift=${SWIFT:-swift}
all=(script packing pick-records filter-text images keymap portal collection icon-theme history config file-uri)
mode=${1:?usage: $0 build|run [TARGET...]}
shift
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=("${all[@]}")
for target in "${targets[@]}"; do
  [ -d "Fuzz/fuzz-$target" ] || { echo "fuzz: no target $target (have: ${all[*]})" >&2; exit 64; }
done

export SWEEP_FUZZ=1
# Not `--sanitize fuzzer --sanitize address`: SwiftPM passes those as two -sanitize= flags in a
# random order and the driver keeps the last, so a module got coverage or ASan, not both.
flags=(-Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=fuzzer-no-link,address --scratch-path .build-fuzz)
for target in "${targets[@]}"; do
  echo "fuzz: building fuzz-$target" >&2
  $swift build "${flags[@]}" --product "fuzz-$target"
done
[ "$mode" = run ] || exit 0

if [ -n "${FUZZ_CPU_SECONDS:-}" ] && ! [[ "$FUZZ_CPU_SECONDS" =~ ^[0-9]+$ ]]; then
  echo "fuzz: FUZZ_CPU_SECONDS must be a whole number of seconds (got $FUZZ_CPU_SECONDS)" >&2
  exit 64
fi
bin=$($swift build "${flags[@]}" --show-bin-path)
seconds=${FUZZ_SECONDS:-60}
out=${FUZZ_OUT:-/tmp/sweep-fuzz}
# Swift's backtracer would catch the trap of a failed check before libFuzzer saves the input.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:allocator_may_return_null=1}
failed=()
for target in "${targets[@]}"; do
  mkdir -p "$out/$target/corpus"
  log="$out/$target/log"
  budget=${FUZZ_CPU_SECONDS:+$FUZZ_CPU_SECONDS s of CPU}
  echo "fuzz: fuzz-$target for ${budget:-${seconds}s} (log: $log)" >&2
  status=0
  if [ -n "${FUZZ_CPU_SECONDS:-}" ]; then
    "$bin/fuzz-$target" -timeout="${FUZZ_TIMEOUT:-10}" -rss_limit_mb=4096 -print_final_stats=1 \
      -artifact_prefix="$out/$target/" "$out/$target/corpus" "Fuzz/corpus/$target" >"$log" 2>&1 &
    pid=$!
    # A script stopped early stops its fuzzer too, rather than leave it running without a budget.
    trap 'kill -INT "$pid" 2>/dev/null' EXIT
    interrupted=0
    ticks=0
    while kill -0 "$pid" 2>/dev/null; do
      sleep 5
      # utime and stime, fields 14 and 15 of /proc/PID/stat, in clock ticks.
      # A process that has just exited reads as 0: keep the last real reading.
      now=$(awk '{ sub(/^.*\) /, ""); print $12 + $13 }' "/proc/$pid/stat" 2>/dev/null || echo 0)
      [ "$now" -gt "${ticks:-0}" ] && ticks=$now
      if [ "$((ticks / $(getconf CLK_TCK)))" -ge "$FUZZ_CPU_SECONDS" ]; then
        interrupted=1
        kill -INT "$pid" 2>/dev/null || true
        break
      fi
    done
    wait "$pid" || status=$?
    trap - EXIT
    # libFuzzer exits 72 when interrupted; that is the budget running out, not a finding.
    if [ "$interrupted" = 1 ] && [ "$status" = 72 ]; then status=0; fi
    echo "fuzz: fuzz-$target used $((${ticks:-0} / $(getconf CLK_TCK))) s of CPU" | tee -a "$log" >&2
  else
    "$bin/fuzz-$target" -max_total_time="$seconds" -timeout="${FUZZ_TIMEOUT:-10}" -rss_limit_mb=4096 \
      -print_final_stats=1 -artifact_prefix="$out/$target/" "$out/$target/corpus" "Fuzz/corpus/$target" \
      >"$log" 2>&1 || status=$?
  fi
  grep -E '^#[0-9]+[[:space:]]+DONE|stat::average_exec_per_sec' "$log" | tr '\n' ' ' >&2 || true
  echo >&2
  if [ "$status" -ne 0 ]; then
    input=$(grep -o "Test unit written to .*" "$log" | tail -1 | sed 's/Test unit written to //')
    echo "fuzz: FAIL fuzz-$target (status $status): ${input:-see $log}" >&2
    grep -E "invariant broken|Fatal error|ERROR: (AddressSanitizer|libFuzzer)|SUMMARY" "$log" | head -5 >&2 || true
    failed+=("$target")
  fi
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz: failed: ${failed[*]}" >&2
  exit 1
fi
