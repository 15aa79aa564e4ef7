"""The space pirates catalogs: same keys in both languages, real plural forms, Russian in
Cyrillic, every key the engine emits present, and every message the engine emits in the
example scenarios renders in both languages with the parameters it passes."""

from __future__ import annotations

import json
import re
import string
from pathlib import Path
from typing import get_args

import catalog_checks as checks
import pytest
from space_pirates_helpers import COMBAT
from space_pirates_helpers import DEFAULTS
from space_pirates_helpers import answer
from space_pirates_helpers import empty
from space_pirates_helpers import order_attack
from space_pirates_helpers import planet
from space_pirates_helpers import raid
from space_pirates_helpers import resolve
from space_pirates_helpers import route
from space_pirates_helpers import scripted
from space_pirates_helpers import settings
from space_pirates_helpers import with_history

from bot.dice import Dice
from bot.errors import GameError
from bot.i18n import Msg
from bot.i18n import MsgList
from bot.i18n import msg_from_json
from bot.rules.fleet_combat.messages import JoinedMsg
from bot.rules.fleet_combat.messages import class_count
from bot.rules.fleet_combat.messages import class_name
from bot.rules.fleet_combat.models import BattleResult
from bot.rules.fleet_combat.models import RoundReport
from bot.rules.space_pirates.base import BASE_FLEET
from bot.rules.space_pirates.base import apply_locate
from bot.rules.space_pirates.base import quote_base_attack
from bot.rules.space_pirates.battle import PIRATES
from bot.rules.space_pirates.battle import BattleLoss
from bot.rules.space_pirates.battle import BattleSummary
from bot.rules.space_pirates.battle import together
from bot.rules.space_pirates.battle_report import battle_round_lines
from bot.rules.space_pirates.battle_report import over_msg
from bot.rules.space_pirates.battle_report import side_msg
from bot.rules.space_pirates.bribe import BribeOrder
from bot.rules.space_pirates.bribe import answer_bribe_offer
from bot.rules.space_pirates.bribe import apply_bribe
from bot.rules.space_pirates.bribe import withdraw_bribe
from bot.rules.space_pirates.mercenaries import HireOrder
from bot.rules.space_pirates.mercenaries import apply_hire
from bot.rules.space_pirates.mercenaries import quote_hire
from bot.rules.space_pirates.messages import CancelReason
from bot.rules.space_pirates.messages import bribe_cancelled_msg
from bot.rules.space_pirates.messages import lost_elsewhere_lines
from bot.rules.space_pirates.messages import offer_lines
from bot.rules.space_pirates.messages import player_summary_line
from bot.rules.space_pirates.messages import plunder_lines
from bot.rules.space_pirates.messages import report_lines
from bot.rules.space_pirates.messages import side_first
from bot.rules.space_pirates.models import MercenaryContract
from bot.rules.space_pirates.models import PrivateerGroup
from bot.rules.space_pirates.models import UpkeepDue
from bot.rules.space_pirates.privateers import PrivateerOrder
from bot.rules.space_pirates.privateers import apply_privateers
from bot.rules.space_pirates.privateers import apply_recall
from bot.rules.space_pirates.registry import register_route
from bot.rules.space_pirates.registry import remove_route
from bot.rules.space_pirates.registry import set_contacts
from bot.rules.space_pirates.registry import set_privateer_tech
from bot.rules.space_pirates.reports import Journal
from bot.rules.space_pirates.reports import PlunderReport
from bot.rules.space_pirates.reports import RaidReport
from bot.rules.space_pirates.reports import ReportOutcome
from bot.rules.space_pirates.reports import ShipsLostElsewhere
from bot.rules.space_pirates.spec import awaited
from bot.rules.space_pirates.spec import settled_at_end
from bot.rules.space_pirates.status import naming
from bot.rules.space_pirates.status import status
from bot.rules.space_pirates.turn import answer_buy_off
from bot.rules.space_pirates.turn import answer_plunder
from bot.rules.space_pirates.turn import answer_upkeep
from bot.rules.space_pirates.turn import force_choice
from bot.rules.space_pirates.turn import ping_lines
from bot.rules.space_pirates.turn import waiting_for

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "bot" / "rules" / "space_pirates"


def catalog(language, name="space_pirates"):
    path = ROOT / "data" / "locales" / language / f"{name}.json"
    return json.loads(path.read_text("utf-8"))


EN, RU = catalog("en"), catalog("ru")
# "failed" is only a planet raid's, told as report.outcome.planet_failed (below).
# "failed" is a planet raid's (report.outcome.planet_failed); a wait is told by the buy-off
# line or the later question's prompt, never as an outcome line.
OUTCOMES = [o for o in get_args(ReportOutcome) if o not in ("failed", "waiting")]


