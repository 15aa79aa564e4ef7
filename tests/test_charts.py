"""The pictures of `/combat odds` and `/history stats` (bot/charts.py): small PNGs of a phone's
width, one per die size, in the reader's language; the luck band's claim checked exactly."""

from __future__ import annotations

import math
import re
import struct
import subprocess
import sys
from fractions import Fraction

import pytest

from bot.charts import MAX_PLAYERS_PER_CHART
from bot.charts import band
from bot.charts import luck_charts
from bot.charts import luck_figure
from bot.charts import odds_figure
from bot.charts import odds_with_chart
from bot.charts import png
from bot.dice_stats import FaceSample
from bot.dice_stats import player_stats
from bot.rules.fleet_combat import FleetCombatSettings
from bot.rules.fleet_combat import combat_odds
from bot.rules.fleet_combat import fleet_from_counts
from bot.rules.fleet_combat.settings import DEFAULT_CLASS_ORDER

PNG = b"\x89PNG\r\n\x1a\n"
# Discord's attachment limit is 10 MiB (25 MiB with boosts); a chart stays far below.
SMALL = 150_000


def size_of(picture: bytes) -> tuple[int, int]:
    assert picture.startswith(PNG)
    width, height = struct.unpack(">II", picture[16:24])
    return width, height


# What the bot's start imports: its entry point, the bot, and every cog `setup_hook` loads.
START = """
import importlib, sys
import bot.__main__
from bot import app, rulesets
for module in (*app.CORE_COGS, *(rulesets.cog_of(s.key) for s in rulesets.available())):
    importlib.import_module(module)
print("start:", "matplotlib" in sys.modules)
from bot.chart_samples import sample_players
from bot.charts import luck_charts
luck_charts(sample_players(6), "en")
print("first chart:", "matplotlib" in sys.modules)
"""


def fleets():
    return fleet_from_counts("A", {"destroyer": 3, "cruiser": 1}), fleet_from_counts(
        "B", {"cruiser": 2}
    )


def test_the_odds_chart_is_a_small_png_of_a_phones_width_in_the_readers_language():
    """FC-I17's odds as a picture: one PNG about 700 px wide, well under Discord's limit; the
    Russian reader's picture has other words than the English one's."""
    a, b = fleets()
    result, english = odds_with_chart(a, b, FleetCombatSettings(), "Fleet A", "Fleet B", "en")
    russian = png(odds_figure(result, "Флот A", "Флот B", a, b, "ru"))
    width, height = size_of(english)
    assert 600 <= width <= 800 and height < width
    assert len(english) < SMALL and len(russian) < SMALL
    assert english != russian


def test_the_bots_start_leaves_matplotlib_to_the_first_picture():
    """Only the pictures need matplotlib (about a second and 30 MB): the bot starts, every cog
    loaded, without it, and the first chart loads it."""
    done = subprocess.run(
        [sys.executable, "-c", START], capture_output=True, text=True, check=True, timeout=120
    )
    assert done.stdout.split("\n")[:2] == ["start: False", "first chart: True"]


def test_a_sampled_result_draws_error_bars_without_failing():
    """A Monte Carlo result carries standard errors: the chart draws them (±2 SE)."""
    from bot.rules.fleet_combat import combat_odds

    a, b = fleets()
    result = combat_odds(a, b, FleetCombatSettings(), method="monte_carlo", battles=2000)
    assert result.standard_errors
    assert size_of(png(odds_figure(result, "A", "B", a, b, "en")))[0] > 0


def test_one_luck_chart_per_die_size_smallest_first():
    """Each die size anyone rolled gets its own chart; a size nobody rolled gets none."""
    one = player_stats([FaceSample(6, [1, 2, 3]), FaceSample(20, [20])])
    two = player_stats([FaceSample(6, [6, 6]), FaceSample(100, [42])])
    charts = luck_charts([("Anna", one), ("Борис", two)], "ru")
    assert [sides for sides, _ in charts] == [6, 20, 100]
    assert all(len(picture) < SMALL and size_of(picture)[0] > 600 for _, picture in charts)


def test_a_luck_chart_draws_at_most_its_player_limit():
    """Many players: the chart keeps the ones with the most dice (the text lists all), so its
    height stops growing."""
    players = [(f"P{i}", player_stats([FaceSample(6, [1 + i % 6] * (i + 1))])) for i in range(12)]
    (_, many), (_, few) = (
        luck_charts(players, "en")[0],
        luck_charts(players[:MAX_PLAYERS_PER_CHART], "en")[0],
    )
    assert size_of(many)[1] == size_of(few)[1]


def binomial_within(dice: int, sides: int, low: float, high: float) -> Fraction:
    p = Fraction(1, sides)
    return sum(
        (
            math.comb(dice, k) * p**k * (1 - p) ** (dice - k)
            for k in range(math.ceil(low), math.floor(high) + 1)
        ),
        Fraction(0),
    )


def test_the_band_holds_a_fair_dies_count_about_95_percent_of_the_time():
    """The band is 'chance variation': for a fair die the count of a face falls inside it with
    probability close to 95% (exact binomial sum), for small and large samples."""
    for dice, sides in ((60, 6), (600, 6), (400, 20), (1000, 100)):
        expected, low, high = band(dice, sides)
        assert expected == dice / sides
        inside = binomial_within(dice, sides, low, high)
        assert Fraction(92, 100) <= inside <= Fraction(975, 1000), (dice, sides, float(inside))


