"""`/roll` p99 through the stand-in while six heavy `/combat odds` run: before (threads) and
after (the worker pool of `bot.compute`). Prints figures, asserts nothing.

    .venv/bin/python tests/bench/bench_heavy_odds.py              # 300 war suns a side
    .venv/bin/python tests/bench/bench_heavy_odds.py --ships 120  # quicker
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.bench.heavy_odds import main

if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
