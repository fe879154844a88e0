#!/usr/bin/env bash
# `boardls play` on the largest board of each game it plays on: a whole process (read, solve
# the position, every legal move's answer), so an upper bound of what a click on the analysis
# board costs the server before its cache (which answers a take-back or a replayed position
# at once). Median of RUNS runs, at the start and after the first best move.
#
#   scripts/bench-play.sh            BOARDLS=path/to/boardls to measure another build
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${BOARDLS:-}" ]; then
  cargo build --release --quiet --bin boardls
  BOARDLS=$PWD/target/release/boardls
fi
RUNS=${RUNS:-7}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Positions after moves of race are analysed on boards of at most 724 white cells: 26×26.
"$BOARDLS" gen zgame --preset max --count 1 >"$work/zgame.board"
"$BOARDLS" gen race --size 26x26 --count 1 --seed 3 >"$work/race.board"
"$BOARDLS" gen chess --preset max --count 1 >"$work/chess.board"
"$BOARDLS" gen tetris --preset max --count 1 >"$work/tetris.board"
"$BOARDLS" gen strings --preset max --count 1 >"$work/strings.board"
python3 - "$BOARDLS" "$work" "$RUNS" <<'PY'
import json, statistics, subprocess, sys, time
boardls, work, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
def median_ms(args):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        done = subprocess.run(args, capture_output=True)
        times.append(time.perf_counter() - start)
        if done.returncode != 0:
            sys.exit(f"{' '.join(args)}: {done.stderr.decode()}")
    return statistics.median(times) * 1000, done.stdout
print(f"{'game':8} {'moves':>6} {'start':>10} {'after best':>11}")
for game in ["zgame", "race", "chess", "tetris", "strings"]:
    path = f"{work}/{game}.board"
    start, out = median_ms([boardls, "play", path, "--json"])
    report = json.loads(out)
    after = "-"
    if report["best"]:
        ms, _ = median_ms([boardls, "play", path, "--json", "--moves", report["best"][0]])
        after = f"{ms:.1f} ms"
    print(f"{game:8} {len(report['moves']):>6} {start:>7.1f} ms {after:>11}")

# The server: `boardls/play` requests to `boardls lsp` over stdio, as the analysis board sends
# them: the case (its first play), a move (a new position), the move taken back (answered
# from the server's cache), the move again.
import os
def server():
    proc = subprocess.Popen([boardls, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    ids = iter(range(1, 10**9))
    def send(msg):
        body = json.dumps(msg).encode()
        proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        proc.stdin.flush()
    def read():
        length = 0
        while (line := proc.stdout.readline().strip()):
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
        return json.loads(proc.stdout.read(length))
    def call(method, params):
        n = next(ids)
        send({"jsonrpc": "2.0", "id": n, "method": method, "params": params})
        while True:
            msg = read()
            if msg.get("id") == n and "method" not in msg:
                return msg
            if "method" in msg and "id" in msg:  # a request of the server's: answer it
                send({"jsonrpc": "2.0", "id": msg["id"], "result": None})
    return proc, send, call
print()
print(f"{'server':8} {'first':>9} {'a move':>9} {'back':>9} {'again':>9}")
for game in ["zgame", "race", "chess", "tetris", "strings"]:
    proc, send, call = server()
    try:
        call("initialize", {"processId": os.getpid(), "rootUri": None, "capabilities": {}})
        send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
        uri = f"file://{work}/{game}.board"
        text = open(f"{work}/{game}.board").read()
        send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": uri, "languageId": "board", "version": 1, "text": text}}})
        row = []
        first = None
        for moves in ["", None, "", None]:
            if moves is None:
                moves = first["result"]["best"][0] if first["result"]["best"] else ""
            start = time.perf_counter()
            got = call("boardls/play", {"textDocument": {"uri": uri}, "moves": moves})
            row.append((time.perf_counter() - start) * 1000)
            if "error" in got:
                sys.exit(f"{game}: {got['error']}")
            first = first or got
        print(f"{game:8} " + " ".join(f"{ms:>6.1f} ms" for ms in row))
        call("shutdown", None)
        send({"jsonrpc": "2.0", "method": "exit"})
        proc.wait(timeout=10)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
PY
