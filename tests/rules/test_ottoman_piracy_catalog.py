"""Ottoman piracy: translation catalogs and sea-zone data.

Every key the engine can emit exists in English and Russian and renders; plurals show their
count. What every ruleset's catalogs must satisfy (same keys and placeholders, CLDR plural
categories, Cyrillic, a pure engine) is checked in tests/rules/test_ruleset_catalogs.py.
"""

from __future__ import annotations

import json
import re
import typing
from pathlib import Path

import catalog_checks as checks
import pytest
from ottoman_piracy_helpers import declaration
from ottoman_piracy_helpers import in_ottoman_impulse

from bot.dice import Dice
from bot.i18n import Msg
from bot.i18n import t
from bot.paths import data_dir
from bot.rules import ottoman_piracy as op
from bot.rules.ottoman_piracy.models import REWARDS
from bot.rules.ottoman_piracy.models import BaseDiceReason
from bot.rules.ottoman_piracy.models import CardLockKind
from bot.rules.ottoman_piracy.models import DiceSourceKind
from bot.rules.ottoman_piracy.models import ExclusionReason
from bot.rules.ottoman_piracy.models import OttomanPiracySettings
from bot.rules.ottoman_piracy.models import PiracyMarker
from bot.rules.ottoman_piracy.models import SquadronGroup
from bot.rules.ottoman_piracy.names import KNOWN_LEADERS
from bot.rules.ottoman_piracy.names import KNOWN_POWERS
from bot.rules.ottoman_piracy.names import find_sea_zone
from bot.rules.ottoman_piracy.names import sea_zone_choices
from bot.rules.ottoman_piracy.names import sea_zone_key
from bot.rules.ottoman_piracy.names import sea_zones

RULES_DIR = Path(op.__file__).parent
PREFIX = "ottoman_piracy."
EN = checks.catalog("ottoman_piracy", "en")
RU = checks.catalog("ottoman_piracy", "ru")


def keys_the_engine_emits() -> set[str]:
    """Static keys found in the source, plus every member of the dynamic key families."""
    text = checks.source_text(RULES_DIR)
    literal = re.compile(
        r'"((?:line|error|status|turn|waiting|warning|how|reward|base_reason|excluded|source|lock|roll'
        r'|count|place)\.[a-z_.]+)"'
    )
    keys = {PREFIX + k for k in literal.findall(text)}
    keys |= {k for k in re.findall(r'"(ottoman_piracy\.[a-z_.]+)"', text)}
    keys |= {PREFIX + f"count.{noun}" for noun in re.findall(r'counted\(\s*"(\w+)"', text)}
    families: dict[str, tuple[str, ...]] = {
        "excluded": typing.get_args(ExclusionReason),
        "source": typing.get_args(DiceSourceKind),
        "base_reason": typing.get_args(BaseDiceReason),
        "lock": typing.get_args(CardLockKind),
        "how": ("automatic", "forced"),
        "reward": (*REWARDS, "squadron_at"),
        "power": KNOWN_POWERS,
        "leader": KNOWN_LEADERS,
        "zone": tuple(z.key for z in sea_zones()),
        "setting": tuple(OttomanPiracySettings.model_fields),
    }
    for family, members in families.items():
        keys |= {f"{PREFIX}{family}.{m}" for m in members}
    return {k for k in keys if not k.endswith(".")}


def test_every_key_the_engine_emits_is_in_both_catalogs_and_none_is_unused() -> None:
    emitted = keys_the_engine_emits()
    assert sorted(emitted - set(EN)) == []
    assert sorted(set(EN) - emitted - {PREFIX + "title"}) == []


@pytest.mark.parametrize("key", sorted(EN))
def test_a_key_has_the_same_placeholders_in_both_languages_and_renders(key: str) -> None:
    assert checks.placeholders(EN[key]) == checks.placeholders(RU[key])
    params = {name: 2 for name in checks.placeholders(EN[key])}
    for language in ("en", "ru"):
        rendered = t(key, language, **params)
        assert "{" not in rendered
        assert not rendered.startswith(PREFIX)


def test_plurals_show_their_count() -> None:
    for key in checks.assert_plural_categories(EN, RU):
        assert "{count}" in EN[key]["one"]


def test_russian_plurals_agree_with_the_number() -> None:
    key = PREFIX + "count.corsairs"
    rendered = [t(key, "ru", count=n) for n in (1, 2, 5, 11, 21, 22)]
    assert rendered == [
        "1 корсар",
        "2 корсара",
        "5 корсаров",
        "11 корсаров",
        "21 корсар",
        "22 корсара",
    ]
    assert t(PREFIX + "count.dice", "ru", count=3) == "3 кости"
    assert t(PREFIX + "count.dice", "en", count=1) == "1 die"


