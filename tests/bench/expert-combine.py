#!/usr/bin/env python3
# expert-combine.py — adds up the per-game logs of bench-expert
# (LW_EXPERT_LOG) of one or more shards: per duel the games, Expert's
# side's wins, the 95% Wilson interval (z = 1.96, as lw_wilson_interval()),
# and Expert's decision times, wall and CPU (p50, p99, the longest, in
# whole ms as the benchmark counts them).
#
#   tests/bench/expert-combine.py LOG...
#
# A game logged twice (a shard run again into the same file) counts once;
# two different results for one game are an error.
#
# SPDX-License-Identifier: GPL-3.0-or-later
import math
import sys
from collections import Counter, defaultdict


def wilson(wins, n, z=1.96):
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (0.0 if wins == 0 else max(0.0, centre - half),
            1.0 if wins == n else min(1.0, centre + half))


def percentile(hist, p):
    total = sum(hist.values())
    seen = 0
    for k in sorted(hist):
        seen += hist[k]
        if seen > 0 and seen >= p * total:
            return k
    return 0


def main(paths):
    games = defaultdict(dict)           # duel -> game -> (won, wall, cpu)
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                if not line.strip():
                    continue
                try:
                    fields = dict(x.split("=", 1) for x in line.split())
                    key = (fields["won"], fields["wall"], fields["cpu"])
                    duel, game = fields["duel"], int(fields["game"])
                except (KeyError, ValueError):
                    sys.exit(f"{path}:{number}: not a bench-expert game line")
                old = games[duel].get(game)
                if old is not None and old[0] != key[0]:
                    sys.exit(f"{path}:{number}: {duel} game {game} is logged with two results")
                games[duel][game] = key
    names = {"2p": "Expert against Hard, 2 players",
             "3p": "Expert against 2 Hard, 3 players",
             "4p": "Expert + Expert against Hard + Hard, 4 players in partners",
             "mixed": "Expert + Hard against Hard + Hard, 4 players in partners"}
    fair = {"2p": 1 / 2, "3p": 1 / 3, "4p": 1 / 2, "mixed": 1 / 2}
    for duel in ("2p", "3p", "4p", "mixed"):
        if duel not in games:
            continue
        played = games[duel]
        n = len(played)
        wins = sum(1 for w, _, _ in played.values() if w == "a")
        losses = sum(1 for w, _, _ in played.values() if w == "b")
        low, high = wilson(wins, n)
        hists = {"wall": Counter(), "cpu": Counter()}
        for _, wall, cpu in played.values():
            for name, text in (("wall", wall), ("cpu", cpu)):
                for item in filter(None, text.split(",")):
                    ms, count = item.split(":")
                    hists[name][int(ms)] += int(count)
        print(f"{names[duel]}, {n} games (of games {min(played)}–{max(played)}): {wins}–{losses}, "
              f"Expert's side wins {100 * wins / n:.1f}% (95% CI {100 * low:.1f}%–{100 * high:.1f}%), "
              f"even play {100 * fair[duel]:.1f}%")
        for name in ("wall", "cpu"):
            h = hists[name]
            print(f"  Expert's decisions ({sum(h.values())}), {name}: p50 {percentile(h, 0.5)} ms, "
                  f"p99 {percentile(h, 0.99)} ms, max {max(h) if h else 0} ms (whole ms)")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: expert-combine.py LOG...")
    main(sys.argv[1:])
