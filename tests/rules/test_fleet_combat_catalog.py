"""The fleet combat message catalogs: same keys in both languages, real plural forms, real
Russian, every key the engine uses present, errors that name their clause."""

from __future__ import annotations

import json
import re
from pathlib import Path

import catalog_checks as checks
import pytest

from bot.errors import RuleViolation
from bot.i18n import Msg
from bot.i18n import t
from bot.rules.fleet_combat import FleetCombatSettings
from bot.rules.fleet_combat import FleetCombatState
from bot.rules.fleet_combat import RegisterFleet
from bot.rules.fleet_combat import class_count
from bot.rules.fleet_combat import register_fleet
from bot.rules.fleet_combat.settings import DEFAULT_CLASS_ORDER

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "bot" / "rules" / "fleet_combat"


EN, RU = checks.catalog("fleet_combat", "en"), checks.catalog("fleet_combat", "ru")
placeholders = checks.placeholders


def used_keys():
    """Every literal key in the engine, with the dynamic families expanded."""
    text = checks.source_text(SOURCE)
    keys = set(re.findall(r'"(fleet_combat\.[a-z_.]+[a-z_])"', text))
    keys |= {f"fleet_combat.class.{c}" for c in DEFAULT_CLASS_ORDER}
    keys |= {f"fleet_combat.count.{c}" for c in DEFAULT_CLASS_ORDER}
    keys |= {
        f"fleet_combat.round.held.{r}"
        for r in ("hold_order", "missing_orders", "no_target", "no_attack")
    }
    keys |= {
        f"fleet_combat.battle.ended.{r}"
        for r in (
            "one_side_remains",
            "no_combat_ships_left",
            "all_left",
            "round_cap",
            "closed_by_gm",
        )
    }
    keys |= {f"fleet_combat.odds.method.{m}" for m in ("exact", "monte_carlo", "engine_simulation")}
    keys |= {f"fleet_combat.setting.{name}" for name in FleetCombatSettings.model_fields}
    return keys


def test_both_catalogs_have_the_same_prefixed_keys():
    """Every key is in both languages and carries the ruleset prefix."""
    checks.assert_same_prefixed_keys(EN, RU, "fleet_combat.")


def test_every_key_the_engine_uses_exists():
    """No message the engine emits falls back to its raw key."""
    missing = sorted(used_keys() - set(EN))
    assert missing == []


def test_plural_values_carry_the_cldr_categories_of_each_language():
    """Plurals: English one/other; Russian one/few/many/other."""
    assert checks.assert_plural_categories(EN, RU)


def test_russian_is_russian_and_placeholders_match():
    """Russian texts are written in Cyrillic and use the same placeholders as English."""
    checks.assert_russian_is_russian(EN, RU)


@pytest.mark.parametrize("key", [k for k in EN if k.startswith("fleet_combat.error.")])
def test_rule_errors_name_their_clause(key):
    """A RuleViolation text shows the clause it enforces (NotFound texts need none)."""
    if key in {
        "fleet_combat.error.battle_not_found",
        "fleet_combat.error.fleet_not_found",
        "fleet_combat.error.fleet_not_found_none",
        "fleet_combat.error.ship_not_found",
    }:
        return
    assert "{clause}" in EN[key] and "{clause}" in RU[key]


@pytest.mark.parametrize(
    ("count", "expected"),
    [
        (1, "1 крейсер"),
        (3, "3 крейсера"),
        (5, "5 крейсеров"),
        (21, "21 крейсер"),
        (1.5, "1,5 крейсера"),  # the decimal comma (issue 18)
    ],
)
def test_russian_class_counts_follow_plural_rules(count, expected):
    """CLDR plural choice through Babel, including a fractional expected survivor count."""
    assert class_count("cruiser", count).render("ru") == expected


def test_every_message_renders_with_its_parameters():
    """Each catalog entry formats in both languages with sample values and no leftovers."""
    for key, value in EN.items():
        params = {name: 2 for name in placeholders(value) | placeholders(RU[key])}
        for locale in ("en", "ru"):
            text = Msg(key, **params).render(locale)
            assert "{" not in text, (key, locale)
    assert t("fleet_combat.round.retreated", "ru", faction="A", count=2).endswith(
        "2 точки в любом направлении (/бой флот переместить, FC-6.3)."
    )


