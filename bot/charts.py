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

import functools
import io
import math
import unicodedata
from collections.abc import Callable
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
# The luck chart's plots start at LUCK_LEFT of the width; a player's label spans the rest.
LUCK_LEFT = 0.07
PLAYER_LABEL_PIXELS = (1 - LUCK_LEFT) * WIDTH_INCHES * DPI - 12
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


# Colours of the PNG's palette: the card, the ink, five plot colours and their anti-aliased
# edges. A palette PNG is about a third of a full-colour one (README "Charts": under 60 KiB,
# every class on both sides included), and reads the same.
PALETTE_COLOURS = 64


def png(figure: Figure) -> bytes:
    """A chart's figure as the palette PNG the bot attaches."""
    from PIL import Image

    # The canvas's own pixels, at the figure's DPI: `savefig` would follow matplotlib's
    # `savefig.dpi` and `savefig.bbox` settings (a `matplotlibrc`), which change the size.
    canvas = figure.canvas
    canvas.draw()
    size = canvas.get_width_height(physical=True)
    pixels = Image.frombuffer("RGBA", size, canvas.buffer_rgba()).convert("RGB")  # type: ignore[attr-defined]
    out = io.BytesIO()
    pixels.quantize(PALETTE_COLOURS, method=Image.Quantize.FASTOCTREE).save(out, format="PNG")
    return out.getvalue()


# The odds chart's plots span LEFT–RIGHT of the figure's width: the class labels fill the left
# part, and the last tick's label ("100.0%") stays inside on the right.
LEFT = 0.3
RIGHT = 0.95
# Its titles start at the picture's left edge, not the plot's (axes coordinates of figure
# x = 0.02), and its legend is centred on the picture (of figure x = 0.5).
TITLE_X = (0.02 - LEFT) / (RIGHT - LEFT)
LEGEND_X = (0.5 - LEFT) / (RIGHT - LEFT)
WIDTH_PIXELS = WIDTH_INCHES * DPI
# The widest a class label may be (left of the plot, less the ticks); the legend's three
# entries share the picture's width less their colour patches and the space between them.
CLASS_LABEL_PIXELS = LEFT * WIDTH_PIXELS - 24
LEGEND_TEXT_PIXELS = WIDTH_PIXELS - 16 - (3 * 2.8 + 2 * 2.0) * 8.5 * DPI / 72


@functools.cache
def _glyphs() -> frozenset[int]:
    """The code points the charts' font (matplotlib's DejaVu Sans) can draw."""
    from matplotlib.font_manager import FontProperties
    from matplotlib.font_manager import findfont
    from matplotlib.font_manager import get_font

    return frozenset(get_font(findfont(FontProperties())).get_charmap())


def _drawable(name: str) -> str:
    """A player's or faction's name with what the font cannot draw left out (an emoji would be
    an empty box), and the joiners and variation selectors that only shape such symbols."""
    kept = "".join(
        c
        for c in name
        if c.isspace()
        or (
            ord(c) in _glyphs()
            and unicodedata.category(c) != "Cf"
            and not 0xFE00 <= ord(c) <= 0xFE0F
        )
    )
    return " ".join(kept.split()) or "?"


def _width(text: str, size: float) -> float:
    """How many pixels `text` takes at font size `size` (points), as drawn: no mathtext."""
    from matplotlib.font_manager import FontProperties
    from matplotlib.textpath import text_to_path

    width, _, _ = text_to_path.get_text_width_height_descent(
        text, FontProperties(size=size), ismath=False
    )
    return float(width) * DPI / 72 * 1.05  # drawn glyphs are hinted a little wider


def _fit(name: str, label: Callable[[str], str], pixels: float, size: float) -> str:
    """`label(name)` with the name shortened (ending in "…") until it fits in `pixels` at font
    size `size`: a long faction or player name stays inside the picture."""
    name = _drawable(name)
    text = label(name)
    cut = len(name)
    while _width(text, size) > pixels and cut > 1:
        cut -= 1
        text = label(name[:cut].rstrip() + "…")
    return text


def _class_label(language: str, ship_class: str, side: str) -> str:
    return f"{side} · {class_name(ship_class).render(language)}"


def _player_label(language: str, dice: int, name: str) -> str:
    return t("charts.luck.player", language, name=name, count=dice)


def _percent(value: float, language: str) -> str:
    return str(format_percent(value, "#,##0.0%", locale=language))


def _number(value: float, language: str) -> str:
    return str(format_decimal(value, "#,##0.#", locale=language))


