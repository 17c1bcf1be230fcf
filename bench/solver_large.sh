#!/bin/sh
# bench/solver_large.sh OUTDIR SECONDS [WORKERS-LIST] [RUNS]
#
# One run on a larger machine, ended by itself within SECONDS of wall-clock time: the scaling benchmark
# (python -m bench.solver --scaling at each number of WORKERS-LIST, default 1,2,4,8,16, RUNS runs each, default 1),
# then, in the time left, 7x8 with five in a row on as many workers as the largest of the list, keeping its
# answers in OUTDIR/78.db and its certificate in OUTDIR/78.txt.gz.  A solve that does not end in time says how far
# it got: its report, and the answers in the file counted by the tiles of their positions.  Files larger than
# 15 MiB are cut into parts (cat them together again) so that each can be copied off a machine with such a limit;
# an answers file that large is left behind, its size and digest in the log.
set -u
out=$1
budget=$2
list=${3:-1,2,4,8,16}
runs=${4:-1}
python=${PYTHON:-python3}
start=$(date +%s)
timer=""
[ -x /usr/bin/time ] && timer="/usr/bin/time -v"
workers=$(echo "$list" | tr ',' '\n' | sort -n | tail -1)
cd "$(dirname "$0")/.." || exit 2
{
    echo "== machine: $(uname -srm), $(nproc) processors, $("$python" --version 2>&1) at $(command -v "$python")"
    grep -m1 'model name' /proc/cpuinfo
    free -m | head -2
    echo "== python -m bench.solver --scaling --workers-list $list --runs $runs"
    "$python" -m bench.solver --scaling --workers-list "$list" --runs "$runs" --output "$out/solver_scaling_results.txt"
    left=$((budget - ($(date +%s) - start) - 20))
    echo "== 7x8, five in a row, --workers $workers --think $left"
    if [ "$left" -gt 20 ]; then
        $timer timeout -k 5 $((left + 10)) "$python" -m tictactoe.solver 7x8 5 --workers "$workers" \
            --think "$left" --resume "$out/78.db" --proof "$out/78.txt.gz" 2>&1
        echo "== exit status $?, $(($(date +%s) - start)) s since the start"
        "$python" - "$out/78.db" <<'EOF'
import collections, sqlite3, sys
rows = sqlite3.connect(sys.argv[1]).execute("SELECT job, low, high, nodes, seconds, split FROM answers").fetchall()
print(f"answers kept: {len(rows)}")
by_tiles = collections.defaultdict(lambda: [0, 0, 0, 0.0])
for job, low, high, nodes, seconds, split in rows:
    tiles = sum(square != "." for square in job.split()[2])
    entry = by_tiles[tiles]
    entry[1 if split else 0] += 1
    entry[2] += nodes
    entry[3] += seconds
    if tiles == 1:
        print(f"  first move {job}: low {low} high {high} {'split' if split else 'answered'}, {nodes:,} positions")
print("tiles  answered  split   positions  job seconds")
for tiles, (answered, split, nodes, seconds) in sorted(by_tiles.items()):
    print(f"{tiles:>5} {answered:>9} {split:>6} {nodes:>11,} {seconds:>12,.1f}")
EOF
    fi
} >"$out/log.txt" 2>&1
if [ -f "$out/78.db" ] && [ "$(stat -c %s "$out/78.db")" -gt 15728640 ]; then
    echo "78.db left behind: $(stat -c %s "$out/78.db") bytes, sha256 $(sha256sum "$out/78.db" | cut -c1-64)" >>"$out/log.txt"
    rm "$out/78.db"
fi
for file in "$out"/*; do
    if [ "$(stat -c %s "$file")" -gt 15728640 ]; then
        split -b 15M -d "$file" "$file.part" && rm "$file"
    fi
done
ls -l "$out"
tail -40 "$out/log.txt"
