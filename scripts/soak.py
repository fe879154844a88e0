#!/usr/bin/env python3
"""Soak benchmark of the language server: a day of editing, compressed.

The real server (a `boardls lsp` process over stdio) with two documents open: a 500x500 zgame
board and a file of 1000 mixed cases. N random single-cell edits (half on each document, a cell
always changed to another letter; on the board, a `.` made a letter and a letter made a `.` in
turn, so its share of letters stays as generated) with a hover every 10 edits. Recorded: the server's resident
memory (VmRSS) and its solve cache's bytes every 1000 edits, and the keystroke -> diagnostics
latency of the board's edits (from `didChange` to the publish carrying the re-solved answer),
as percentiles over the first and the last 1000 board edits.

    cargo build --release && scripts/soak.py                 # 20 000 edits, the default cap
    scripts/soak.py --edits 2000 --cache-mb 16 --bin target/release/boardls

Exits non-zero when a target is missed: RSS below the cache cap + 64 MB, growth under 5 % over
the last half of the edits, end latency (p50) within 10 % of the start's.
"""

import argparse
import json
import os
import queue
import random
import statistics
import subprocess
import sys
import threading
import time

BIG = "file:///soak/big.board"
MIXED = "file:///soak/mixed.board"


def big_zgame(rng, n):
    """A zgame board whose first cell is `B` (the answer is always `no no yes`) under a wrong
    `expect`: every solved version carries an E210, so each edit has a publish to wait for."""
    rows = []
    for r in range(n):
        row = "".join("B" if r == 0 and c == 0 else rng.choice("........AB") for c in range(n))
        rows.append(row)
    return '[zgame "big"]\n' + "\n".join(rows) + "\nexpect = yes no no\n"


def mixed_file(rng):
    """1000 cases of the five games; returns the text and the grid cells that may be edited,
    as (line, column, alphabet)."""
    lines, cells = [], []

    def grid(rows, alphabet, fixed=None):
        for r, row in enumerate(rows):
            line = len(lines)
            lines.append(row)
            for c in range(len(row)):
                if fixed is None or (r, c) not in fixed:
                    cells.append((line, c, alphabet))

    for i in range(1000):
        kind = i % 5
        if kind == 0:
            lines.append(f'[zgame "z{i}"]')
            grid(["".join(rng.choice("......AB") for _ in range(8)) for _ in range(8)], ".AB")
        elif kind == 1:
            lines.append(f'[race "r{i}"]')
            rows = []
            for r in range(6):
                row = ""
                for c in range(6):
                    row += "A" if (r, c) == (0, 0) else "B" if (r, c) == (5, 5) else rng.choice("......#")
                rows.append(row)
            grid(rows, ".#", fixed={(0, 0), (5, 5)})
        elif kind == 2:
            piece = rng.choice(["king", "rook", "knight", "queen"])
            lines += [f'[chess "c{i}"]', f"piece = {piece}", f"size = {rng.randint(2, 41)} {rng.randint(2, 41)}"]
        elif kind == 3:
            lines.append(f'[tetris "t{i}"]')
            grid(["".join(rng.choice("00001") for _ in range(5)) for _ in range(4)], "01")
        else:
            lines.append(f'[strings "s{i}"]')
            grid(["".join(rng.choice("abc") for _ in range(4)) for _ in range(4)], "abc")
        lines.append("")
    return "\n".join(lines) + "\n", cells