def drawn_texts(figure):
    """Every non-empty text a chart draws (ticks included, those outside the axes' view not),
    with its extent in pixels."""
    renderer = figure.canvas.get_renderer()
    drawn = []
    draw_text = renderer.draw_text

    def spy(gc, x, y, s, prop, angle, ismath=False, mtext=None):
        drawn.append(mtext)
        return draw_text(gc, x, y, s, prop, angle, ismath=ismath, mtext=mtext)

    renderer.draw_text = spy
    figure.draw(renderer)
    del renderer.draw_text
    return [
        (text.get_text(), text.get_window_extent(renderer))
        for text in drawn
        if text is not None and text.get_text()
    ]


HOSTILE = (
    "**Bold** @everyone ёжик 🏴‍☠️ Very Long Faction Name That Goes On And On",
    "Венецианская республика святого Марка",
)


def test_a_name_with_dollar_signs_is_drawn_as_typed_not_as_mathematics():
    """A faction or player named with `$…$` (matplotlib's mathtext) neither breaks the picture
    nor loses its dollar signs: `/combat odds` and `/history stats` still answer with it."""
    a, b = fleets()
    result, _ = odds_with_chart(a, b, FleetCombatSettings(), "A", "B", "en")
    odds = odds_figure(result, "$\\frac{$ Corsairs", "Cost $5 and $10", a, b, "en")
    texts = [text for text, _ in drawn_texts(odds)]
    assert any("$\\frac{$ Corsairs" in text for text in texts)
    assert any("Cost $5 and $10" in text for text in texts)
    stats = player_stats([FaceSample(6, [1, 2, 3, 4, 5, 6])])
    ((_, picture),) = luck_charts([("$\\frac{$ x", stats), ("$a$ and $b$", stats)], "en")
    assert picture.startswith(PNG)


@pytest.mark.parametrize("language", ["en", "ru"])
def test_long_names_stay_inside_the_picture(language):
    """Long faction and player names, in either language, are shortened to fit: no legend or
    label runs past the card's edges (README "Charts": about 700 px, legible on a phone)."""
    every = {c: 1 for c in ("destroyer", "cruiser", "carrier", "war_sun", "colonizer")}
    a = fleet_from_counts(HOSTILE[0], every)
    b = fleet_from_counts(HOSTILE[1], every)
    result, _ = odds_with_chart(a, b, FleetCombatSettings(), *HOSTILE, language)
    stats = player_stats([FaceSample(6, [1, 2, 3, 4, 5, 6] * 30)])
    for figure in (
        odds_figure(result, *HOSTILE, a, b, language),
        luck_figure(
            6, [(HOSTILE[0], stats.by_sides[0]), (HOSTILE[1], stats.by_sides[0])], language
        ),
    ):
        width = figure.bbox.width
        outside = [text for text, box in drawn_texts(figure) if box.x0 < 0 or box.x1 > width]
        assert outside == []


def test_characters_the_font_cannot_draw_are_left_out_not_drawn_as_boxes():
    """An emoji in a name has no glyph in the charts' font: the name is drawn without it."""
    a, b = fleets()
    result, _ = odds_with_chart(a, b, FleetCombatSettings(), "A", "B", "en")
    texts = [text for text, _ in drawn_texts(odds_figure(result, "🏴‍☠️ Corsairs", "B", a, b, "en"))]
    assert any("Corsairs" in text for text in texts)
    assert not any("🏴" in text or "\u200d" in text for text in texts)


def test_the_russian_odds_chart_writes_its_numbers_the_russian_way():
    """Every number on a Russian chart has a decimal comma (the survivors' axis included), and
    the legend says a side's win as the embed does ("Флот А — победа"), with one colon."""
    a, b = fleets()
    result, _ = odds_with_chart(a, b, FleetCombatSettings(), "Флот А", "Флот Б", "ru")
    texts = [text for text, _ in drawn_texts(odds_figure(result, "Флот А", "Флот Б", a, b, "ru"))]
    assert not any(re.search(r"\d\.\d", text) for text in texts)
    assert any(text.startswith("Флот А — победа: ") for text in texts)
    assert not any(text.count(":") > 1 for text in texts)


def test_a_chart_of_every_class_on_both_sides_stays_under_60_kib():
    """README "Charts": under 60 KiB, also for the tallest odds chart (every class on both
    sides) and the tallest luck chart (its six players)."""
    every = {c: 2 for c in DEFAULT_CLASS_ORDER}
    a, b = fleet_from_counts("North", every), fleet_from_counts("South", dict(every))
    result = combat_odds(a, b, FleetCombatSettings(), method="monte_carlo", battles=2000)
    players = [
        (f"Player {i}", player_stats([FaceSample(20, [1 + (i * k) % 20 for k in range(400)])]))
        for i in range(MAX_PLAYERS_PER_CHART)
    ]
    ((_, luck),) = luck_charts(players, "ru")
    for picture in (png(odds_figure(result, "North", "South", a, b, "ru")), luck):
        assert len(picture) < 60 * 1024


@pytest.mark.parametrize("setting", [{"savefig.dpi": 150}, {"savefig.bbox": "tight"}])
def test_matplotlibs_saving_settings_leave_the_chart_as_drawn(setting, monkeypatch):
    """A `matplotlibrc` of other saving settings (a DPI, a tight box) changes no chart: the
    same picture of the same size as with matplotlib's defaults, not a smeared one."""
    import matplotlib

    a, b = fleets()
    result = combat_odds(a, b, FleetCombatSettings())
    plain = png(odds_figure(result, "A", "B", a, b, "en"))
    for name, value in setting.items():
        monkeypatch.setitem(matplotlib.rcParams, name, value)  # restored after the test
    assert png(odds_figure(result, "A", "B", a, b, "en")) == plain
