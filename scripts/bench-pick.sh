#!/usr/bin/env bash
# make bench-pick: sweep-pick end to end (release build, under the scripted
# compositor) on 1M and 10M generated records: time to the first frame,
# time to read all input, and filter keystroke latency (key → new rows
# shown) from the picker's event log; peak RSS per record; ranked (the
# default) and in input order (--no-sort). Then, on the 1M records,
# sweep-pick, fuzzel and fzf interactive side by side
# (scripts/bench-pick-peers.py), and the core against `fzf --filter`
# (Benchmarks/pick-vs-fzf.sh). Medians of RUNS runs.
# Usage: scripts/bench-pick.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
swift build -c release --scratch-path .build-release --product sweep-pick >/dev/null
swift build -c release --scratch-path .build-release --product scripted-compositor >/dev/null
bin=$(swift build -c release --scratch-path .build-release --show-bin-path)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

for count in 1000000 10000000; do
    input="$dir/input-$count.txt"
    seq 1 "$count" | awk '{ printf "record %d %x%x\n", $1, $1 * 7919 % 65521, $1 * 104729 % 65519 }' > "$input"
    wait_ms=$(( count / 1000000 * 700 + 1500 ))
    cat > "$dir/script.jsonl" <<SCRIPT
{"op":"output","width":800,"height":600,"scale":1}
{"op":"waitReady"}
{"op":"wait","ms":$wait_ms}
{"op":"key.tap","key":"a"}
{"op":"wait","ms":600}
{"op":"key.tap","key":"b"}
{"op":"wait","ms":600}
{"op":"key.tap","key":"c"}
{"op":"wait","ms":600}
SCRIPT
    for order in ranked input-order; do
        sort_flag=(); [ "$order" = input-order ] && sort_flag=(--no-sort)
        ready=() loaded=() first=() second=() narrowed=() rss=()
        for _ in $(seq "$runs"); do
            rm -f "$dir/log"
            "$bin/scripted-compositor" --script "$dir/script.jsonl" -- /usr/bin/time -f %M -o "$dir/rss" \
                "$bin/sweep-pick" --event-log "$dir/log" "${sort_flag[@]}" < "$input" > /dev/null 2>&1 || true
            read -r r l q1 q2 q3 < <(python3 - "$dir/log" <<'PY'
import json, sys
events = [json.loads(line) for line in open(sys.argv[1])]
t = lambda name: next(e["t"] for e in events if e["event"] == name)
queries = [e for e in events if e["event"] == "query"]
shown = [e for e in events if e["event"] == "items" and "query" in e]
def latency(q):
    return next(e["t"] for e in shown if e["query"] == q["query"] and e["t"] >= q["t"]) - q["t"]
print(t("ready"), t("input"), latency(queries[0]), latency(queries[1]), latency(queries[-1]))
PY
    )
            ready+=("$r"); loaded+=("$l"); first+=("$q1"); second+=("$q2"); narrowed+=("$q3"); rss+=("$(tail -1 "$dir/rss")")
        done
        m_rss=$(printf '%s\n' "${rss[@]}" | median)
        echo "sweep-pick $count records, $order: first frame $(printf '%s\n' "${ready[@]}" | median) ms," \
             "all input read $(printf '%s\n' "${loaded[@]}" | median) ms," \
             "keystroke 'a' $(printf '%s\n' "${first[@]}" | median) ms, 'ab' $(printf '%s\n' "${second[@]}" | median) ms, 'abc' $(printf '%s\n' "${narrowed[@]}" | median) ms," \
             "peak RSS $((m_rss / 1024)) MB ($(( m_rss * 1024 / count )) bytes a record)"
    done
    if [ "$count" = 1000000 ]; then
        if command -v fuzzel >/dev/null && command -v fzf >/dev/null; then
            python3 scripts/bench-pick-peers.py "$bin" "$input" "$runs"
        else
            echo "fuzzel or fzf is not installed (scripts/install-deps.sh bench) for the interactive comparison"
        fi
    fi
done

if command -v fzf >/dev/null; then
    Benchmarks/pick-vs-fzf.sh "$runs"
else
    echo "fzf is not installed (scripts/install-deps.sh bench) for the core comparison"
fi
