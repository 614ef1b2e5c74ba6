#!/usr/bin/env python3
"""Counts a Serpent's distinct outcomes (resulting boards) as the first piece of a move,
independently of the engine, for checking Tamoanchan Revisited's perft counts by hand.

Rules (part 2 section 4.4 and TR-4): walks of 1..limit diagonal steps, each on the other
diagonal than the one before, no field twice (the start included), every field on the board.
On an empty field: stop or go on. On a Pawn of either colour: capture it if it is the
opponent's (the ply ends), or displace it onto an empty orthogonal neighbour (fields left in
this ply and emptied by earlier displacements are empty) and stop there or go on. On any other
opponent's piece but the King: capture, the ply ends. Anything else blocks. Also the
colour-changing step: one orthogonal step onto an empty field. No Waves, Stars or Pyramids.

Usage: serpent-outcomes.py SIZE LIMIT "Se5,Pf6,pe7,Nc3,..." (uppercase light, the Serpent light).
"""
import sys


def parse(text):
    board = {}
    serpent = None
    for item in text.split(","):
        letter, field = item[0], item[1:]
        x = ord(field[0]) - ord("a")
        y = int(field[1:]) - 1
        if letter == "S":
            serpent = (x, y)
        board[(x, y)] = letter
    return board, serpent


def outcomes(size, limit, board, start):
    found = set()
    on = lambda f: 0 <= f[0] < size and 0 <= f[1] < size
    b = dict(board)
    del b[start]

    def record(end):
        final = dict(b)
        final[end] = "S"
        found.add(frozenset(final.items()))

    def walk(cur, last, visited):
        if len(visited) > limit:
            return
        for d, rising in (((1, 1), True), ((-1, -1), True), ((1, -1), False), ((-1, 1), False)):
            if last is rising:
                continue
            to = (cur[0] + d[0], cur[1] + d[1])
            if not on(to) or to in visited:
                continue
            piece = b.get(to)
            if piece is None:
                record(to)
                walk(to, rising, visited + [to])
            elif piece in "Pp":
                if piece == "p":
                    saved = b.pop(to)
                    record(to)
                    b[to] = saved
                for o in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    dest = (to[0] + o[0], to[1] + o[1])
                    if not on(dest) or dest in b:
                        continue
                    pawn = b.pop(to)
                    b[dest] = pawn
                    record(to)
                    walk(to, rising, visited + [to])
                    del b[dest]
                    b[to] = pawn
            elif piece.islower() and piece != "k":
                saved = b.pop(to)
                record(to)
                b[to] = saved

    walk(start, None, [start])
    for o in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        dest = (start[0] + o[0], start[1] + o[1])
        if on(dest) and dest not in b:
            record(dest)
    return found


def main():
    size, limit, text = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    board, serpent = parse(text)
    print(len(outcomes(size, limit, board, serpent)))


if __name__ == "__main__":
    main()
