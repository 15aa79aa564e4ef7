"""Sample charts from fixed inputs, for the README's pictures and the charts benchmark.

`python -m bot.chart_samples [FOLDER]` writes odds-chart.png and luck-chart.png (English) into
FOLDER (default data/docs), the pictures the README shows. Dice come from `Dice.seeded`, so the
files are the same on every run of the same library versions.
"""

from __future__ import annotations

import sys
from pathlib import Path

from bot.charts import luck_charts
from bot.charts import odds_figure
from bot.charts import png
from bot.dice import Dice
from bot.dice_stats import FaceSample
from bot.dice_stats import PlayerDiceStats
from bot.dice_stats import player_stats
from bot.paths import data_dir
from bot.rules.fleet_combat import Fleet
from bot.rules.fleet_combat import FleetCombatSettings
from bot.rules.fleet_combat import OddsResult
from bot.rules.fleet_combat import combat_odds
from bot.rules.fleet_combat import fleet_from_counts

PLAYERS = (("Anna", 240), ("Boris", 150), ("Vera", 60))


def sample_fleets() -> tuple[Fleet, Fleet]:
    """Fleet A: 3 destroyers and a cruiser; fleet B: 2 cruisers."""
    return (
        fleet_from_counts("Fleet A", {"destroyer": 3, "cruiser": 1}),
        fleet_from_counts("Fleet B", {"cruiser": 2}),
    )


def sample_odds() -> OddsResult:
    """The exact odds of the sample fleets (FC-I17)."""
    return combat_odds(*sample_fleets(), FleetCombatSettings())


def sample_players(sides: int, players: int = len(PLAYERS)) -> list[tuple[str, PlayerDiceStats]]:
    """Players with seeded dice of one size (the first three named, the rest numbered)."""
    named = [*PLAYERS, *((f"Player {i}", 100) for i in range(len(PLAYERS), players))]
    return [
        (name, player_stats([FaceSample(sides, Dice.seeded(seed).roll(dice, sides, "sample"))]))
        for seed, (name, dice) in enumerate(named[:players], start=1)
    ]


def write_samples(folder: Path) -> list[Path]:
    """The README's two pictures."""
    folder.mkdir(parents=True, exist_ok=True)
    fleet_a, fleet_b = sample_fleets()
    odds = folder / "odds-chart.png"
    odds.write_bytes(png(odds_figure(sample_odds(), "Fleet A", "Fleet B", fleet_a, fleet_b, "en")))
    luck = folder / "luck-chart.png"
    ((_, picture),) = luck_charts(sample_players(6), "en")
    luck.write_bytes(picture)
    return [odds, luck]


def main(argv: list[str]) -> int:
    """Write the samples into the folder named, or data/docs."""
    folder = Path(argv[0]) if argv else data_dir() / "docs"
    for path in write_samples(folder):
        print(f"{path} ({path.stat().st_size} bytes)")  # noqa: T201
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
