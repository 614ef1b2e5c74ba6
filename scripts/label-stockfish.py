#!/usr/bin/env python3
"""Relabels `tiamat-tune datagen` output with Stockfish's static evaluation.

Each input line is `FEN;result;score` (score in centipawns, White's view); each output line
keeps the position and the game's result and replaces the score by the static evaluation
Stockfish's `eval` command prints ("Final evaluation", White's view), in centipawns. Lines
Stockfish does not evaluate (a side in check has no static evaluation) are left out.

Usage: scripts/label-stockfish.py IN OUT [STOCKFISH]   (default /usr/games/stockfish)
"""
import re
import subprocess
import sys
import time

FINAL = re.compile(r"^Final evaluation:?\s+(none|[-+]?\d+(?:\.\d+)?)")


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    src, dst = sys.argv[1], sys.argv[2]
    binary = sys.argv[3] if len(sys.argv) > 3 else "/usr/games/stockfish"
    engine = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True, bufsize=1)

    def send(command):
        engine.stdin.write(command + "\n")
        engine.stdin.flush()

    send("uci")
    send("isready")
    for line in engine.stdout:
        if line.startswith("id name"):
            print(f"labelling with {line[8:].strip()}", file=sys.stderr)
        if line.startswith("readyok"):
            break
    start = time.time()
    read = written = 0
    with open(src) as inp, open(dst, "w") as out:
        for line in inp:
            fields = line.strip().split(";")
            if len(fields) != 3:
                continue
            read += 1
            send("position fen " + fields[0])
            send("eval")
            value = None
            for reply in engine.stdout:
                match = FINAL.match(reply)
                if match:
                    value = match.group(1)
                    break
            if value is None:
                sys.exit(f"{binary} ended before evaluating line {read}")
            if value != "none":
                out.write(f"{fields[0]};{fields[1]};{round(float(value) * 100)}\n")
                written += 1
            if read % 100_000 == 0:
                print(f"{read} read, {written} written, {time.time() - start:.0f} s",
                      file=sys.stderr)
    send("quit")
    engine.wait()
    print(f"{read} read, {written} written in {time.time() - start:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
