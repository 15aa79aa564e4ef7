"""Pictures for players: the chances of a battle (`/combat odds`) and each player's dice against
a fair die (`/history stats`), as small PNGs in the reader's language.

Rendered with matplotlib's Agg backend on a `Figure` of its own (no pyplot, no global state),
in a worker of the compute pool (`bot.compute`), never on the event loop. Each picture has its
own light card background with dark text and the Okabe–Ito colour-blind-safe palette, so it reads
the same in Discord's dark and light themes; at about 700 px wide it stays legible on a phone.
Pure: no discord, no I/O.

matplotlib is imported at the first picture, not with this module: the bot's start imports this
module (through its cogs) without paying for matplotlib (about a second and 30 MB).
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from babel.numbers import format_decimal
from babel.numbers import format_percent

from bot.dice_stats import DieSizeStats
from bot.dice_stats import PlayerDiceStats
from bot.i18n import language_of
from bot.i18n import t
from bot.rules.fleet_combat import Fleet
from bot.rules.fleet_combat import FleetCombatSettings
from bot.rules.fleet_combat import OddsResult
from bot.rules.fleet_combat import combat_odds
from bot.rules.fleet_combat.messages import class_name

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

CARD = "#f7f7f5"
INK = "#1f2328"
FAINT = "#d0d3d8"
SIDE_A = "#0072b2"
SIDE_B = "#d55e00"
DRAW = "#8c8c8c"
BAND = "#009e73"
OUTSIDE = "#cc79a7"
DPI = 110
WIDTH_INCHES = 6.4
# A face outside this many standard deviations of its expected count is drawn in OUTSIDE: the
# band holds a fair die's count about 95% of the time (normal approximation of the binomial).
BAND_Z = 1.96
# Players drawn per die size: the most dice first; the text answer lists everyone.
MAX_PLAYERS_PER_CHART = 6


def _figure(height: float) -> Figure:
    """A figure of fixed margins (set by the caller): a layout engine costs more than a plot.
    matplotlib loads here, at the first picture (about a second), never at the bot's start."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    figure = Figure(figsize=(WIDTH_INCHES, height), dpi=DPI, facecolor=CARD)
    FigureCanvasAgg(figure)
    return figure


def _style(axes: Axes) -> None:
    axes.set_facecolor(CARD)
    for side in ("top", "right"):
        axes.spines[side].set_visible(False)
    for side in ("left", "bottom"):
        axes.spines[side].set_color(INK)
    axes.tick_params(colors=INK, labelsize=9)


def _png(figure: Figure) -> bytes:
    out = io.BytesIO()
    figure.savefig(out, format="png", facecolor=CARD, metadata={"Software": None})
    return out.getvalue()


# The odds chart's titles start at the picture's left edge, not the plot's (axes coordinates
# of figure x = 0.02 for plots spanning 0.3–0.97).
TITLE_X = (0.02 - 0.3) / 0.67


def _short(name: str, limit: int = 18) -> str:
    return name if len(name) <= limit else name[: limit - 1] + "…"


def _percent(value: float, language: str) -> str:
    return str(format_percent(value, "#,##0.0%", locale=language))


def _number(value: float, language: str) -> str:
    return str(format_decimal(value, "#,##0.#", locale=language))


def odds_chart(
    result: OddsResult,
    name_a: str,
    name_b: str,
    fleet_a: Fleet,
    fleet_b: Fleet,
    locale: object,
) -> bytes:
    """`/combat odds` (FC-I17) as a PNG: each side's chance of winning and of a draw, and for
    each class of each side the ships at the start against the expected survivors (with two
    standard errors when the figures are sampled)."""
    language = language_of(locale)
    start_a, start_b = fleet_a.count_by_class(), fleet_b.count_by_class()
    rows = [
        (name_a, c, n, result.expected_survivors_a.get(c, 0.0), "a") for c, n in start_a.items()
    ]
    rows += [
        (name_b, c, n, result.expected_survivors_b.get(c, 0.0), "b") for c, n in start_b.items()
    ]
    classes_height = 0.5 + 0.32 * max(len(rows), 2)
    height = 2.6 + classes_height
    figure = _figure(height)
    figure.subplots_adjust(
        left=0.3, right=0.97, top=1 - 0.35 / height, bottom=0.35 / height, hspace=0.9 / height * 2.6
    )
    chances, survivors = figure.subplots(2, 1, height_ratios=[0.55, classes_height])
    for axes in (chances, survivors):
        _style(axes)

    parts = [
        (t("charts.odds.wins", language, side=name_a), result.a_wins, SIDE_A),
        (t("charts.odds.draw", language), result.draw, DRAW),
        (t("charts.odds.wins", language, side=name_b), result.b_wins, SIDE_B),
    ]
    left = 0.0
    for label, share, colour in parts:
        chances.barh(
            [0], [share], left=left, color=colour, label=f"{label}: {_percent(share, language)}"
        )
        if share >= 0.08:
            chances.text(
                left + share / 2,
                0,
                _percent(share, language),
                ha="center",
                va="center",
                color="white",
                fontsize=10,
                fontweight="bold",
            )
        left += share
    chances.set_xlim(0, 1)
    chances.set_yticks([])
    chances.xaxis.set_major_formatter(lambda x, _pos: _percent(x, language))
    chances.set_title(
        t("charts.odds.chances", language), color=INK, fontsize=11, loc="left", x=TITLE_X
    )
    chances.legend(
        loc="upper center",
        bbox_to_anchor=(0.5, -0.35),
        ncol=3,
        frameon=False,
        fontsize=8.5,
        labelcolor=INK,
    )

    labels = [f"{_short(side)} · {class_name(c).render(language)}" for side, c, *_ in rows]
    positions = list(range(len(rows)))[::-1]
    colours = [SIDE_A if who == "a" else SIDE_B for *_, who in rows]
    survivors.barh(
        positions,
        [n for _, _, n, _, _ in rows],
        color=FAINT,
        height=0.7,
    )
    errors = None
    if result.standard_errors:
        errors = [
            2 * result.standard_errors.get(f"survivors_{who}.{c}", 0.0) for _, c, _, _, who in rows
        ]
    survivors.barh(
        positions,
        [e for _, _, _, e, _ in rows],
        color=colours,
        height=0.45,
        xerr=errors,
        ecolor=INK,
        capsize=3,
    )
    for y, (_, _, n, expected, _) in zip(positions, rows, strict=True):
        survivors.text(
            n, y, f" {_number(expected, language)} / {n}", va="center", color=INK, fontsize=9
        )
    survivors.set_yticks(positions, labels, fontsize=9, color=INK)
    most = max([n for _, _, n, _, _ in rows] or [1])
    survivors.set_xlim(0, most * 1.25)
    survivors.set_title(
        t("charts.odds.survivors", language), color=INK, fontsize=11, loc="left", x=TITLE_X
    )
    return _png(figure)