def used_keys():
    """Every literal key in the engine, with the dynamic families expanded."""
    text = "\n".join(p.read_text("utf-8") for p in SOURCE.glob("*.py"))
    keys = set(re.findall(r'"(space_pirates\.[a-z_.]+[a-z_])"', text))
    keys |= {"space_pirates." + k for k in re.findall(r'f"\{P\}([a-z_.]+[a-z_])"', text)}
    keys |= {f"space_pirates.count.{t}" for t in ("battleship", "cruiser", "raider")}
    keys |= {f"space_pirates.kind.{k}" for k in ("route", "planet")}
    keys |= {f"space_pirates.station.{k}" for k in ("reserve", "route", "planet")}
    keys |= {f"space_pirates.report.outcome.{o}" for o in OUTCOMES}
    keys |= {f"space_pirates.report.outcome.planet_{o}" for o in ("successful", "failed")}
    keys |= {f"space_pirates.event.{o}" for o in ("skipped_peace", "skipped_immunity", "no_routes")}
    keys |= {
        f"space_pirates.report.battle.{r}"
        for r in ("defender_victory", "pirate_victory", "stalemate")
    }
    keys |= {f"space_pirates.report.buy_off.{a}" for a in ("waiting", "accepted", "declined")}
    keys |= {f"space_pirates.report.plunder.{b}" for b in ("avoid", "ground_combat", "no_troops")}
    keys |= {
        f"space_pirates.field.{f}"
        for f in [
            "goods",
            "passengers",
            "tourism",
            "share",
            "wounds",
            "cost",
            "income",
            "population",
            "troops",
            "buildings",
            "value",
        ]
    }
    return keys


def placeholders(value):
    texts = value.values() if isinstance(value, dict) else [value]
    return {name for text in texts for _, name, _, _ in string.Formatter().parse(text) if name}


def test_both_catalogs_have_the_same_prefixed_keys():
    """Every key is in both languages and carries the ruleset prefix."""
    assert set(EN) == set(RU)
    assert all(key.startswith("space_pirates.") for key in EN)


def test_every_key_the_engine_uses_exists():
    """No message the engine emits falls back to its raw key (its settings' refusals are
    in the settings catalog, with the settings' descriptions)."""
    assert sorted(used_keys() - set(EN) - set(catalog("en", "space_pirates_settings"))) == []


def test_plural_values_carry_the_cldr_categories_of_each_language():
    """Plurals: English one/other; Russian one/few/many/other."""
    assert checks.assert_plural_categories(EN, RU)


def test_russian_is_russian_and_placeholders_match():
    """Russian texts are in Cyrillic and use the same placeholders as English."""
    for key, value in RU.items():
        texts = value.values() if isinstance(value, dict) else [value]
        stripped = [re.sub(r"\{[^}]*\}|[\W\d_]", "", text) for text in texts]
        if any(stripped):
            assert all(re.search("[а-яё]", s.lower()) for s in stripped if s), key
        assert placeholders(value) == placeholders(EN[key]), key


NOT_FOUND = {
    "bribe_not_found",
    "choice_not_found",
    "not_your_choice",
    "contract_not_found",
    "contract_not_yours",
    "offer_not_found",
    "offer_price_typed",  # a price typed for the number: points to the offer
    "number",  # one of the numbers a not-found refusal points to
    "numbers_none",
    "not_your_contract",
    "route_not_found",
    "planet_not_found",
    "ship_not_found",
    "group_not_found",
    "not_your_group",
    "route_name_taken",  # a name already taken: a conflict, no rule
    "route_name_other",
    "planet_name_taken",
    "route_look_alike",  # a name like one already taken: a conflict, no rule
    "route_look_alike_other",
    "planet_look_alike",
    "pool_too_small",  # what a refused hire can still do: part of a refusal, not one
    "pool_smaller_contract",
}


@pytest.mark.parametrize("key", [k for k in EN if k.startswith("space_pirates.error.")])
def test_rule_errors_name_their_clause(key):
    """A RuleViolation text shows the clause it enforces (NotFound/NotAllowed, and a name
    already taken, need none)."""
    if key.rsplit(".", 1)[1] in NOT_FOUND:
        return
    forms = [
        f
        for text in (EN[key], RU[key])
        for f in (text.values() if isinstance(text, dict) else [text])
    ]
    assert all("{clause}" in form for form in forms)


def flatten(messages):
    """Each message and every message nested in its parameters."""
    for msg in messages:
        yield msg
        if isinstance(msg, MsgList):  # JoinedMsg is one too
            yield from flatten(i for i in msg.items if isinstance(i, Msg))
        else:
            yield from flatten(v for v in msg.params.values() if isinstance(v, Msg))


def waits(state, current, turn):
    """What `/turn status` shows of a paused resolution: the ruleset's lines, and what each
    awaited player owes (SP-I45)."""
    return [*waiting_for(state, current, turn), *(a.owes for a in awaited(state, current, turn))]


