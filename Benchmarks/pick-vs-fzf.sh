#!/usr/bin/env bash
# Times pick-filter (PickCore: load, substring filter, print) against
# `fzf --filter` on the same generated input, both reading a file on standard
# input and writing to /dev/null: in input order (`fzf --no-sort`) and ranked
# (pick-filter as sweep-pick ranks by default, fzf's default sort), the
# ranked also for "a" (half the records match: a first keystroke). Prints
# the median wall time and peak RSS of RUNS runs each, and the ratio.
# Usage: Benchmarks/pick-vs-fzf.sh [RUNS]
# (fzf from Debian: apt-get install -y fzf).
set -euo pipefail
cd "$(dirname "$0")"
runs=${1:-5}
command -v fzf >/dev/null || { echo "pick-vs-fzf: fzf is not installed" >&2; exit 1; }
swift build -c release --product pick-filter >/dev/null
pick=$(swift build -c release --show-bin-path)/pick-filter
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# median of the numbers on standard input
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# time_runs LABEL COMMAND…: RUNS runs, stdin from $input; prints "LABEL ms KB"
time_runs() {
    local label=$1; shift
    local times=() rss=()
    for _ in $(seq "$runs"); do
        local start end
        start=$(date +%s%N)
        /usr/bin/time -f %M -o "$dir/rss" "$@" < "$input" > /dev/null || true
        end=$(date +%s%N)
        times+=($(( (end - start) / 1000000 )))
        rss+=("$(tail -1 "$dir/rss")")
    done
    echo "$label $(printf '%s\n' "${times[@]}" | median) $(printf '%s\n' "${rss[@]}" | median)"
}

echo "fzf $(fzf --version), $runs runs each, median wall ms and peak RSS KB"
for count in 1000000 10000000; do
    input="$dir/input-$count.txt"
    "$pick" --generate "$count" > "$input"
    for query in abc; do
        p=$(time_runs "pick-filter $count substring '$query'" "$pick" "$query")
        f=$(time_runs "fzf --filter $count --exact --no-sort '$query'" fzf --filter "$query" --exact --no-sort)
        echo "$p"; echo "$f"
        pf=$(PICK_FILTER_MODE=fuzzy time_runs "pick-filter $count fuzzy '$query'" env PICK_FILTER_MODE=fuzzy "$pick" "$query")
        ff=$(time_runs "fzf --filter $count fuzzy --no-sort '$query'" fzf --filter "$query" --no-sort)
        echo "$pf"; echo "$ff"
        awk -v p="$(echo "$p" | awk '{print $(NF-1)}')" -v f="$(echo "$f" | awk '{print $(NF-1)}')" \
            'BEGIN { printf "  substring: fzf / pick-filter = %.2f\n", f / p }'
        awk -v p="$(echo "$pf" | awk '{print $(NF-1)}')" -v f="$(echo "$ff" | awk '{print $(NF-1)}')" \
            'BEGIN { printf "  fuzzy: fzf / pick-filter = %.2f\n", f / p }'
    done
    for query in a abc; do
        pr=$(PICK_FILTER_RANK=1 time_runs "pick-filter $count ranked substring '$query'" env PICK_FILTER_RANK=1 "$pick" "$query")
        fr=$(time_runs "fzf --filter $count --exact (sorted) '$query'" fzf --filter "$query" --exact)
        echo "$pr"; echo "$fr"
        awk -v p="$(echo "$pr" | awk '{print $(NF-1)}')" -v f="$(echo "$fr" | awk '{print $(NF-1)}')" -v q="$query" \
            'BEGIN { printf "  ranked substring %s: fzf / pick-filter = %.2f\n", q, f / p }'
    done
done