def odds_figure(
    result: OddsResult,
    name_a: str,
    name_b: str,
    fleet_a: Fleet,
    fleet_b: Fleet,
    locale: object,
) -> Figure:
    """`/combat odds` (FC-I17) as a figure: each side's chance of winning and of a draw, and
    for each class of each side the ships at the start against the expected survivors (with
    two standard errors when the figures are sampled)."""
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
        left=LEFT,
        right=RIGHT,
        top=1 - 0.35 / height,
        bottom=0.35 / height,
        hspace=0.9 / height * 2.6,
    )
    chances, survivors = figure.subplots(2, 1, height_ratios=[0.55, classes_height])
    for axes in (chances, survivors):
        _style(axes)

    def wins(share: float) -> Callable[[str], str]:
        return lambda side: (
            f"{t('charts.odds.wins', language, side=side)}: {_percent(share, language)}"
        )

    draw = f"{t('charts.odds.draw', language)}: {_percent(result.draw, language)}"
    side_pixels = (LEGEND_TEXT_PIXELS - _width(draw, 8.5)) / 2
    parts = [
        (_fit(name_a, wins(result.a_wins), side_pixels, 8.5), result.a_wins, SIDE_A),
        (draw, result.draw, DRAW),
        (_fit(name_b, wins(result.b_wins), side_pixels, 8.5), result.b_wins, SIDE_B),
    ]
    left = 0.0
    for label, share, colour in parts:
        chances.barh([0], [share], left=left, color=colour, label=label)
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
    legend = chances.legend(
        loc="upper center",
        bbox_to_anchor=(LEGEND_X, -0.35),
        ncol=3,
        frameon=False,
        fontsize=8.5,
        labelcolor=INK,
    )
    for text in legend.get_texts():
        text.set_parse_math(False)  # a name's `$…$` is text, not mathematics

    labels = [
        _fit(
            side,
            functools.partial(_class_label, language, c),
            CLASS_LABEL_PIXELS,
            9,
        )
        for side, c, *_ in rows
    ]
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
    survivors.set_yticks(positions, labels, fontsize=9, color=INK, parse_math=False)
    most = max([n for _, _, n, _, _ in rows] or [1])
    survivors.set_xlim(0, most * 1.25)
    survivors.xaxis.set_major_formatter(lambda x, _pos: _number(x, language))
    survivors.set_title(
        t("charts.odds.survivors", language), color=INK, fontsize=11, loc="left", x=TITLE_X
    )
    return figure


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
    return result, png(odds_figure(result, name_a, name_b, fleet_a, fleet_b, locale))


def band(dice: int, sides: int) -> tuple[float, float, float]:
    """Expected count of each face of a fair d`sides` in `dice` rolls, and the band a fair
    count stays within about 95% of the time (±1.96 binomial standard deviations)."""
    p = 1 / sides
    expected = dice * p
    spread = BAND_Z * math.sqrt(dice * p * (1 - p))
    return expected, max(0.0, expected - spread), expected + spread


def luck_figure(sides: int, players: Sequence[tuple[str, DieSizeStats]], locale: object) -> Figure:
    """`/history stats` for one die size as a figure: for each player, the count of each face
    against the count a fair die gives, with the band of chance variation around it."""
    from matplotlib.ticker import MaxNLocator

    language = language_of(locale)
    shown = sorted(players, key=lambda p: -p[1].dice)[:MAX_PLAYERS_PER_CHART]
    height = 1.3 + 1.35 * len(shown)
    figure = _figure(height)
    figure.subplots_adjust(
        left=LUCK_LEFT, right=0.98, top=1 - 0.65 / height, bottom=0.75 / height, hspace=0.45
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
            _fit(
                name,
                functools.partial(_player_label, language, size.dice),
                PLAYER_LABEL_PIXELS,
                9.5,
            ),
            transform=axes.transAxes,
            color=INK,
            fontsize=9.5,
            va="bottom",
            parse_math=False,
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
    return figure


def luck_charts(
    players: Sequence[tuple[str, PlayerDiceStats]], locale: object
) -> list[tuple[int, bytes]]:
    """In a worker: one `luck_figure` PNG per die size anyone rolled, smallest die first."""
    by_sides: dict[int, list[tuple[str, DieSizeStats]]] = {}
    for name, stats in players:
        for size in stats.by_sides:
            if size.dice:
                by_sides.setdefault(size.sides, []).append((name, size))
    return [(s, png(luck_figure(s, by_sides[s], locale))) for s in sorted(by_sides)]