def emitted_messages():
    """Messages from scenarios covering every outcome kind the engine narrates."""
    out = []

    def take(result):
        out.extend(result.lines)
        out.extend(m for told in getattr(result, "affected_lines", {}).values() for m in told)
        for record in result.archive:
            body = record.body
            if hasattr(body, "faction") and hasattr(body, "seq"):
                out.extend(report_lines(body))

    # SP-E1 declined; SP-E2 accepted; a defended win; a planet raid; failed planet raid.
    state, _ = route(empty(), "R1", 450)
    state, _ = route(state, "R2", 80)
    first = resolve(state, 4, scripted(1, 1, 3, 5, 6, 2)[0])
    take(first)
    take(answer(first.state, False, scripted()[0]))
    state, _ = route(empty(), "Dust", 80)  # SP-I6: no strength dice, the smallest fleet
    dust = resolve(state, 2, scripted(1)[0])
    take(answer(dust.state, False, scripted()[0]))
    asked = dust.state.waiting[0].choice_id  # a GM pays for Aurora (SP-I45)
    take(answer_buy_off(dust.state, DEFAULTS, asked, "Aurora", True, scripted()[0], by_gm=True))
    state, _ = route(empty(), "Rich", 2350)
    rich = resolve(state, 3, scripted(1, 4, 6)[0])
    take(force_choice(rich.state, DEFAULTS, rich.state.waiting[0].choice_id, scripted()[0]))
    take(resolve(rich.state, 4, scripted(20)[0]))  # turn 3's offer left open: both told
    state, _ = route(empty(), "Line", 160, ships=[("cruiser", "guard"), ("cruiser", "guard")])
    state.player("Aurora").streak = 4
    held = resolve(state, 8, scripted(3, 3)[0])
    won = answer(held.state, False, scripted(5, 2, 6, 6, 6, 1, 4, 5, 3, 2)[0])
    take(won)
    take(resolve(won.state, 9, scripted()[0]))
    state, _ = planet(empty(), "Alpha", 900, troops=4, buildings=3, cover_buildings=True)
    state, _ = planet(state, "Beta", 500, population=1000)
    state.player("Aurora").streak = 11
    with_history(state, "Aurora", [200, 150, 100])
    raid = resolve(state, 9, scripted(2)[0])
    take(raid)
    take(answer(raid.state, False, scripted(5, 6, 1, 2, 4, 2, 3, 2, 4, 6, 6, 1, 5, 2, 4)[0]))
    state, _ = planet(empty(), "Beta", 500, population=1000)
    state, _ = planet(state, "Gamma", 400, troops=2)
    state.player("Aurora").streak = 11
    with_history(state, "Aurora", [200])
    raid = resolve(state, 9, scripted(1)[0])
    take(answer(raid.state, False, scripted()[0]))
    state, _ = planet(empty(), "Gamma", 400, troops=2)
    state.player("Aurora").streak = 11
    with_history(state, "Aurora", [200])
    raid = resolve(state, 9, scripted(1)[0])
    take(answer(raid.state, False, scripted()[0]))
    # SP-I17, SP-I24: an income-0 planet yields nothing, the penalty 0 leaves it as it was.
    no_penalty = settings(planet_raid_fail_penalty_points=0)
    state, _ = planet(empty(), "Rock", 0, population=100)
    state.player("Aurora").streak = 10
    with_history(state, "Aurora", [150])
    raid = resolve(state, 5, scripted(1)[0], no_penalty)
    take(answer(raid.state, False, scripted()[0], settings=no_penalty))
    state, _ = planet(empty(), "Delta", 700, orbital=["cruiser"])
    state.player("Aurora").streak = 12
    with_history(state, "Aurora", [100])
    raid = resolve(state, 10, scripted(1)[0])
    take(answer(raid.state, False, scripted(6, 5, 3, 1, 2, 5, 6, 5, 1, 4, 3)[0]))
    # The bot's limits (SP-I6, SP-I8, SP-I23): a route beyond one roll of strength dice and
    # a fleet beyond 10,000 ships; a ground attack beyond one roll a side.
    state, _ = route(empty(), "Gold", 10**9)
    gold = resolve(state, 2, scripted(1, *[3] * 1000)[0])
    take(answer(gold.state, False, scripted()[0]))
    state, _ = planet(empty(), "Omega", 400, troops=3000, cover_buildings=True)
    state.player("Aurora").streak = 11
    with_history(state, "Aurora", [10**6])
    raid = resolve(state, 9, scripted(1)[0])
    take(answer(raid.state, False, Dice.seeded(1)))
    # the quotes of a hire and a base assault with a fleet beyond 10,000 ships (SP-I8)
    state, _ = route(empty(), "Vast", 300)
    state.player("Aurora").streak = 4
    state.player("Aurora").base_known = True
    with_history(state, "Aurora", [21_000_000], turn=9)
    out.extend(quote_hire(state, DEFAULTS, HireOrder("Aurora", 10, 2_100_600)).limit_lines())
    out.extend(quote_base_attack(state, DEFAULTS, "Aurora", 10).limit_lines())
    # operations and status
    state, r = route(empty(), "Line", 450, ships=[("cruiser", "guard")])
    state, _ = register_route(state, COMBAT, name="Far", goods=300, owners=[("Boreas", 100)])
    state = set_contacts(state, "Aurora", ["Boreas"])
    state = set_privateer_tech(state, "Aurora", True)
    state.player("Aurora").streak = 2
    with_history(state, "Aurora", [600], turn=4)
    state, _ = apply_locate(state, DEFAULTS, "Aurora", 5, "the third moon")
    state, _, _ = apply_hire(
        state, DEFAULTS, HireOrder("Aurora", 5, 150, station="route", target=r.id)
    )
    state, _ = apply_bribe(
        state, DEFAULTS, COMBAT, BribeOrder("Aurora", "Boreas", "route", 5), scripted(2, 3, 4)[0]
    )
    ship = state.route(r.id).ships[0].id
    state, group = apply_privateers(
        state, DEFAULTS, COMBAT, PrivateerOrder("Aurora", "Boreas", 5, [ship])
    )
    state, _ = order_attack(state, DEFAULTS, "Aurora", 5, ["dreadnought"])
    out.extend(status(state, DEFAULTS, "Aurora", 5).lines)
    state, _, _ = apply_recall(state, DEFAULTS, "Aurora", group.id, 5, scripted(1)[0])
    out.extend(status(state, DEFAULTS, "Aurora", 5).lines)
    turn = resolve(state, 5, Dice.seeded(3))
    take(turn)
    # the recalled group back at turn 6, its ship in the reserve (SP-10.8, SP-I37)
    back = resolve(turn.state, 6, Dice.seeded(3))
    take(back)
    out.extend(status(back.state, DEFAULTS, "Aurora", 6).lines)
    out.extend(more_messages())
    out.extend(battle_page_messages())
    out.extend(buy_off_question_messages())
    out.extend(bribe_end_messages())
    out.extend(bribe_cancellation_messages())
    out.extend(route_income_already_lost_messages())
    out.extend(co_owner_messages())
    return out


