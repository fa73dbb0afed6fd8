#!/usr/bin/env bash
# The figures of issue 29 in one run, each as a ratio against a baseline measured in this run.
#
#   bash benches/issue29.sh            # instruction counts (callgrind: load-independent)
#   ABVIZ_BENCH_ALL=1 bash benches/issue29.sh   # also the page and SVG benches (release builds)
#
# Rows: our no-op alpha-beta against the `minimax` crate's Negamax (full tic-tac-toe,
# instructions per node, each search's process start taken off; examples/peer_cost.rs), and the
# floor: the textbook loop over the same game with nothing else;
# recording ÷ no-op (minimax and alpha-beta, full tic-tac-toe, instructions per recorded
# node and the ratio of totals), and the recorder's floor: the same nodes and events appended as
# plain fixed-width records (examples/record_cost.rs's Appender); gomoku's no-op search against tic-tac-toe's (instructions per
# node); with ABVIZ_BENCH_ALL, `cargo bench --bench page` (xiangqi depth 4 page memory, bytes per
# node of the 1M-node page), `--bench layout` (our SVG against `dot -Tsvg` in one process), the
# explain site of a whole Jiu game (files, bytes, time) and our SVG against `dot -Tsvg` as whole
# processes (wall clock and CPU seconds).
set -euo pipefail
cd "$(dirname "$0")/.."
lock() { if [ -n "${ABVIZ_NO_LOCK:-}" ]; then "$@"; else flock /tmp/abviz-cargo.lock "$@"; fi; }
# The target directory may be shared (CARGO_TARGET_DIR): copy the example out under the lock, so
# another worktree's build cannot swap it while it is measured.
bin=$(mktemp /tmp/issue29-record-cost.XXXXXX)
peer=$(mktemp /tmp/issue29-peer-cost.XXXXXX)
trap 'rm -f "$bin" "$peer"' EXIT
lock sh -c "cargo build --release -q -p abviz-search --features cost-examples --example record_cost --example peer_cost && install -m 755 \"\${CARGO_TARGET_DIR:-target}/release/examples/record_cost\" \"$bin\" && install -m 755 \"\${CARGO_TARGET_DIR:-target}/release/examples/peer_cost\" \"$peer\""
count() { # ALGO MODE GAME [SEARCHES] -> instructions
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" "$1" "$2" "${4:-1}" "$3" 2>&1 >/dev/null \
        | sed -n 's/.*refs: *\([0-9,]*\).*/\1/p' | tr -d ,
}
peer_run() { # ours|peer SEARCHES -> instructions, and the nodes of its searches (summed)
    local out instr n
    out=$(mktemp /tmp/issue29-peer-out.XXXXXX)
    instr=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$peer" "$1" "$2" 2>&1 >"$out" \
        | sed -n 's/.*refs: *\([0-9,]*\).*/\1/p' | tr -d ,)
    n=$(sed -n 's/^\([0-9]*\) nodes.*/\1/p' "$out" | awk '{ s += $1 } END { print s + 0 }')
    rm -f "$out"
    echo "$instr $n"
}
# Our no-op alpha-beta against the peer: 5 searches each, counted in the same run as their
# nodes (the peer shuffles its root moves, so its count varies), the process alone (0
# searches) taken off.
read -r ours0 _ <<<"$(peer_run ours 0)"
read -r peer0 _ <<<"$(peer_run peer 0)"
read -r floor0 _ <<<"$(peer_run floor 0)"
read -r ours5 ours_nodes <<<"$(peer_run ours 5)"
read -r peer5 peer_nodes <<<"$(peer_run peer 5)"
read -r floor5 floor_nodes <<<"$(peer_run floor 5)"
awk -v o="$ours5" -v o0="$ours0" -v on="$ours_nodes" -v p="$peer5" -v p0="$peer0" -v pn="$peer_nodes" \
    -v f="$floor5" -v f0="$floor0" -v fn="$floor_nodes" 'BEGIN {
    a = (o - o0) / on; b = (p - p0) / pn; c = (f - f0) / fn
    printf "no-op alpha-beta, full tic-tac-toe, 5 searches: ours %.1f instructions per node (%d nodes), the minimax crate'"'"'s Negamax %.1f (%d nodes): ours %.2fx its nodes per instruction\n", a, on, b, pn, b / a
    printf "  the floor (the textbook loop over our game, no observer, no principal variation): %.1f instructions per node, %.2fx the peer'"'"'s nodes per instruction; ours spends %.1f more a node\n", c, b / c, a - c }'
nodes() { "$bin" "$1" record 1 "$2" | sed -n 's/^\([0-9]*\) nodes.*/\1/p'; }
seconds() { # ALGO GAME SEARCHES -> wall-clock seconds of that many no-op searches
    local t0 t1; t0=$(date +%s%N); "$bin" "$1" noop "$3" "$2" >/dev/null; t1=$(date +%s%N)
    awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.4f", (b - a) / 1e9 }'
}
echo "| measure | no-op instr | recorded instr | nodes | instr/node no-op | extra/node | record ÷ no-op | floor extra/node | floor ÷ no-op |"
echo "|---|---|---|---|---|---|---|---|---|"
for algo in minimax alphabeta; do
    n=$(nodes "$algo" tictactoe); a=$(count "$algo" noop tictactoe); b=$(count "$algo" record tictactoe)
    f=$(count "$algo" floor tictactoe)
    awk -v a="$a" -v b="$b" -v f="$f" -v n="$n" -v al="$algo" 'BEGIN { printf "| %s, full tic-tac-toe | %d | %d | %d | %.1f | %.1f | %.2fx | %.1f | %.2fx |\n", al, a, b, n, a/n, (b-a)/n, b/a, (f-a)/n, f/a }'
