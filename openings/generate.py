"""Balanced random openings for `tiamat match --openings`.

usage: generate.py ENGINE VARIANT COUNT PLIES OUT DEPTH BOUND
Plays PLIES random moves from the start (the engine with PlayStyle=random), reads the position
string from the engine's `d` command, and keeps it when a DEPTH search scores it within BOUND cp.
"""
import subprocess, sys
binary, variant, count, plies, out, depth, bound = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5], int(sys.argv[6]), int(sys.argv[7])
p = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
def send(s): p.stdin.write(s + "\n"); p.stdin.flush()
def until(prefix):
    lines = []
    while True:
        line = p.stdout.readline()
        if not line: raise SystemExit("engine died")
        lines.append(line)
        if line.startswith(prefix): return lines
send("uci"); until("uciok")
send(f"setoption name UCI_Variant value {variant}")
seen = set(); res = []; tries = 0
while len(res) < count and tries < count * 10:
    tries += 1
    moves = []
    send("setoption name PlayStyle value random")
    for _ in range(plies):
        send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        send("go depth 1")
        bm = until("bestmove")[-1].split()
        if len(bm) < 2 or bm[1] in ("(none)", "0000"): break
        moves.append(bm[1])
    pos = "position startpos" + (" moves " + " ".join(moves) if moves else "")
    send(pos); send("d")
    fen = until("Fen:")[-1][4:].strip()
    if fen in seen: continue
    send("setoption name PlayStyle value search"); send("ucinewgame"); send(pos)
    send(f"go depth {depth}")
    infos = [l for l in until("bestmove") if " score " in l]
    if not infos: continue
    f = infos[-1].split(); i = f.index("score")
    if f[i+1] != "cp" or abs(int(f[i+2])) > bound: continue
    seen.add(fen); res.append(fen)
send("quit")
open(out, "w").write("\n".join(res) + "\n")
print(variant, len(res), "of", tries)