def co_owner_messages():
    """SP-I43: a co-owner's ships and contract lost in another owner's raid, as the summary,
    the co-owner's report (each way a battle ends, or none) and status tell them; the
    questions a player's status lists (SP-I45)."""
    battle = BattleSummary(
        participants=["Aurora", "mercenaries #9", PIRATES],
        rounds=2,
        result="pirate_victory",
        losses=[BattleLoss(participant="mercenaries #9", owner="Boreas", lost={"destroyer": 2})],
    )
    raided = RaidReport(
        faction="Aurora",
        turn=2,
        seq=1,
        kind="route",
        target=1,
        target_name="Shared",
        outcome="successful",
        income_lost=60,
        streak_after=1,
        battle=battle,
        ships_lost={"Boreas": {"cruiser": 1}, "mercenaries #9": {"raider": 2}},
    )
    out = [player_summary_line("Aurora", [raided], waiting=False)]
    lost = ShipsLostElsewhere.of(raided, "Boreas")
    for result in ("pirate_victory", "defender_victory", "stalemate"):
        fought = battle.model_copy(update={"result": result})
        out += lost_elsewhere_lines(lost.model_copy(update={"battle": fought}))
    out += lost_elsewhere_lines(lost.model_copy(update={"battle": None}))
    out += [m for told in ping_lines(Journal(reports=[raided])).values() for m in told]
    state, _ = route(empty(), "Open", 160)
    paused = resolve(state, 2, scripted(1, 3)[0])
    waiting = paused.state
    waiting.upkeep_due.append(
        UpkeepDue(choice_id=99, contract=9, owner="Aurora", turn=2, amount=20)
    )
    out += status(
        waiting, DEFAULTS, "Aurora", 3, None, [lost.model_copy(update={"owner": "Aurora"})]
    ).lines
    return out


def bribe_cancellation_messages():
    """What the GM reads of a bribe cancelled when it came up (SP-I33): who paid, a sealed
    bribe's payer before it is named, and each reason."""
    state, line = route(empty(), "Line", 160)
    state = set_contacts(state, "Boreas", ["Aurora"])
    order = BribeOrder("Boreas", "Aurora", "route", 5)
    state, bribe = apply_bribe(state, DEFAULTS, COMBAT, order, scripted(3)[0])
    sealed = bribe.model_copy(update={"briber": "", "sealed": "ab" * 32})
    reasons = get_args(CancelReason)
    return [
        *(bribe_cancelled_msg(state, bribe, 0, reason) for reason in reasons),
        bribe_cancelled_msg(remove_route(state, line.id), sealed, bribe.cost, "route_gone"),
    ]


def route_income_already_lost_messages():
    """A second successful raid on a route whose income was already lost this turn: no more
    income lost, and it says why (SP-I13)."""
    state, _ = route(empty(), "Line", 160)
    state = set_contacts(state, "Boreas", ["Aurora"])
    order = BribeOrder("Boreas", "Aurora", "route", 5)
    state, _ = apply_bribe(state, DEFAULTS, COMBAT, order, scripted(3)[0])
    state, _ = apply_bribe(state, DEFAULTS, COMBAT, order, scripted(4)[0])
    _, reports = raid(state, 5, [20])
    again = [r for r in reports if r.income_already_lost]
    assert len(again) == 1
    return [
        *(line for r in reports for line in report_lines(r)),
        player_summary_line("Aurora", reports, waiting=False),
    ]


