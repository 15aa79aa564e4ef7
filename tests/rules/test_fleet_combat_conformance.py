"""Conformance fixes found by a clause-by-clause review of rules/fleet-combat.md, each with
the clause it restores, replayed with scripted dice where dice are rolled."""

from __future__ import annotations

import json

import pytest
from test_fleet_combat_support import POINT
from test_fleet_combat_support import battle
from test_fleet_combat_support import give_orders
from test_fleet_combat_support import order
from test_fleet_combat_support import scripted
from test_fleet_combat_support import ships_of

from bot.i18n import Msg
from bot.rules.fleet_combat import DeclareRetreat
from bot.rules.fleet_combat import FleetCombatSettings
from bot.rules.fleet_combat import RoundReport
from bot.rules.fleet_combat import declare_retreat
from bot.rules.fleet_combat import end_of_turn
from bot.rules.fleet_combat import resolve_round
from bot.rules.fleet_combat import round_lines
from bot.rules.fleet_combat import set_allies
from bot.rules.fleet_combat import waiting_for
from bot.rules.fleet_combat.messages import battle_line
from bot.rules.fleet_combat.turn import summary_lines
from bot.rulesets import TurnContext
from cogs.fleet_combat.render import round_sections

HOLD_WITHOUT_ORDERS = FleetCombatSettings(missing_orders="hold_fire")


def test_fc_i7_waiting_line_says_groups_without_orders_hold_fire_when_the_campaign_says_so():
    """FC-I7 `missing_orders = hold_fire`: the GM's `/turn status` line must not promise
    automatic targets to groups that will hold fire; the round confirms they hold."""
    state = battle([("A", {"cruiser": 1}), ("B", {"destroyer": 1})])

    [line] = waiting_for(state, HOLD_WITHOUT_ORDERS, 1)

    assert line == Msg(
        "fleet_combat.waiting.orders_hold", battle=1, point=POINT, round=1, factions="A, B"
    )
    told = line.render("en")
    assert "hold fire" in told
    assert "automatic" not in told
    assert "automatic" not in line.render("ru") and "не стреляют" in line.render("ru")
    outcome = resolve_round(state, HOLD_WITHOUT_ORDERS, 1, scripted()[0])
    assert [h.reason for h in outcome.report.held] == ["missing_orders", "missing_orders"]
    assert outcome.report.volleys == []


def test_fc_i7_default_waiting_line_still_promises_automatic_targets():
    """FC-I7, FC-I17 default (`missing_orders = auto_target`): unchanged."""
    state = battle([("A", {"cruiser": 1}), ("B", {"destroyer": 1})])
    [line] = waiting_for(state, FleetCombatSettings(), 1)
    assert line.key == "fleet_combat.waiting.orders"
    assert "automatic targets" in line.render("en")


def test_fc_i6_a_round_followed_at_once_by_the_next_is_not_told_as_frozen():
    """FC-I6 `rounds_per_resolution = 2`: the battle is frozen only after the turn's last
    round; the log of the round before says the next round followed at once."""
    settings = FleetCombatSettings(rounds_per_resolution=2)
    state = battle([("A", {"cruiser": 1}), ("B", {"cruiser": 1})], settings=settings)
    dice, faces = scripted(*[1] * 8)  # nobody hits: the battle goes on

    step = end_of_turn(TurnContext(state=state, settings=settings, turn=1, dice=dice))

    assert faces.remaining() == []
    first, second = (record.body for record in step.archive)
    first_end = round_lines(first, retreat_distance=2)[-1].render("en")
    assert "frozen" not in first_end
    assert first_end == "Battle #1 fights on: round 2 follows at once (FC-I6)."
    assert round_lines(second, retreat_distance=2)[-1] == Msg(
        "fleet_combat.battle.frozen", battle=1
    )
    assert "следом" in round_lines(first, retreat_distance=2)[-1].render("ru")
    headline = battle_line([first], ["A", "B"]).render("en")  # the round's page in the log
    assert headline.endswith("still fighting (round 2 followed at once, FC-I6)")
    summary = summary_lines([first, second])[0].render("en")  # the turn's summary
    assert summary.endswith("still fighting (frozen until the next turn, FC-5.23)")