def odds_with_chart(
    fleet_a: Fleet,
    fleet_b: Fleet,
    settings: FleetCombatSettings,
    name_a: str,
    name_b: str,
    locale: object,
) -> tuple[OddsResult, bytes]:
    """In a worker: `combat_odds` (FC-I17) and its picture, in one call."""
    result = combat_odds(fleet_a, fleet_b, settings)
    return result, odds_chart(result, name_a, name_b, fleet_a, fleet_b, locale)


def band(dice: int, sides: int) -> tuple[float, float, float]:
    """Expected count of each face of a fair d`sides` in `dice` rolls, and the band a fair
    count stays within about 95% of the time (±1.96 binomial standard deviations)."""
    p = 1 / sides
    expected = dice * p
    spread = BAND_Z * math.sqrt(dice * p * (1 - p))
    return expected, max(0.0, expected - spread), expected + spread


def luck_chart(sides: int, players: Sequence[tuple[str, DieSizeStats]], locale: object) -> bytes:
    """`/history stats` for one die size as a PNG: for each player, the count of each face
    against the count a fair die gives, with the band of chance variation around it."""
    from matplotlib.ticker import MaxNLocator

    language = language_of(locale)
    shown = sorted(players, key=lambda p: -p[1].dice)[:MAX_PLAYERS_PER_CHART]
    height = 1.3 + 1.35 * len(shown)
    figure = _figure(height)
    figure.subplots_adjust(
        left=0.07, right=0.98, top=1 - 0.65 / height, bottom=0.75 / height, hspace=0.45
    )
    grid = figure.subplots(len(shown), 1, squeeze=False)
    figure.suptitle(
        t("charts.luck.title", language, sides=sides),
        color=INK,
        fontsize=11,
        x=0.02,
        y=1 - 0.12 / height,
        ha="left",
    )
    faces = list(range(1, sides + 1))
    bar_points = 0.75 * WIDTH_INCHES * 0.91 * 72 / (sides + 1)
    for (name, size), (axes,) in zip(shown, grid, strict=True):
        _style(axes)
        expected, low, high = band(size.dice, sides)
        axes.axhspan(low, high, color=BAND, alpha=0.18, lw=0, label=t("charts.luck.band", language))
        axes.axhline(expected, color=BAND, lw=1.5, label=t("charts.luck.expected", language))
        colours = [SIDE_A if low <= n <= high else OUTSIDE for n in size.face_counts]
        # One line per face (a single collection): a hundred bars of a d100 draw at once.
        axes.vlines(faces, 0, size.face_counts, colors=colours, linewidth=bar_points)
        # A text, not a title: placing titles measures every shared axis's ticks again.
        axes.text(
            0,
            1.06,
            t("charts.luck.player", language, name=name, count=size.dice),
            transform=axes.transAxes,
            color=INK,
            fontsize=9.5,
            va="bottom",
        )
        axes.set_ylim(0, max([*size.face_counts, high]) * 1.15 or 1)
        axes.yaxis.set_major_locator(MaxNLocator(3, integer=True))  # fewer ticks: faster, clearer
        axes.set_xlim(0.4, sides + 0.6)
        axes.set_xticks([])  # the faces are labelled under the last panel only
    last = grid[-1][0]
    step = 1 if sides <= 20 else 10
    last.set_xticks([f for f in faces if f == 1 or f % step == 0])
    last.set_xlabel(t("charts.luck.face", language), color=INK, fontsize=9)
    figure.legend(
        *grid[0][0].get_legend_handles_labels(),
        loc="lower center",
        ncol=2,
        frameon=False,
        fontsize=8.5,
        labelcolor=INK,
    )
    return _png(figure)


def luck_charts(
    players: Sequence[tuple[str, PlayerDiceStats]], locale: object
) -> list[tuple[int, bytes]]:
    """In a worker: one `luck_chart` per die size anyone rolled, smallest die first."""
    by_sides: dict[int, list[tuple[str, DieSizeStats]]] = {}
    for name, stats in players:
        for size in stats.by_sides:
            if size.dice:
                by_sides.setdefault(size.sides, []).append((name, size))
    return [(s, luck_chart(s, by_sides[s], locale)) for s in sorted(by_sides)]