done
# Gomoku's search is small (467 nodes): many searches in one process, the process's own start
# (a run of zero searches) taken off, so the figure is the search's.
start=$(count alphabeta noop tictactoe 0)
for game in tictactoe gomoku; do
    if [ "$game" = gomoku ]; then times=100; timed=3000; else times=1; timed=400; fi
    n=$(nodes alphabeta "$game"); a=$(count alphabeta noop "$game" "$times"); s=$(seconds alphabeta "$game" "$timed")
    echo "$game $n $a $times $timed $s"
done | awk -v start="$start" '{ per[$1] = ($3 - start) / ($2 * $4); rate[$1] = $2 * $5 / $6
        printf "%s alpha-beta no-op: %.1f instructions per node, %.2f M nodes/s\n", $1, per[$1], rate[$1] / 1e6 }
    END { printf "gomoku ÷ tic-tac-toe: %.1fx the instructions per node, %.2fx the nodes per second\n", per["gomoku"] / per["tictactoe"], rate["gomoku"] / rate["tictactoe"] }'
if [ -n "${ABVIZ_BENCH_ALL:-}" ]; then
    lock cargo bench --bench page
    lock cargo bench --bench layout -- --warm-up-time 1 --measurement-time 2
    # The explain site of a whole Jiu game (8×8, self-play): its files, bytes and time.
    site=$(mktemp -d /tmp/issue29-site.XXXXXX)
    lock sh -c "cargo build --release -q && install -m 755 \"\${CARGO_TARGET_DIR:-target}/release/abviz\" \"$site/abviz\""
    # With ABVIZ_BASELINE=/path/to/an/older/abviz (built from main before a change), the same
    # site is written by it too and the ratios now / baseline printed.
    explain() { # BIN DIR -> "files bytes seconds"
        local t0 t1; t0=$(date +%s%N)
        "$1" play --game jiu --size 8 --self-play --explain "$2" >/dev/null
        t1=$(date +%s%N)
        echo "$(find "$2" -type f | wc -l) $(du -sb --apparent-size "$2" | cut -f1) $(awk -v a="$t0" -v z="$t1" 'BEGIN { print (z - a) / 1e9 }')"
    }
    read -r files bytes secs < <(explain "$site/abviz" "$site/out")
    awk -v f="$files" -v b="$bytes" -v s="$secs" 'BEGIN { printf "jiu 8x8 self-play --explain site: %d files, %.1f MB, %.1f s\n", f, b / 1e6, s }'
    # The pages, the shared script and style sheet, the gzipped traces and graphs, the text trees.
    for ext in html js css json.gz txt dot.gz; do
        find "$site/out" -name "*.$ext" -printf '%s\n' | awk -v e="$ext" '{ s += $1 } END { printf "  of which .%s: %.2f MB\n", e, s / 1e6 }'
    done
    if [ -n "${ABVIZ_BASELINE:-}" ]; then
        read -r bfiles bbytes bsecs < <(explain "$ABVIZ_BASELINE" "$site/base")
        awk -v f="$files" -v b="$bytes" -v s="$secs" -v F="$bfiles" -v B="$bbytes" -v S="$bsecs" \
            'BEGIN { printf "  baseline: %d files, %.1f MB, %.1f s; ratios now/baseline: files %.4f, bytes %.3f, time %.2f\n", F, B / 1e6, S, f / F, b / B, s / S }'
    fi
    # Our SVG against Graphviz's `dot -Tsvg`, whole processes (start, search, layout, writing):
    # the uniform tree of branching 4 and depth 6 (5,461 nodes), everything shown. Five rounds,
    # each one run of dot then five of ours (interleaved, so both meet the same load); the
    # ratio of the medians of the wall-clock times.
    if command -v dot >/dev/null; then
        "$site/abviz" run --random 4,6,1 --algo minimax --collapse off -f dot -o "$site/tree.dot"
        clock() { local t0 t1; t0=$(date +%s%N); "$@" >/dev/null; t1=$(date +%s%N); echo $(((t1 - t0) / 1000)); }
        ours=(); theirs=()
        for _ in 1 2 3 4 5; do
            theirs+=("$(clock dot -Tsvg "$site/tree.dot" -o "$site/dot.svg")")
            for _ in 1 2 3 4 5; do
                ours+=("$(clock "$site/abviz" run --random 4,6,1 --algo minimax --collapse off -f svg -o "$site/ours.svg")")
            done
        done
        median() { printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
        awk -v o="$(median "${ours[@]}")" -v d="$(median "${theirs[@]}")" 'BEGIN { printf "svg vs dot -Tsvg, 5,461 nodes, whole process: ours %.1f ms, dot %.0f ms (medians): %.0fx faster\n", o / 1e3, d / 1e3, d / o }'
    fi
    rm -rf "$site"
fi