def test_fc_i13_transports_lost_on_their_own_are_not_said_to_go_with_their_side():
    """FC-I13 `transport_loss_scope = participant`: B loses its transport with its own last
    destroyer while its ally C keeps a cruiser; the round's log must not say the transport
    went down with its side's last combat ship."""
    settings = FleetCombatSettings(transport_loss_scope="participant")
    state = battle(
        [("A", {"dreadnought": 1}), ("B", {"destroyer": 1, "transport": 1}), ("C", {"cruiser": 1})],
        settings=settings,
    )
    state = set_allies(state, settings, 1, ["B", "C"]).state
    state = give_orders(state, "A", order("dreadnought", "B", "destroyer"), settings=settings)
    dice, faces = scripted(4, 4, 4, 1, 1, 1, 1, 1, 1)

    outcome = resolve_round(state, settings, 1, dice)

    assert faces.remaining() == []
    assert ships_of(outcome.state, "B") == []
    assert ships_of(outcome.state, "C") == [(4, "cruiser", 0)]
    _, sections = round_sections(outcome.report, settings, "en", 2)
    losses = dict(sections)["Losses"]
    assert losses[-1] == (
        "Transports of B are destroyed with their own last combat ship (FC-5.9, FC-I13)."
    )
    # The GM sets the default back: the archived round still reads as it was fought.
    archived = round_sections(outcome.report, FleetCombatSettings(), "en", 2)[1]
    assert dict(archived)["Losses"][-1] == losses[-1]


def test_fc_i9_wounds_placed_volley_by_volley_are_not_headed_end_of_round():
    """FC-I9 `deferred_damage = false`: damage lands as each volley is rolled, so the round's
    log heads the wounds "after each volley", not "End of round" (FC-5.21's default)."""
    settings = FleetCombatSettings(deferred_damage=False)
    state = battle([("A", {"cruiser": 1}), ("B", {"destroyer": 1})], settings=settings)
    dice, faces = scripted(6, 1, 1)  # A's cruiser kills the destroyer before it fires

    outcome = resolve_round(state, settings, 1, dice)

    assert faces.remaining() == []
    assert [v.shooter for v in outcome.report.volleys] == ["A"]
    titles = [title for title, _ in round_sections(outcome.report, settings, "en", 2)[1]]
    assert titles[0] == "Wounds placed after each volley (FC-I9)"
    # The GM sets the default back: the archived round still reads as it was fought.
    archived = round_sections(outcome.report, FleetCombatSettings(), "en", 2)[1]
    assert archived[0][0] == "Wounds placed after each volley (FC-I9)"
    russian = round_sections(outcome.report, FleetCombatSettings(), "ru", 2)[1]
    assert russian[0][0] == "Раны нанесены после каждого залпа (FC-I9)"


def test_fc_i9_i13_a_round_fought_under_the_defaults_reads_so_under_the_alternatives():
    """FC-I9, FC-I13 the other way: a round fought with wounds placed at its end and
    transports lost with their side keeps those headings once the GM picks the alternatives."""
    state = battle([("A", {"dreadnought": 1}), ("B", {"destroyer": 1, "transport": 1})])
    state = give_orders(state, "A", order("dreadnought", "B", "destroyer"))
    dice, faces = scripted(4, 4, 4, 1, 1, 1, 1)

    outcome = resolve_round(state, FleetCombatSettings(), 1, dice)

    assert faces.remaining() == []
    later = FleetCombatSettings(deferred_damage=False, transport_loss_scope="participant")
    sections = round_sections(outcome.report, later, "en", 2)[1]
    assert sections[0][0] == "End of round: wounds placed (FC-5.21)"
    assert dict(sections)["Losses"][-1] == (
        "Transports of B are destroyed with their side's last combat ship (FC-5.9)."
    )