def bribe_end_messages():
    """How a briber's bribes ended, in their status (SP-I33): cancelled with a refund and
    without, withdrawn, bought off at placement, come up and waiting, fought, or come up with
    no record left to tell the rest."""
    out = []
    for refund in (True, False):
        rules = settings(cancelled_bribe_refund=refund, bribe_withdraw_after_roll=True)
        state, line = route(empty(), "Line", 160)
        state = set_contacts(state, "Boreas", ["Aurora"])
        order = BribeOrder("Boreas", "Aurora", "route", 5)
        state, _ = apply_bribe(state, rules, COMBAT, order, scripted(3, 5)[0])
        state, second = apply_bribe(state, rules, COMBAT, order, scripted(3, 5)[0])
        state = withdraw_bribe(state, rules, "Boreas", second.id, 5)
        gone = resolve(remove_route(state, line.id), 5, scripted(20)[0], rules)
        out.extend(status(gone.state, rules, "Boreas", 6).lines)
        waiting = resolve(state, 5, scripted(20)[0], rules)
        out.extend(status(waiting.state, rules, "Boreas", 6).lines)
        fought = answer(waiting.state, refund, Dice.seeded(1), settings=rules)
        out.extend(status(fought.state, rules, "Boreas", 6).lines)
        fought.state.player("Aurora").history = []
        out.extend(status(fought.state, rules, "Boreas", 6).lines)
    timing = settings(bribed_offer_timing="at_placement")
    state, _ = route(empty(), "Line", 160)
    state = set_contacts(state, "Boreas", ["Aurora"])
    order = BribeOrder("Boreas", "Aurora", "route", 5)
    state, bribe = apply_bribe(state, timing, COMBAT, order, scripted(3, 5)[0])
    state = answer_bribe_offer(state, timing, bribe.offer_number, "Aurora", True)
    out.extend(status(state, timing, "Boreas", 6).lines)
    return out


def buy_off_question_messages():
    """The buy-off question's line on what a refusal meets where no fight follows (SP-I34):
    an undefended route, a planet without defenders, troops that avoid the pirates, and
    troops whose owner is asked (SP-I22 `ask_when_raided`)."""
    asked = DEFAULTS.model_copy(update={"plunder_choice_mode": "ask_when_raided"})
    out = []
    state, _ = route(empty(), "Rich", 2350)
    out += offer_lines(resolve(state, 3, scripted(1, 4, 6)[0]).state.waiting[0])
    for fields, rules in (
        ({"population": 1000}, DEFAULTS),
        ({"troops": 2}, DEFAULTS),
        ({"troops": 2}, asked),
    ):
        state, _ = planet(empty(), "Gamma", 400, **fields)
        state.player("Aurora").streak = 11
        with_history(state, "Aurora", [200])
        out += offer_lines(resolve(state, 9, scripted(1)[0], rules).state.waiting[0])
    # SP-I22: an industry block longer than the default one turn
    out += plunder_lines(
        PlunderReport(branch="avoid", income=900, loot=450, industry_blocked=(9, 10))
    )
    return out


def battle_page_messages():
    """The battle pages' words for every participant and pirate ship type, and a battle that
    leaves nobody standing (SP-I11)."""
    labels = (PIRATES, BASE_FLEET, "mercenaries #3", "privateers #4", "ships of Aurora + Boreas")
    out = [m for m in map(side_msg, labels) if isinstance(m, Msg)]
    out += [m for m in map(side_first, labels) if isinstance(m, Msg)]
    out += [Msg(f"space_pirates.class.{t}") for t in DEFAULTS.pirate_ship_table]
    out += [Msg(f"space_pirates.class_one.{t}") for t in DEFAULTS.pirate_ship_table]
    wiped = RoundReport(
        battle_id=0,
        point="automatic",
        round=1,
        result=BattleResult(reason="no_combat_ships_left", holders=[]),
    )
    out.append(over_msg(wiped))
    contract = side_msg("mercenaries #3")  # a participant that is not a faction retreats
    out += [
        Msg("space_pirates.battle.retreating", faction=contract),
        Msg("space_pirates.battle.retreated", faction=contract, count=2),
        Msg(
            "space_pirates.battle.auto_target_retreat",
            shooter=side_msg(PIRATES),
            ship_class=Msg("space_pirates.class.raider"),
            target=contract,
            target_class=Msg("space_pirates.class.raider"),
        ),
    ]
    # SP-I43: a shared participant's volleys name each owner's ships
    owned = [
        Msg("space_pirates.battle.owned", owner=o, ships=class_count("cruiser", 1))
        for o in ("Aurora", "Boreas")
    ]
    volley = {
        "faces": "1, 6",
        "hits": Msg("fleet_combat.hits", count=1),
        "defence": Msg("fleet_combat.round.defence.roll", faces="2"),
        "wounds": Msg("fleet_combat.wounds", count=1),
    }
    out += [
        Msg(
            "space_pirates.battle.volley_from_shared",
            shooter=together(owned),
            target=side_msg(PIRATES),
            target_class=Msg("space_pirates.class.raider"),
            **volley,
        ),
        Msg(
            "space_pirates.battle.volley_at_shared",
            shooter=side_first(PIRATES),
            ships=Msg("space_pirates.count.raider", count=3),
            target=together(["Aurora", "Boreas"]),
            target_class=class_name("cruiser"),
            **volley,
        ),
    ]
    return out


