#!/usr/bin/env python3
"""SPSA tuning of chess search parameters at a fixed node count, one game pair at a time.

    scripts/spsa.py [--iterations N] [--tiamat PATH] [--nodes 15000] [--log spsa.log]
                    [--params name,name,...] [--start name=value,...] [--seed S]

Each iteration moves every tuned parameter by +c_k or -c_k (random signs), plays the engine
with the `+` values against itself with the `-` values (the UCI option `SearchParams`) from
one random opening of openings/sprt/chess.txt with both colours, and steps every parameter by
R_k * c_k * (wins - losses of `+`) * sign. Defaults and ranges are read from
engine/src/search/params.rs; --start resumes from the values a log's last line gives. After
every iteration the current values are printed and appended to the log, so a stopped run
keeps its result: the `rounded` field is ready for `setoption name SearchParams value ...`.
"""

import argparse
import os
import random
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The tuned subset and each parameter's c (the perturbation at the first iteration), about a
# tenth of the span the parameter sensibly moves in; small integers get at least 1, so their
# rounded `+` and `-` values still differ at the last iteration (c_N is about c / 2).
C = {
    "aspiration_window": 4,
    "rfp_margin": 10,
    "rfp_improving": 10,
    "nmp_depth_divisor": 1.2,
    "nmp_eval_divisor": 25,
    "lmp_base": 1.2,
    "futility_base": 15,
    "futility_per_depth": 12,
    "see_quiet_margin": 5,
    "see_tactical_margin": 12,
    "lmr_base": 12,
    "lmr_divisor": 20,
    "lmr_history_divisor": 1000,
    "history_bonus_quadratic": 3,
    "singular_margin": 1.2,
    "qs_futility_margin": 25,
}

ALPHA = 0.602
GAMMA = 0.101
# Step at the last iteration, as a fraction of c_N^2 per unit of result (fishtest's r_end): large
# enough that a parameter worth about 10 Elo per 2c drifts about c over a thousand pairs.
R_END = 0.02


def read_params():
    """name -> (default, min, max) from the search's parameter list."""
    text = open(os.path.join(ROOT, "engine/src/search/params.rs")).read()
    found = re.findall(r"^\s*(\w+): (-?\d+) in (-?\d+)\.\.=(-?\d+),", text, re.M)
    return {name: (int(d), int(lo), int(hi)) for name, d, lo, hi in found}


def parse_values(text):
    values = {}
    for item in filter(None, (s.strip() for s in text.split(","))):
        name, value = item.split("=")
        values[name.strip()] = float(value)
    return values


def setting(values):
    return ",".join(f"{name}={round(value)}" for name, value in values.items())


def play_pair(tiamat, nodes, opening, plus, minus):
    """Wins minus losses of the `+` engine over one opening with both colours."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write(opening + "\n")
        path = f.name
    try:
        out = subprocess.run(
            [tiamat, "match",
             "--engine", "cmd=" + tiamat, "name=plus", "option.SearchParams=" + setting(plus),
             "--engine", "cmd=" + tiamat, "name=minus", "option.SearchParams=" + setting(minus),
             "--variant", "chess", "--games", "2", "--tc", f"nodes={nodes}",
             "--concurrency", "1", "--openings", path],
            stdin=subprocess.DEVNULL, capture_output=True, text=True, check=True).stdout
    finally:
        os.unlink(path)
    score = re.search(r"Final score of plus vs minus: (\d+) - (\d+) - (\d+)", out)
    if not score:
        sys.exit("no final score in the match output:\n" + out)
    wins, losses, draws = map(int, score.groups())
    return wins, losses, draws


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--iterations", type=int, default=1000, help="planned pairs (the schedule)")
    ap.add_argument("--first", type=int, default=1, help="iteration to start at (resuming)")
    ap.add_argument("--tiamat", default=os.path.join(ROOT, "target/release/tiamat"))
    ap.add_argument("--nodes", type=int, default=15000)
    ap.add_argument("--openings", default=os.path.join(ROOT, "openings/sprt/chess.txt"))
    ap.add_argument("--log", default="spsa.log")
    ap.add_argument("--params", default=",".join(C), help="the tuned subset")
    ap.add_argument("--start", default="", help="name=value,... instead of the defaults")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()

    known = read_params()
    names = [n.strip() for n in args.params.split(",") if n.strip()]
    for name in names:
        if name not in known or name not in C:
            sys.exit(f"cannot tune '{name}' (known with a c: {', '.join(C)})")
    theta = {name: float(known[name][0]) for name in names}
    for name, value in parse_values(args.start).items():
        if name in theta:
            theta[name] = value
    openings = [line.strip() for line in open(args.openings)
                if line.strip() and not line.startswith("#")]
    rng = random.Random(args.seed)

    n = args.iterations
    big_a = n / 10
    totals = [0, 0, 0]
    with open(args.log, "a") as log:
        print(f"# start {setting(theta)} iterations {n} nodes {args.nodes}", file=log, flush=True)
        for k in range(args.first, n + 1):
            plus, minus, signs = {}, {}, {}
            c_ks = {}
            for name in names:
                _, lo, hi = known[name]
                c_end = C[name] / n ** GAMMA
                a = R_END * c_end ** 2 * (big_a + n) ** ALPHA
                c_k = C[name] / k ** GAMMA
                c_ks[name] = (c_k, a / (k + big_a) ** ALPHA)
                signs[name] = rng.choice((-1, 1))
                plus[name] = min(hi, max(lo, theta[name] + c_k * signs[name]))
                minus[name] = min(hi, max(lo, theta[name] - c_k * signs[name]))
            wins, losses, draws = play_pair(args.tiamat, args.nodes, rng.choice(openings),
                                            plus, minus)
            for i, x in enumerate((wins, losses, draws)):
                totals[i] += x
            result = wins - losses
            for name in names:
                _, lo, hi = known[name]
                c_k, a_k = c_ks[name]
                step = a_k / c_k ** 2 * c_k * result * signs[name]
                theta[name] = min(hi, max(lo, theta[name] + step))
            values = ",".join(f"{name}={theta[name]:.2f}" for name in names)
            line = (f"iteration {k} games {2 * (k - args.first + 1)} plus {wins}-{losses}-{draws} "
                    f"total {totals[0]}-{totals[1]}-{totals[2]} values {values} "
                    f"rounded {setting(theta)}")
            print(line, flush=True)
            print(line, file=log, flush=True)


if __name__ == "__main__":
    main()
