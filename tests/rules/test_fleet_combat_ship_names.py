"""FC-I17 with SP-I9: a pirate battle fought on fleet combat's automatic mode keeps, in each
round's report, the names its pirate ships had when it was fought. The raid report's battle
pages read them, not the pirate ship table the GM may have changed since; rounds logged
before their report kept the names read as they did (by the table in force).

Vega's cruiser meets the pirates' one raider (a destroyer by SP-I9's default table): the
cruiser's two hits wound twice and the raider is lost; the raider's die misses."""

from __future__ import annotations

import json

import pytest
from test_fleet_combat_support import scripted

from bot.rules.fleet_combat.models import RoundReport
from bot.rules.fleet_combat.settings import FleetCombatSettings
from bot.rules.space_pirates.battle import DEFENDER_SIDE
from bot.rules.space_pirates.battle import PIRATE_SIDE
from bot.rules.space_pirates.battle import PIRATES
from bot.rules.space_pirates.battle import RetreatAsked
from bot.rules.space_pirates.battle import Side
from bot.rules.space_pirates.battle import fight
from bot.rules.space_pirates.battle_report import battle_round_lines
from bot.rules.space_pirates.models import PirateShip
from bot.rules.space_pirates.models import RegisteredShip
from bot.rules.space_pirates.settings import PirateShipType
from bot.rules.space_pirates.settings import SpacePiratesSettings

DEFAULTS = SpacePiratesSettings()
# The GM's table since the battle: raiders are fighters now.
LATER = DEFAULTS.model_copy(
    update={
        "pirate_ship_table": {
            **DEFAULTS.pirate_ship_table,
            "raider": PirateShipType(combat_class="fighter", cost=100, squads=1),
        }
    }
)
AS_FOUGHT = [
    "Vega's 1 cruiser → the pirate fleet's raider: attack 6, 6 → 2 hits; defence 1, 1 → 2 wounds",
    "The pirate fleet's 1 raider → Vega's cruiser: attack 1 → 0 hits; no defence roll → 0 wounds",
    "Losses of the pirate fleet: 1 raider.",
]


def _round() -> RoundReport:
    """The battle's one round, as `fight` hands it to the report's archive."""
    sides = [
        Side("Vega", DEFENDER_SIDE, [RegisteredShip(id=1, owner="Vega", ship_class="cruiser")]),
        Side(PIRATES, PIRATE_SIDE, [PirateShip(pirate_type="raider")]),
    ]
    dice, faces = scripted(6, 6, 1, 1, 1)

    run = fight(sides, DEFAULTS, FleetCombatSettings(), dice, mutual_wipe_result="defender_wins")

    assert faces.remaining() == []
    assert len(run.rounds) == 1
    return run.rounds[0]


def _told(report: RoundReport, settings: SpacePiratesSettings, locale: str) -> list[str]:
    lines = battle_round_lines(report, settings, retreat_distance=2)
    return [m.render(locale) for m in lines]


def _stored(report: RoundReport) -> RoundReport:
    """The round as the archive gives it back."""
    return RoundReport.model_validate(json.loads(report.model_dump_json()))


def test_fc_i17_sp_i9_a_pirate_round_keeps_its_ship_names():
    """The round keeps the pirates' destroyers as raiders (SP-I9's table when fought); the
    defender's ships are not a pirate side's, and keep their class names."""
    report = _stored(_round())

    assert report.ship_names == {PIRATES: {"destroyer": "raider"}}


def test_fc_i17_sp_i9_an_archived_pirate_round_reads_as_fought_after_the_table_changes():
    """Once the GM makes raiders fighters, the round still calls
    the pirates' ship a raider, in English and Russian, not "1 destroyer"; Vega's cruiser is
    still a cruiser."""
    report = _stored(_round())

    told = _told(report, LATER, "en")

    for line in AS_FOUGHT:
        assert line in told
    assert not any("destroyer" in line or "fighter" in line for line in told), told
    russian = _told(report, LATER, "ru")
    assert "Потери — пиратский флот: 1 рейдер." in russian
    assert any(
        line.startswith("Vega: 1 крейсер → пиратский флот, цель — рейдер:") for line in russian
    )
    assert not any("эсминц" in line or "истребит" in line for line in russian), russian


@pytest.mark.parametrize(
    ("settings", "pirate_ship"),
    [(DEFAULTS, "1 raider"), (LATER, "1 destroyer")],
)
def test_fc_i17_a_pirate_round_stored_before_it_kept_names_reads_as_it_did(settings, pirate_ship):
    """A round archived before its report kept the names still loads, and names the pirates'
    ships by the table in force, as it did: raiders under the default table, and its class
    ("destroyer") once no pirate type is a destroyer."""
    stored = json.loads(_round().model_dump_json())
    del stored["ship_names"]

    old = RoundReport.model_validate(stored)

    assert old.ship_names is None
    told = _told(old, settings, "en")
    assert f"Losses of the pirate fleet: {pirate_ship}." in told


def test_sp_i44_a_battle_carried_on_after_the_retreat_question_names_its_ships_as_it_began():
    """SP-I44, SP-I9: every shot of round 1 misses and Vega is asked whether to retreat
    before round 2. The GM makes raiders fighters meanwhile; Vega fights on and its cruiser
    destroys the raider. Both rounds call the pirates' ship a raider, as the battle began."""
    asking = DEFAULTS.model_copy(update={"defender_may_retreat": True})
    later = LATER.model_copy(update={"defender_may_retreat": True})
    sides = [
        Side("Vega", DEFENDER_SIDE, [RegisteredShip(id=1, owner="Vega", ship_class="cruiser")]),
        Side(PIRATES, PIRATE_SIDE, [PirateShip(pirate_type="raider")]),
    ]
    dice, faces = scripted(1, 1, 1)
    with pytest.raises(RetreatAsked) as asked:
        fight(sides, asking, FleetCombatSettings(), dice, mutual_wipe_result="defender_wins")
    assert faces.remaining() == []
    progress = asked.value.progress
    dice, faces = scripted(6, 6, 1, 1, 1)

    run = fight(
        sides,
        later,
        FleetCombatSettings(),
        dice,
        mutual_wipe_result="defender_wins",
        progress=progress,
    )

    assert faces.remaining() == []
    assert [r.round for r in run.rounds] == [1, 2]
    assert [r.ship_names for r in run.rounds] == [{PIRATES: {"destroyer": "raider"}}] * 2
    told = _told(_stored(run.rounds[1]), later, "en")
    assert "Losses of the pirate fleet: 1 raider." in told