@pytest.mark.parametrize(
    ("settings", "placed", "transports"),
    [
        (
            FleetCombatSettings(),
            "End of round: wounds placed (FC-5.21)",
            "Transports of B are destroyed with their side's last combat ship (FC-5.9).",
        ),
        (
            FleetCombatSettings(deferred_damage=False, transport_loss_scope="participant"),
            "Wounds placed after each volley (FC-I9)",
            "Transports of B are destroyed with their own last combat ship (FC-5.9, FC-I13).",
        ),
    ],
)
def test_fc_i9_i13_a_round_stored_before_the_settings_were_kept_reads_as_it_did(
    settings, placed, transports
):
    """A round archived before its report kept `deferred_damage` and `transport_loss_scope`
    still loads, and reads under the campaign's settings as it did."""
    state = battle([("A", {"dreadnought": 1}), ("B", {"destroyer": 1, "transport": 1})])
    state = give_orders(state, "A", order("dreadnought", "B", "destroyer"))
    dice, _ = scripted(4, 4, 4, 1, 1, 1, 1)
    stored = json.loads(
        resolve_round(state, FleetCombatSettings(), 1, dice).report.model_dump_json()
    )
    del stored["deferred_damage"], stored["transport_loss_scope"]

    old = RoundReport.model_validate(stored)

    sections = round_sections(old, settings, "en", 2)[1]
    assert sections[0][0] == placed
    assert dict(sections)["Losses"][-1] == transports


# B's dreadnought retreats in round 1 and A's cruiser's parting volley puts two wounds on it.
RETREAT_IN_ROUND_1 = FleetCombatSettings(retreat_min_round=1, retreat_distance_points=3)
PARTING_WOUNDS = "Volley 1 → B's dreadnought: #2 +2 → 2/3"
MOVES_3 = "B leaves the battle and moves 3 points in any direction (/combat fleet move, FC-6.3)."


def _parting_volley() -> RoundReport:
    settings = RETREAT_IN_ROUND_1
    state = battle([("A", {"cruiser": 1}), ("B", {"dreadnought": 1})], settings=settings)
    state = declare_retreat(state, settings, DeclareRetreat(battle_id=1, faction="B")).state
    dice, faces = scripted(5, 5, 1, 1)  # two hits; the dreadnought's defence fails twice

    outcome = resolve_round(state, settings, 1, dice)

    assert faces.remaining() == []
    return outcome.report


def _later(distance: int, dreadnought_life: int) -> FleetCombatSettings:
    """The campaign's settings once the GM changed the retreat distance and a life."""
    defaults = FleetCombatSettings()
    dreadnought = defaults.stats_of("dreadnought").model_copy(update={"life": dreadnought_life})
    return defaults.model_copy(
        update={
            "retreat_min_round": 1,
            "retreat_distance_points": distance,
            "ship_stats": {**defaults.ship_stats, "dreadnought": dreadnought},
        }
    )


def test_fc_i15_fc_i4_an_archived_round_keeps_its_retreat_distance_and_class_life():
    """FC-I15 `retreat_distance_points`, FC-I4 (a class's life): B retreats 3 points in
    round 1 with its dreadnought wounded 2/3. Once the GM sets the distance to 5 and the
    dreadnought's life to 4, the round's log still says B moves 3 points and counts the
    dreadnought's wounds against the life it had when they were placed."""
    report = _parting_volley()
    later = _later(5, 4)

    sections = dict(round_sections(report, later, "en", later.retreat_distance_points)[1])

    assert sections["End of round: wounds placed (FC-5.21)"] == [PARTING_WOUNDS]
    assert sections["After the round"][0] == MOVES_3
    told = [m.render("en") for m in round_lines(report, retreat_distance=5)]
    assert MOVES_3 in told
    russian = dict(round_sections(report, later, "ru", 5)[1])
    assert "2/3" in russian["Конец раунда: раны нанесены (FC-5.21)"][0]
    assert "отходит на 3 точки" in russian["После раунда"][0]


@pytest.mark.parametrize(
    ("settings", "wounds", "moves"),
    [
        (RETREAT_IN_ROUND_1, PARTING_WOUNDS, MOVES_3),
        (
            _later(5, 4),
            "Volley 1 → B's dreadnought: #2 +2 → 2/4",
            "B leaves the battle and moves 5 points in any direction (/combat fleet move, FC-6.3).",
        ),
    ],
)
def test_fc_i15_fc_i4_a_round_stored_before_distance_and_life_were_kept_reads_as_it_did(
    settings, wounds, moves
):
    """A round archived before its report kept the retreat distance and the lives of the
    classes it wounded still loads, and reads under the campaign's settings as it did."""
    stored = json.loads(_parting_volley().model_dump_json())
    del stored["retreat_distance"], stored["class_life"]

    old = RoundReport.model_validate(stored)

    sections = dict(round_sections(old, settings, "en", settings.retreat_distance_points)[1])
    assert sections["End of round: wounds placed (FC-5.21)"] == [wounds]
    assert sections["After the round"][0] == moves