def test_rule_violation_messages_name_their_clause() -> None:
    """The error's text cites the clause (RuleViolation contract in bot/errors.py)."""
    raised = set(re.findall(r'RuleViolation\(\s*P \+ "([a-z_.]+)"', checks.source_text(RULES_DIR)))
    assert raised
    for key in raised:
        assert "clause" in checks.placeholders(EN[PREFIX + key]), key
        assert "clause" in checks.placeholders(RU[PREFIX + key]), key


def test_a_whole_piracy_renders_in_both_languages_without_raw_keys() -> None:
    """OP-E1 flow, every line rendered: no missing key, no unfilled placeholder."""
    piracy = declaration(
        naval_leaders=["barbarossa"],
        squadrons=[
            SquadronGroup(power="hapsburg", location="adjacent_port", place="Messina"),
            SquadronGroup(power="papacy", location="zone"),
        ],
    )
    dice = Dice.scripted([2, 6, 5, 1, 2])  # 1 die misses; 3 Ottoman dice, 2 hits; d3 -> 2
    state = in_ottoman_impulse(at_war_with_ottomans=["hapsburg"])
    settings = OttomanPiracySettings()
    declared = op.declare_piracy(state, settings, piracy, dice, turn=1)
    chosen = op.choose_reward(declared.state, settings, 1, "card", dice, hand_size=3)
    lines: list[Msg] = [*declared.lines, *chosen.lines]
    lines += [op.option_label(declared.piracy, o) for o in declared.options]
    lines += op.piracy_status(chosen.state, settings, 1).lines
    checks.assert_renders(lines, PREFIX)


def test_sea_zone_data_has_unique_keys_and_both_names() -> None:
    raw = json.loads((data_dir() / "ottoman_piracy" / "sea_zones.json").read_text("utf-8"))
    keys = [z["key"] for z in raw["zones"]]
    assert len(keys) == len(set(keys)) == len(sea_zones())
    for zone in sea_zones():
        assert zone.en and zone.ru
        assert EN[f"{PREFIX}zone.{zone.key}"] == zone.en
        assert RU[f"{PREFIX}zone.{zone.key}"] == zone.ru


def test_sea_zones_are_found_by_english_russian_key_or_alias() -> None:
    for name in ("Ionian Sea", "the ionian sea", "Ионическое море", "ionian_sea", "ionian"):
        zone = find_sea_zone(name)
        assert zone is not None
        assert zone.key == "ionian_sea"
    assert find_sea_zone("Sea of Marmara") is None
    assert sea_zone_key("Sea of  Marmara") == "sea_of_marmara"


def test_sea_zone_autocomplete_matches_in_the_readers_language() -> None:
    # Names starting with the query come before names merely containing it.
    assert sea_zone_choices("ион", "ru") == [
        ("Ионическое море", "ionian_sea"),
        ("Лионский залив", "gulf_of_lyon"),
    ]
    assert sea_zone_choices("coast", "en") == [
        ("Barbary Coast", "barbary_coast"),
        ("North African Coast", "north_african_coast"),
    ]
    assert len(sea_zone_choices("", "en")) == len(sea_zones())


@pytest.mark.parametrize(
    ("language", "hits", "expected"),
    [
        ("en", 1, "@a: the Ottomans hit Genoa 1 time. Choose the reward for the hit."),
        ("en", 3, "@a: the Ottomans hit Genoa 3 times. Choose a reward for each hit."),
        (
            "ru",
            1,
            "@a: Османы нанесли державе «Генуя» 1 удар. Выберите награду за этот удар.",
        ),
        (
            "ru",
            3,
            "@a: Османы нанесли державе «Генуя» 3 удара. За каждый удар выберите награду.",
        ),
        (
            "ru",
            5,
            "@a: Османы нанесли державе «Генуя» 5 ударов. За каждый удар выберите награду.",
        ),
    ],
)
def test_the_choosers_ping_counts_the_hits_to_reward(language, hits, expected):
    """The question's ping says how many hits the chooser rewards: one hit reads as one hit."""
    power = "Genoa" if language == "en" else "Генуя"
    assert t("corsairs.ping.player", language, user="@a", power=power, count=hits) == expected


@pytest.mark.parametrize(
    ("language", "piracies", "expected"),
    [
        ("en", 1, "Aegean Sea (1 piracy)"),
        ("en", 2, "Aegean Sea (2 piracies)"),
        ("ru", 1, "Эгейское море (1 пиратство)"),
        ("ru", 2, "Эгейское море (2 пиратства)"),
        ("ru", 5, "Эгейское море (5 пиратств)"),
        ("ru", 21, "Эгейское море (21 пиратство)"),
    ],
)
def test_a_marked_zone_counts_its_piracies_in_the_readers_words(language, piracies, expected):
    """OP-I3: under "Piracy markers this turn" a zone reads with how many piracies it saw, the
    noun agreeing with the number in Russian (1 пиратство, 2 пиратства, 5 пиратств)."""
    marker = PiracyMarker(sea_zone="Aegean Sea", turn=1, piracy_ids=list(range(1, piracies + 1)))
    (line,) = op.zones_used_lines([marker])
    assert line.render(language) == expected
