#!/usr/bin/env bash
# Compares what two abviz binaries write, byte for byte: traces (JSON), text, DOT, SVG, TikZ,
# the step-through page, comparisons, exercise sheets, the practice page and the demo site, for
# every algorithm on trees and every game. For refactorings that must not change any output:
#
#   bash scripts/same_outputs.sh OLD_BINARY NEW_BINARY
#
# Prints how many outputs it compared and every one that differs; exits 1 if any does. With
# ABVIZ_SAME_IGNORE_CODE=1 the pages' own scripts (a <script> without attributes, and the
# shared assets/*.js) are left out of the comparison, for a change that edits them on purpose:
# the pages' markup and data must still be the same.
set -uo pipefail
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Both run as `abviz` (the help and the errors name the program as it was called).
mkdir -p "$work/bin-old" "$work/bin-new"
cp "$1" "$work/bin-old/abviz" && cp "$2" "$work/bin-new/abviz"
old=$work/bin-old/abviz new=$work/bin-new/abviz
aima='A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))'
nilsson='((((5 6) (7 4 5)) ((3))) (((6) (6 9)) ((7))) (((5)) ((9 8) (6))))'
chance='max (chance:A:(3 12 8) chance:B:(1/2 * 2, 1/4 * 4, 1/4 * 6) chance:C:(14 5 2))'
decimals='((3.5 -1.25 8) (2 4.75 6) (14 5 2.5))'
runs=()
for algo in minimax alphabeta alphabeta-soft negamax negamax-ab pvs negascout mtdf aspiration id mcts; do
    runs+=("run --tree $aima -a $algo")
    runs+=("run --tree $nilsson -a $algo")
    runs+=("run --random 3,4,7 -a $algo")
    runs+=("run --tree $decimals -a $algo")
    runs+=("run --game tictactoe --position XO./.X./... -a $algo --depth 4")
done
for algo in expectimax star1 star2; do
    runs+=("run --tree $chance -a $algo")
    runs+=("run --game pig --depth 2 -a $algo")
done
runs+=("run --game connect4 --depth 3" "run --game kalah --pits 3 --seeds 2 --depth 4"
       "run --game nim --position 1,2,3" "run --game gomoku --size 9 --depth 2"
       "run --game xiangqi --depth 2" "run --game xiangqi --depth 1 -a negascout --quiescence"
       "run --game jiu --depth 2" "run --tree $aima --ties keep" "run --tree $nilsson -a aspiration --window 1 --guess 4"
       "run --game tictactoe --position X../.O./... -a id --depth 4 --ordering-heuristics tt,killer,history"
       "run --game tictactoe --position XO./.X./... -a mcts --iterations 50 --seed 3 --record-playouts"
       "run --random 3,3,5 --ordering best" "run --random 3,3,5 --ordering worst --values -9..9")
count=0 differ=0
check() { # name, then the arguments after the binary
    local name=$1; shift
    "$old" "$@" > "$work/old.out" 2> "$work/old.err"; local a=$?
    "$new" "$@" > "$work/new.out" 2> "$work/new.err"; local b=$?
    count=$((count + 1))
    if [ $a -ne $b ] || ! cmp -s "$work/old.out" "$work/new.out" || ! cmp -s "$work/old.err" "$work/new.err"; then
        differ=$((differ + 1)); echo "differs: $name"
    fi
}
checkdir() { # name, then the arguments after the binary; output folder as its last argument
    local name=$1; shift
    rm -rf "$work/old" "$work/new"
    "$old" "$@" "$work/old" > /dev/null 2>&1
    "$new" "$@" "$work/new" > /dev/null 2>&1
    local n
    n=$(find "$work/old" -type f 2>/dev/null | wc -l)
    count=$((count + n))
    if ! python3 - "$work/old" "$work/new" <<'PY'
import os, re, sys
old, new = sys.argv[1:3]
ignore = os.environ.get("ABVIZ_SAME_IGNORE_CODE") == "1"
code = re.compile(rb"<script>.*?</script>", re.S)
def files(root):
    return sorted(os.path.relpath(os.path.join(d, f), root) for d, _, fs in os.walk(root) for f in fs)
a, b = files(old), files(new)
bad = [f"only in one: {f}" for f in sorted(set(a) ^ set(b))]
for f in sorted(set(a) & set(b)):
    x, y = open(os.path.join(old, f), "rb").read(), open(os.path.join(new, f), "rb").read()
    if ignore and f.endswith(".js") and "assets" in f:
        continue
    if ignore and f.endswith(".html"):
        x, y = code.sub(b"<script>...</script>", x), code.sub(b"<script>...</script>", y)
    if x != y:
        bad.append(f"differs: {f}")
if bad:
    print("\n".join(bad[:5]))
sys.exit(1 if bad else 0)
PY
    then
        differ=$((differ + 1)); echo "differs: $name"
    fi
}
for r in "${runs[@]}"; do
    # The tree texts hold spaces: split the command on the marker words only.
    read -r -a words <<< "$r"
    args=()
    for w in "${words[@]}"; do args+=("$w"); done
    case "$r" in
        *"$aima"*|*"$nilsson"*|*"$chance"*|*"$decimals"*)
            for t in "$aima" "$nilsson" "$chance" "$decimals"; do
                if [[ "$r" == *"$t"* ]]; then
                    pre=${r%%"$t"*}; post=${r#*"$t"}
                    read -r -a a1 <<< "$pre"; read -r -a a2 <<< "$post"
                    args=("${a1[@]}" "$t" "${a2[@]}")
                fi
            done;;
    esac
    for f in text json dot svg tikz; do
        check "$r -f $f" "${args[@]}" -f "$f"
    done
    checkdir "$r -f html" "${args[@]}" -f html -o
done
check "compare" compare --random 3,4 --samples 3
check "compare md" compare --random 2..3,3..4 --samples 2 -f md
check "compare json" compare --tree "$aima" -f json
checkdir "compare html" compare --random 2..3,3 --samples 2 -f html -o
checkdir "exercise" exercise --difficulty easy --count 2 --no-pdf --out
checkdir "exercise chance" exercise --random 2,4 --count 2 -a star1 --bounds 0..20 --no-pdf --out
checkdir "practice" practice --count 2 -o
checkdir "demo" demo --out
for cmd in compare exercise practice quiz check import render games perft demo; do
    check "$cmd --help" "$cmd" --help
done
echo "compared $count outputs: $differ differ"
[ "$differ" -eq 0 ]
