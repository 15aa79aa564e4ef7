"""Full-stack latency through the local Discord stand-in (prints figures, asserts nothing).

    .venv/bin/python tests/bench/bench_standin.py            # /roll and /history list, n=1000
    .venv/bin/python tests/bench/bench_standin.py -n 200 --line "/campaign info"

Any option of `python -m bot.bench.standin` works here.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.bench.standin import main

if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
