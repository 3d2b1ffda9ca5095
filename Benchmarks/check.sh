#!/usr/bin/env bash
# Runs the core benchmarks and checks them against the targets in Thresholds/
# (p90 of each sample, per metric). The benchmark plugin's own exit status
# does not tell "better than the targets" from a failure, so its verdict
# line decides: WORSE fails, BETTER or EQUAL passes, anything else failed to run.
set -uo pipefail
cd "$(dirname "$0")"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
swift package benchmark --target CoreBenchmarks --target TableBenchmarks thresholds check --no-progress --path "$PWD/Thresholds" "$@" 2>&1 | tee "$log"
if grep -aq "is WORSE than the defined thresholds" "$log"; then
  echo "bench-core: a benchmark missed its target (see 'Deviations worse than threshold' above)" >&2
  exit 1
elif grep -aqE "is (BETTER than|EQUAL to) the defined thresholds" "$log"; then
  echo "bench-core: every benchmark meets its target"
  exit 0
fi
echo "bench-core: the benchmarks did not run to a verdict" >&2
exit 1
