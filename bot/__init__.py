"""Privateer: a Discord bot for play-by-post strategy campaigns."""

import os

# One BLAS thread for numpy (the odds calculator, simulations), set here so it is in place
# before anything under `bot` loads numpy, in the bot and in its compute workers alike: it
# runs beside the bot's other work on few cores, where BLAS worker threads spin against each
# other (a 24 v 24 war sun solve ran five times slower with them, 48 v 48 over ten times).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
