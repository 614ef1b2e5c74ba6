#!/usr/bin/env python3
"""Nodes per CPU-second of one binary with UseNNUE off and on, alternated three times in one run.

Usage: scripts/nnue-speed.py target/release/tiamat
"""
import subprocess, sys, os
B = sys.argv[1]
NODES = 400000
FENS = ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
"r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8",
"8/5pk1/6p1/3r4/3P4/5RP1/5P1P/6K1 w - - 0 40"]
tick = os.sysconf("SC_CLK_TCK")
for rnd in range(3):
    for opt in ["false", "true"]:
        p = subprocess.Popen([B], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        def send(s): p.stdin.write(s + "\n"); p.stdin.flush()
        send("uci"); send(f"setoption name UseNNUE value {opt}")
        nodes = 0
        for f in FENS:
            send("ucinewgame"); send(f"position fen {f}"); send(f"go nodes {NODES}")
            last = None
            for line in p.stdout:
                if " nodes " in line and line.startswith("info"):
                    t = line.split(); last = int(t[t.index("nodes") + 1])
                if line.startswith("bestmove"): break
            nodes += last or 0
        with open(f"/proc/{p.pid}/stat") as fh:
            st = fh.read().rsplit(")", 1)[1].split()
        user = (int(st[11]) + int(st[12])) / tick
        send("quit"); p.wait()
        print(f"round {rnd+1} UseNNUE={opt}: {nodes} nodes, {user:.2f} CPU-s, {nodes/user/1e3:.0f} k nodes/CPU-s", flush=True)