def russian_fleet_texts():
    """Every Russian text of fleet combat: the engine's, the cog's and the command names."""
    texts = []
    for domain in ("fleet_combat", "combat", "commands_fleet_combat"):
        path = ROOT / "data" / "locales" / "ru" / f"{domain}.json"
        for key, value in json.loads(path.read_text("utf-8")).items():
            texts += [(key, v) for v in (value.values() if isinstance(value, dict) else [value])]
    return texts


FACTION_PARAMS = ("faction", "attacker", "target", "holders")


def test_a_faction_that_acts_is_named_as_a_faction_in_russian():
    """Issue 18: a player's name ("Османы", "Red") cannot agree with a Russian verb or follow
    a preposition, so a faction that acts or owns is «фракция «X»» ("Фракция «Османы»
    нападает", "Флот фракции «Red»"), never "Османы нападает" or "флот игрока Red"."""
    acting = re.compile(r"(?<!«)\{(?:" + "|".join(FACTION_PARAMS) + r")\}(?!») [а-яё]")
    player = re.compile(r"игрок[а-я]* \{")
    wrong = [(k, v) for k, v in russian_fleet_texts() if acting.search(v) or player.search(v)]
    assert wrong == []


def test_russian_counts_put_the_number_before_its_noun():
    """ "→ 2 удачных выстрела", not "→ удачных выстрелов 2": a counted noun comes from a plural
    message after its number (issue 18); and fire orders are "приказы на стрельбу"."""
    counted = re.compile(r"\b(выстрелов|ран|кубиков|раундов|боёв|кораблей|точек) \{")
    assert [(k, v) for k, v in russian_fleet_texts() if counted.search(v)] == []
    assert [(k, v) for k, v in russian_fleet_texts() if "приказ огня" in v.lower()] == []
    assert [(k, v) for k, v in russian_fleet_texts() if "приказы огня" in v.lower()] == []
    volley = Msg(
        "fleet_combat.round.volley",
        shooter="Red",
        ships=class_count("cruiser", 2),
        target="Blue",
        target_class=Msg("fleet_combat.class.destroyer"),
        faces="5, 6, 1, 2",
        hits=Msg("fleet_combat.hits", count=2),
        defence=Msg("fleet_combat.round.defence.roll", faces="3, 4"),
        wounds=Msg("fleet_combat.wounds", count=5),
    )
    assert volley.render("ru") == (
        "Red: 2 крейсера → Blue, цель — эсминцы: атака 5, 6, 1, 2 → 2 удачных выстрела; "
        "защита 3, 4 → 5 ран"
    )


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_battle_log_pages_like_the_history_list(language):
    """One pager convention (issue 18): newer to the left, older to the right."""
    assert t("combat.log.newer", language) == t("history.newer", language)
    assert t("combat.log.older", language) == t("history.older", language)


def test_a_line_that_names_a_shooter_opens_with_it_in_every_language():
    """A pirate battle names the shooter with a capital because every round line that has
    one opens with it (fleet combat's lines and Space pirates' own), in both languages."""
    texts = [
        (key, language, text)
        for ruleset in ("fleet_combat", "space_pirates")
        for language in ("en", "ru")
        for key, value in checks.catalog(ruleset, language).items()
        for text in (value.values() if isinstance(value, dict) else [value])
        if "{shooter}" in text
    ]
    assert texts
    assert [(k, lang) for k, lang, text in texts if not text.startswith("{shooter}")] == []


@pytest.mark.parametrize(
    ("locale", "opening"),
    [("ru", "Корабли «крейсеры»: жетонов ран (2)"), ("en", "Among the cruisers, a ship with 2")],
)
def test_a_refused_wound_count_starts_with_a_capital(locale, opening):
    """FC-3.1: the refusal of a wound count that reaches a ship's life opens with a capital,
    not with the class name in lower case."""
    state = FleetCombatState()
    command = RegisterFleet(
        faction="A", point="Vega", ships={"cruiser": 1}, wounds={"cruiser": [2]}
    )
    with pytest.raises(RuleViolation) as refused:
        register_fleet(state, FleetCombatSettings(), command)

    assert refused.value.message(locale).startswith(opening)