def more_messages():
    """The rarer narrations: pirate victory, accepted buy-off, peace, immunity, rampage,
    stalemate, mutual wipe, a missed planet check, base destroyed, bribes cancelled,
    returning privateers, effects ending, waiting lines."""
    out = []

    def take(result):
        out.extend(result.lines)
        for record in result.archive:
            if isinstance(record.body, RaidReport):
                out.extend(report_lines(record.body))
            if isinstance(record.body, RoundReport):  # the report's battle pages
                out.extend(battle_round_lines(record.body, DEFAULTS, retreat_distance=1))

    # SP-E3: a pirate victory, ships lost; the waiting line.
    state, _ = route(empty(), "Line", 250, ships=[("dreadnought", "guard")])
    state = set_contacts(state, "Aurora", ["Boreas"])
    state, _ = register_route(state, COMBAT, name="Far", goods=300, owners=[("Boreas", 100)])
    first = resolve(state, 5, scripted(1, 6, 2)[0])
    out.extend(waits(first.state, DEFAULTS, 6))
    take(first)
    lost = answer(
        first.state,
        False,
        scripted(4, 6, 2, 6, 2, 5, 1, 3, 6, 2, 4, 3, 5, 1, 6, 5, 5, 2, 1, 3, 20)[0],
    )
    take(lost)
    # the retreat question (SP-I44): its prompt and waiting line
    retreat = DEFAULTS.model_copy(update={"defender_may_retreat": True})
    state, _ = route(empty(), "Line", 100, ships=[("cruiser", "guard")])
    offered = resolve(state, 3, scripted(1, 6)[0], retreat)
    asked = answer(offered.state, False, scripted(1, 1, 1, 1, 1)[0], settings=retreat)
    out.extend(offer_lines(asked.state.waiting[0]))
    out.extend(waits(asked.state, retreat, 4))
    out.extend(asked.lines)  # the channel's line: the battle goes on
    retreating = asked.state.waiting[0].choice_id  # a GM retreats for Aurora (SP-I45)
    take(
        answer_buy_off(
            asked.state, retreat, retreating, "Aurora", True, scripted(1, 1, 1)[0], by_gm=True
        )
    )
    orbital = RaidReport(
        faction="Aurora", turn=3, seq=2, kind="planet", outcome="waiting", buy_off="declined"
    )
    out.append(player_summary_line("Aurora", [orbital], waiting=True, asked="retreat"))
    # an accepted buy-off
    state, _ = route(empty(), "Rich", 2350)
    rich = resolve(state, 3, scripted(1, 4, 6)[0])
    take(answer(rich.state, True, scripted()[0]))
    # immunity skip, rampage forced raid, peace, effects ending
    state, _ = route(empty(), "Line", 160)
    record = state.player("Aurora")
    record.route_immunity_granted, record.route_immunity_until = 3, 5
    take(resolve(state, 5, scripted()[0]))
    out.extend(status(state, DEFAULTS, "Aurora", 5).lines)
    record.route_immunity_granted = record.route_immunity_until = None
    record.rampage = True
    out.extend(status(state, DEFAULTS, "Aurora", 5).lines)
    take(resolve(state, 5, scripted(1)[0]))
    record.rampage = False
    record.peace_until = record.operations_blocked_until = record.income_bonus_until = 6
    out.extend(status(state, DEFAULTS, "Aurora", 6).lines)
    take(resolve(state, 6, scripted()[0]))
    out.extend(status(empty(), DEFAULTS, "Nobody", 1).lines)
    # a stalemate (one round cap) and a mutual wipe
    capped = DEFAULTS.model_copy(update={"auto_battle_max_rounds": 1})
    state, _ = route(empty(), "Line", 160, ships=[("cruiser", "guard")])
    pending = resolve(state, 2, scripted(1, 3)[0], capped)
    take(answer(pending.state, False, scripted(1, 1, 1, 1)[0], settings=capped))
    state, _ = route(empty(), "Line", 100, ships=[("destroyer", "guard")])
    pending = resolve(state, 2, scripted(1, 1)[0])
    take(answer(pending.state, False, scripted(6, 1, 6, 1)[0]))
    # a missed planet check, a birth-rate penalty and cooldown in the status
    state, _ = planet(empty(), "Beta", 500, population=1000)
    state.player("Aurora").streak = 10
    with_history(state, "Aurora", [200])
    take(resolve(state, 9, scripted(15)[0]))
    raided = answer(resolve(state, 9, scripted(1)[0]).state, False, scripted()[0])
    out.extend(status(raided.state, DEFAULTS, "Aurora", 10).lines)
    take(resolve(raided.state, 12, scripted(20)[0]))
    take(resolve(raided.state, 14, scripted()[0]))  # the cooldown's last resolution
    # the birth rate at another factor, a capture with no penalty (SP-I25), and a planet
    # check whose points reach the die's faces: no roll (SP-I16)
    for changed in (
        settings(birth_rate_factor_pct=75),
        settings(birth_rate_penalty_turns=0),
        settings(raid_die_faces=2),
    ):
        paused = resolve(state, 9, scripted(1)[0], changed)
        raided = answer(paused.state, False, scripted()[0], settings=changed)
        take(raided)
        out.extend(status(raided.state, changed, "Aurora", 10).lines)
    # a destroyed base cancels a bribe; hired mercenaries with no ships left; returns
    state, _ = route(empty(), "Line", 160)
    state, _ = register_route(state, COMBAT, name="Far", goods=300, owners=[("Boreas", 100)])
    state = set_contacts(state, "Boreas", ["Aurora"])
    state.player("Aurora").streak = 1
    with_history(state, "Aurora", [50], turn=4)
    state, _ = apply_locate(state, DEFAULTS, "Aurora", 5, "an asteroid")
    state, _ = apply_bribe(
        state, DEFAULTS, COMBAT, BribeOrder("Boreas", "Aurora", "route", 5), scripted(2)[0]
    )
    state, _ = order_attack(state, DEFAULTS, "Aurora", 5, ["war_sun"])
    state.contracts.append(
        MercenaryContract(id=99, owner="Aurora", hired_turn=4, hire_value=100, value=100, ships=[])
    )
    state.privateers.append(
        PrivateerGroup(
            id=98,
            owner="Boreas",
            target="Aurora",
            formed_turn=1,
            ships=[],
            recalled_turn=2,
            returns_turn=5,
        )
    )
    take(resolve(state, 5, scripted(*([5] * 40))[0]))
    out += [msg_from_json(m) for m in turn_private(state)]
    # a bribed raid coming up, its offer, a route gone while waiting; a planet bribe
    state, line = route(empty(), "Line", 160)
    state, _ = route(state, "Other", 90, owner="Boreas")
    state = set_contacts(state, "Boreas", ["Aurora"])
    state, _ = planet(state, "Home", 300)
    with_history(state, "Aurora", [100], turn=1)
    state, _ = apply_bribe(
        state, DEFAULTS, COMBAT, BribeOrder("Boreas", "Aurora", "route", 2), scripted(3)[0]
    )
    state, _ = apply_bribe(
        state, DEFAULTS, COMBAT, BribeOrder("Boreas", "Aurora", "planet", 2), scripted()[0]
    )
    out.extend(status(state, DEFAULTS, "Boreas", 2).lines)
    waiting = resolve(state, 2, scripted(20, 20)[0])
    (offer,) = [w for w in waiting.state.waiting if w.faction == "Aurora"]
    out.extend(offer_lines(offer))
    # a bribed planet raid whose briber is named (`reveal_briber_to_victim`, or a GM reading)
    revealed = RaidReport(
        faction="Aurora", turn=2, seq=3, kind="planet", mode="bribed", briber="Boreas"
    )
    out.extend(report_lines(revealed.model_copy(update={"target_name": "Home"})))
    gone = waiting.state.model_copy(deep=True)
    gone.routes = [r for r in gone.routes if r.id != line.id]
    take(answer(gone, False, scripted()[0]))
    # contracts in reserve and at a planet; automatic chance; forced raid; rampage defence
    state, home = planet(empty(), "Home", 300)
    state, line = route(state, "Line", 160, ships=[("dreadnought", "guard")])
    with_history(state, "Aurora", [900], turn=4)
    state, _, _ = apply_hire(state, DEFAULTS, HireOrder("Aurora", 5, 100))
    state, _, _ = apply_hire(
        state, DEFAULTS, HireOrder("Aurora", 5, 100, station="planet", target=home.id)
    )
    out.extend(status(state, DEFAULTS, "Aurora", 5).lines)
    state.player("Aurora").rampage = True
    forced = resolve(state, 5, scripted(1)[0])
    take(answer(forced.state, False, Dice.seeded(1)))
    state.player("Aurora").rampage = False
    state.player("Aurora").streak = 19
    take(answer(resolve(state, 5, scripted(1)[0]).state, True, scripted(20)[0]))
    take(resolve(empty(), 1, scripted()[0]))
    # the plunder branch asked when raided (SP-I22), answered and forced
    ask = settings(plunder_choice_mode="ask_when_raided")
    state, _ = planet(empty(), "Fort", 600, troops=2)
    state.player("Aurora").streak = 10
    with_history(state, "Aurora", [150])
    first = resolve(state, 5, scripted(1)[0], ask)
    take(first)
    landed = answer(first.state, False, scripted()[0], settings=ask)
    take(landed)
    out.extend(waits(landed.state, ask, 6))
    out.extend(offer_lines(landed.state.waiting[0]))
    choice = landed.state.waiting[0].choice_id
    take(answer_plunder(landed.state, ask, choice, "Aurora", True, Dice.seeded(1)))
    take(force_choice(landed.state, ask, choice, scripted()[0]))
    # avoiding at another share, with and without an industry block (SP-I22)
    for block_turns in (1, 0):
        other = settings(
            plunder_choice_mode="ask_when_raided",
            passive_troops_loot_pct=75,
            industry_block_turns=block_turns,
        )
        first = resolve(state, 5, scripted(1)[0], other)
        landed = answer(first.state, False, scripted()[0], settings=other)
        out.extend(offer_lines(landed.state.waiting[0]))
        choice = landed.state.waiting[0].choice_id
        take(answer_plunder(landed.state, other, choice, "Aurora", False, scripted()[0]))
    # mercenary upkeep: paid, ended, waiting
    state, _ = route(empty(), "Line", 300)
    with_history(state, "Aurora", [900], turn=9)
    state, _, _ = apply_hire(state, DEFAULTS, HireOrder("Aurora", 10, 300))
    hired = resolve(state, 10, scripted(20)[0])
    out.extend(waits(hired.state, DEFAULTS, 11))
    due = hired.state.upkeep_due[0].choice_id
    out.extend(answer_upkeep(hired.state, DEFAULTS, due, "Aurora", True, Dice.seeded(1)).lines)
    out.extend(answer_upkeep(hired.state, DEFAULTS, due, "Aurora", False, Dice.seeded(1)).lines)
    # ended with no ships left to leave (SP-I35)
    hired.state.contracts[0].ships.clear()
    out.extend(answer_upkeep(hired.state, DEFAULTS, due, "Aurora", False, Dice.seeded(1)).lines)
    # a bribed attack offered to its victim at placement
    timing = settings(bribed_offer_timing="at_placement")
    state, _ = route(empty(), "Line", 300)
    state = set_contacts(state, "Boreas", ["Aurora"])
    state, _ = apply_bribe(
        state, timing, COMBAT, BribeOrder("Boreas", "Aurora", "route", 2), scripted(1, 1, 1)[0]
    )
    out.extend(waits(state, timing, 2))
    out.extend(status(state, timing, "Aurora", 2).lines)
    # an ordered base attack that finds no base any more
    state, _ = route(empty(), "Line", 160)
    state.player("Aurora").streak = 1
    with_history(state, "Aurora", [50], turn=4)
    state, _ = apply_locate(state, DEFAULTS, "Aurora", 5, "a moon")
    state, _ = order_attack(state, DEFAULTS, "Aurora", 5, ["cruiser"])
    state.player("Aurora").streak = 0
    take(resolve(state, 5, scripted(20)[0]))
    # a paused resolution the next turn's end finishes: the player it had not come to is
    # named before, and their offer, never asked, is declined by default (SP-I45)
    state, _ = route(empty(), "Line", 100)
    state, _ = route(state, "Far", 100, owner="Boreas")
    state.turn_order = ["Aurora", "Boreas"]
    paused = resolve(state, 4, scripted(1, 6)[0]).state
    out.extend(settled_at_end(paused, DEFAULTS, 5))
    take(resolve(paused, 5, scripted(1, 6, 20, 20)[0]))
    return out