class Server:
    def __init__(self, argv):
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.next_id = 1
        self.answers = {}
        self.cond = threading.Condition()
        self.publishes = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        out = self.proc.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    return
                line = line.strip()
                if not line:
                    break
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            msg = json.loads(out.read(length))
            if "id" in msg and "method" in msg:
                # A request from the server (refresh, progress): answer it.
                self._write({"jsonrpc": "2.0", "id": msg["id"], "result": None})
            elif "id" in msg:
                with self.cond:
                    self.answers[msg["id"]] = msg
                    self.cond.notify_all()
            elif msg.get("method") == "textDocument/publishDiagnostics":
                self.publishes.put((time.perf_counter(), msg["params"]))

    def _write(self, msg):
        body = json.dumps(msg).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def notify(self, method, params):
        self._write({"jsonrpc": "2.0", "method": method, "params": params})

    def call(self, method, params):
        msg_id = self.next_id
        self.next_id += 1
        self._write({"jsonrpc": "2.0", "id": msg_id, "method": method, "params": params})
        with self.cond:
            if not self.cond.wait_for(lambda: msg_id in self.answers, timeout=60):
                raise SystemExit(f"no answer to {method}")
            msg = self.answers.pop(msg_id)
        if "error" in msg:
            raise SystemExit(f"{method} failed: {msg['error']}")
        return msg.get("result")

    def wait_publish(self, uri, pred, timeout=30):
        deadline = time.perf_counter() + timeout
        while True:
            left = deadline - time.perf_counter()
            if left <= 0:
                raise SystemExit(f"no publish for {uri} in {timeout} s")
            at, params = self.publishes.get(timeout=left)
            if params["uri"] == uri and pred(params):
                return at

    def rss_kb(self):
        with open(f"/proc/{self.proc.pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        return 0

    def stop(self):
        try:
            self.call("shutdown", None)
            self.notify("exit", None)
            self.proc.wait(timeout=10)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
                self.proc.wait()


def has_e210(version):
    return lambda p: p.get("version") == version and any(d.get("code") == "E210" for d in p["diagnostics"])


def percentiles(xs):
    xs = sorted(xs)
    pick = lambda q: xs[min(len(xs) - 1, int(q * len(xs)))] * 1000
    return {"p50": pick(0.5), "p90": pick(0.9), "p99": pick(0.99), "mean": statistics.mean(xs) * 1000}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", default="target/release/boardls")
    ap.add_argument("--edits", type=int, default=20000)
    ap.add_argument("--cache-mb", type=int, default=128)
    ap.add_argument("--seed", type=int, default=19)
    args = ap.parse_args()

    rng = random.Random(args.seed)
    n = 500
    big = big_zgame(rng, n)
    big_rows = [list(row) for row in big.split("\n")[1 : 1 + n]]
    mixed, mixed_cells = mixed_file(rng)
    mixed_lines = [list(line) for line in mixed.split("\n")]

    server = Server([args.bin, "lsp", "--cache", str(args.cache_mb)])
    try:
        server.call("initialize", {"processId": os.getpid(), "rootUri": None, "capabilities": {
            "general": {"positionEncodings": ["utf-8"]},
            "workspace": {"semanticTokens": {"refreshSupport": True}, "codeLens": {"refreshSupport": True}},
        }})
        server.notify("initialized", {})
        versions = {BIG: 1, MIXED: 1}
        server.notify("textDocument/didOpen", {"textDocument": {"uri": MIXED, "languageId": "board", "version": 1, "text": mixed}})
        server.notify("textDocument/didOpen", {"textDocument": {"uri": BIG, "languageId": "board", "version": 1, "text": big}})
        server.wait_publish(BIG, has_e210(1), timeout=120)
        print(f"opened: RSS {server.rss_kb() / 1024:.1f} MB", flush=True)

        def edit(uri, line, col, cell):
            versions[uri] += 1
            server.notify("textDocument/didChange", {
                "textDocument": {"uri": uri, "version": versions[uri]},
                "contentChanges": [{"range": {"start": {"line": line, "character": col},
                                              "end": {"line": line, "character": col + 1}}, "text": cell}],
            })
            return time.perf_counter()

        latencies, samples = [], []
        last_big_cell = None
        start = time.perf_counter()
        for i in range(1, args.edits + 1):
            if i % 2 == 0:
                line, col, alphabet = rng.choice(mixed_cells)
                cell = rng.choice([a for a in alphabet if a != mixed_lines[line][col]])
                mixed_lines[line][col] = cell
                edit(MIXED, line, col, cell)
            else:
                # Never the first cell (it fixes the answer), never the cell just edited (that
                # could restore a version whose diagnostics were already published). Board
                # edits alternate between a `.` made a letter and a letter made a `.`, so the
                # board keeps its share of letters and the last edits solve the same kind of
                # board as the first.
                to_letter = i % 4 == 1
                while True:
                    r, c = rng.randrange(n), rng.randrange(n)
                    if (r, c) != (0, 0) and (r, c) != last_big_cell and (big_rows[r][c] == ".") == to_letter:
                        break
                last_big_cell = (r, c)
                cell = rng.choice("AB") if to_letter else "."
                big_rows[r][c] = cell
                sent = edit(BIG, r + 1, c, cell)
                got = server.wait_publish(BIG, has_e210(versions[BIG]))
                latencies.append(got - sent)
            if i % 10 == 0:
                uri, line, col = (BIG, 1 + rng.randrange(n), rng.randrange(n)) if i % 20 == 0 else (MIXED, *rng.choice(mixed_cells)[:2])
                server.call("textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": line, "character": col}})
            if i % 1000 == 0:
                usage = server.call("boardls/memoryUsage", None)
                samples.append((i, server.rss_kb(), usage["cache"]["bytes"], usage["cache"]["entries"]))
                recent = statistics.median(latencies[-500:]) * 1000
                print(f"{i:6} edits  RSS {samples[-1][1] / 1024:7.1f} MB  cache {samples[-1][2] / 2**20:6.1f} MiB"
                      f" in {samples[-1][3]} entries  p50 of the last 500 board edits {recent:5.2f} ms"
                      f"  load {os.getloadavg()[0]:.1f}  ({time.perf_counter() - start:.0f} s)", flush=True)
    finally:
        server.stop()

    window = min(1000, len(latencies) // 2)
    first, last = percentiles(latencies[:window]), percentiles(latencies[-window:])
    print(f"latency, first {window} board edits (ms): " + ", ".join(f"{k} {v:.2f}" for k, v in first.items()))
    print(f"latency, last {window} board edits (ms):  " + ", ".join(f"{k} {v:.2f}" for k, v in last.items()))

    failed = []
    peak = max(rss for _, rss, _, _ in samples)
    if peak > (args.cache_mb + 64) * 1024:
        failed.append(f"RSS peak {peak / 1024:.1f} MB above cap + 64 MB")
    half = [rss for i, rss, _, _ in samples if i >= args.edits // 2]
    if half and max(half) > half[0] * 1.05:
        failed.append(f"RSS grew {100 * (max(half) / half[0] - 1):.1f} % over the last half")
    if last["p50"] > first["p50"] * 1.10:
        failed.append(f"p50 latency {last['p50']:.2f} ms at the end vs {first['p50']:.2f} ms at the start")
    print("targets: " + ("met" if not failed else "MISSED: " + "; ".join(failed)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
