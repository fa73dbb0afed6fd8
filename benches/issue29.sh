#!/usr/bin/env bash
# The figures of issue 29 in one run, each as a ratio against a baseline measured in this run.
#
#   bash benches/issue29.sh            # instruction counts (callgrind: load-independent)
#   ABVIZ_BENCH_ALL=1 bash benches/issue29.sh   # also the page and SVG benches (release builds)
#
# Rows: recording ÷ no-op (minimax and alpha-beta, full tic-tac-toe, instructions per recorded
# node and the ratio of totals); gomoku's no-op search against tic-tac-toe's (instructions per
# node); with ABVIZ_BENCH_ALL, `cargo bench --bench page` (xiangqi depth 4 page memory, bytes per
# node of the 1M-node page) and `--bench layout` (our SVG against `dot -Tsvg`).
set -euo pipefail
cd "$(dirname "$0")/.."
lock() { if [ -n "${ABVIZ_NO_LOCK:-}" ]; then "$@"; else flock /tmp/abviz-cargo.lock "$@"; fi; }
lock cargo build --release -q -p abviz-search --example record_cost
bin=target/release/examples/record_cost
count() { # ALGO MODE GAME -> instructions
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" "$1" "$2" 1 "$3" 2>&1 >/dev/null \
        | sed -n 's/.*refs: *\([0-9,]*\).*/\1/p' | tr -d ,
}
nodes() { "$bin" "$1" record 1 "$2" | sed -n 's/^\([0-9]*\) nodes.*/\1/p'; }
echo "| measure | no-op instr | recorded instr | nodes | instr/node no-op | extra/node | record ÷ no-op |"
echo "|---|---|---|---|---|---|---|"
for algo in minimax alphabeta; do
    n=$(nodes "$algo" tictactoe); a=$(count "$algo" noop tictactoe); b=$(count "$algo" record tictactoe)
    awk -v a="$a" -v b="$b" -v n="$n" -v al="$algo" 'BEGIN { printf "| %s, full tic-tac-toe | %d | %d | %d | %.1f | %.1f | %.2fx |\n", al, a, b, n, a/n, (b-a)/n, b/a }'
done
for game in tictactoe gomoku; do
    n=$(nodes alphabeta "$game"); a=$(count alphabeta noop "$game")
    echo "$game $n $a"
done | awk '{ per[$1] = $3 / $2; printf "%s alpha-beta no-op: %.1f instructions per recorded node\n", $1, $3 / $2 }
    END { printf "gomoku ÷ tic-tac-toe, instructions per node: %.1fx\n", per["gomoku"] / per["tictactoe"] }'
if [ -n "${ABVIZ_BENCH_ALL:-}" ]; then
    lock cargo bench --bench page
    lock cargo bench --bench layout -- --warm-up-time 1 --measurement-time 2
fi