def turn_private(state):
    """The private lines (bribe cancellations) the last resolution kept for the briber."""
    result = resolve(state, 5, scripted(*([5] * 40))[0])
    return [m for lines in result.outcome["private"].values() for m in lines]


# Lines kept so that what was stored before still reads as it was written: an owed upkeep
# line saved in a reminder's payload before upkeep questions had a number (SP-I45; read
# back in tests/rules/test_space_pirates_kind_numbers.py).
OLD_ENTRIES = ("space_pirates.owes.upkeep",)


def test_every_message_the_engine_emits_renders_in_both_languages():
    """Every emitted message has its key and fills every placeholder, in English and
    Russian; the scenarios cover each outcome kind's narration."""
    emitted = emitted_messages()
    # A GM reading a player's status: the lines that say "your" name the faction.
    emitted += [naming(m, "Aurora") for m in emitted]
    messages = list(flatten(emitted))
    seen = set()
    for msg in messages:
        if isinstance(msg, (JoinedMsg, MsgList)) or not msg.key:
            continue
        seen.add(msg.key)
        assert msg.key in EN or msg.key.startswith("fleet_combat."), msg.key
        for language in ("en", "ru"):
            text = msg.render(language)
            assert "{" not in text and "space_pirates." not in text, (msg.key, text)
    silent = {k for k in EN if ".error." in k or ".field." in k or ".roll." in k}
    assert sorted(set(EN) - silent - set(OLD_ENTRIES) - seen) == []


def test_error_messages_render_with_their_parameters():
    """A refusal's message renders in both languages (the range is named)."""
    with pytest.raises(GameError) as caught:
        register_route(empty(), COMBAT, name="R", goods=-5, owners=[("A", 100)])
    for language in ("en", "ru"):
        text = caught.value.message(language)
        assert "-5" in text and "{" not in text and "SP-1.5" in text
