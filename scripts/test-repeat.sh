#!/usr/bin/env bash
# make test-repeat N=5 [LOAD=1]: the whole suite (make test's) N times, with LOAD=1 under
# stress-ng keeping every core busy, and a report of every test that failed even once: its name,
# how many runs it failed in, and the first message. Exit status 1 when any did.
# FILTER=REGEX repeats only the tests it matches (swift test --filter). The logs stay in
# $TEST_REPEAT_DIR (default /tmp/sweep-test-repeat).
set -uo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
load=${2:-0}
dir=${TEST_REPEAT_DIR:-/tmp/sweep-test-repeat}
swift=${SWIFT:-swift}
rm -rf "$dir" && mkdir -p "$dir"

$swift build --build-tests >"$dir/build.log" 2>&1 || { tail -40 "$dir/build.log"; exit 2; }
bin=$($swift build --show-bin-path)

stress_pid=
if [ "$load" = 1 ]; then
    command -v stress-ng >/dev/null || { echo "test-repeat: LOAD=1 needs stress-ng (scripts/install-deps.sh test installs it)" >&2; exit 2; }
    # Every core busy, at a lower priority than the tests so they still run, as on a loaded desktop.
    nice -n 10 stress-ng --cpu 0 --cpu-method matrixprod --timeout 0 --quiet &
    stress_pid=$!
    trap 'kill $stress_pid 2>/dev/null; wait $stress_pid 2>/dev/null' EXIT
fi

for run in $(seq 1 "$runs"); do
    start=$(date +%s)
    SWEEP_BIN_DIR="$bin" $swift test --skip-build ${FILTER:+--filter "$FILTER"} >"$dir/run-$run.log" 2>&1
    status=$?
    summary=$(grep -E '^(✔|✘) Test run with' "$dir/run-$run.log" | tail -1)
    echo "run $run of $runs: status $status, $(( $(date +%s) - start )) s: ${summary:-no summary (see $dir/run-$run.log)}"
    [ -n "$summary" ] || echo "✘ Test (the run itself) failed: status $status, no summary" >>"$dir/run-$run.log"
done

# Swift Testing reports each failing test as "✘ Test NAME recorded an issue …" / "… failed after …";
# the name ends at the first of those (an issue's text may say "failed:" again).
report=$(for run in $(seq 1 "$runs"); do
    grep -E '^✘ Test ' "$dir/run-$run.log" | grep -v 'Test run with' \
        | perl -pe 's/^✘ Test (.*?) (recorded an issue|failed after|failed:).*/$1/; s/ with [0-9]+ test cases$//' | sort -u | sed "s/^/$run\t/"
done | awk -F'\t' '{ count[$2]++ } END { for (name in count) printf "%d\t%s\n", count[name], name }' | sort -rn)

if [ -z "$report" ]; then
    echo "test-repeat: no test failed in $runs runs$([ "$load" = 1 ] && echo ' under full CPU load')"
    exit 0
fi
echo "test-repeat: tests that failed (runs failed in, of $runs):"
while IFS=$'\t' read -r count name; do
    echo "  $count  $name"
    first=$(grep -h -m1 -F "✘ Test $name" "$dir"/run-*.log | head -1)
    echo "       ${first:0:300}"
done <<<"$report"
exit 1
