"""Pirate battles on the fleet combat engine's automatic mode (FC-I17): who takes part
(SP-I10, SP-I11, SP-I36, SP-I43), the result by side with the mutual-wipe and stalemate
readings (SP-I11), and which registered ships survive with which wounds (SP-I12, FC-I14)."""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from typing import Literal

from pydantic import BaseModel
from pydantic import Field

from bot.dice import Dice
from bot.dice import purpose_message
from bot.dice import purpose_of
from bot.dice_stats import NOBODY
from bot.dice_stats import Credits
from bot.i18n import Msg
from bot.i18n import MsgList
from bot.rules.fleet_combat import automatic_result
from bot.rules.fleet_combat import fight_automatic_rounds
from bot.rules.fleet_combat import open_automatic
from bot.rules.fleet_combat.models import Battle
from bot.rules.fleet_combat.models import Fleet
from bot.rules.fleet_combat.models import FleetCombatState
from bot.rules.fleet_combat.models import RoundReport
from bot.rules.fleet_combat.models import Ship
from bot.rules.fleet_combat.rounds import ROLL_ATTACK
from bot.rules.fleet_combat.rounds import ROLL_DEFENCE
from bot.rules.fleet_combat.rounds import ROLL_WOUND_TIE
from bot.rules.fleet_combat.settings import FleetCombatSettings
from bot.rules.space_pirates.models import MercenaryContract
from bot.rules.space_pirates.models import PirateFleet
from bot.rules.space_pirates.models import PirateShip
from bot.rules.space_pirates.models import PrivateerGroup
from bot.rules.space_pirates.models import RegisteredShip
from bot.rules.space_pirates.models import SpacePiratesState
from bot.rules.space_pirates.settings import PIRATE_TYPES
from bot.rules.space_pirates.settings import SpacePiratesSettings
from bot.text import looks_alike
from bot.text import name_key

P = "space_pirates."
DEFENDER_SIDE = "defender"
PIRATE_SIDE = "pirates"
PIRATES = "pirates"
BASE_FLEET = "pirate base"
MERCENARIES, PRIVATEERS = "mercenaries #", "privateers #"
# The participant of a shared route's (or orbit's) ships registered by several owners, who
# fight as one participant (SP-I43): "ships of " and the owners joined by OWNERS_JOIN.
SHARED, OWNERS_JOIN = "ships of ", " + "
# A faction named as one of those (`own_side_name`) fights under its name marked with a
# control character, which no faction name holds (names are stored without them,
# `bot.text.tidy`), so the two never share a participant name (FC-I17). Only such a faction
# is marked: a name stored unmarked reads as it always did.
FACTION_MARK = "\x1f"
# A battle as its rolls' labels name it, when its caller gives no title of its own.
BATTLE_TITLE = Msg(f"{P}roll.title.battle")
RAID_TITLE = Msg(f"{P}roll.title.raid")

AnyShip = RegisteredShip | PirateShip
BattleResultKind = Literal["defender_victory", "pirate_victory", "stalemate"]


def mercenary_label(contract: MercenaryContract) -> str:
    """A contract's participant name in a battle (SP-I11)."""
    return f"{MERCENARIES}{contract.id}"


def privateer_label(group: PrivateerGroup) -> str:
    """A privateer group's participant name in a battle (SP-I11)."""
    return f"{PRIVATEERS}{group.id}"


def side_msg(name: str) -> Msg | str:
    """A participant by name: a faction as itself (one marked apart, `participant_name`,
    without its mark), the bot's own labels in words."""
    if name.startswith(FACTION_MARK):
        return unmarked(name)
    if name == PIRATES:
        return Msg(f"{P}side.pirates")
    if name == BASE_FLEET:
        return Msg(f"{P}side.base")
    for prefix, key in ((MERCENARIES, "mercenaries"), (PRIVATEERS, "privateers")):
        if name.startswith(prefix) and name[len(prefix) :].isdigit():
            return Msg(f"{P}side.{key}", id=int(name[len(prefix) :]))
    if name.startswith(SHARED) and OWNERS_JOIN in name:
        return together(name[len(SHARED) :].split(OWNERS_JOIN))
    return name


def own_side_name(name: str) -> bool:
    """A name the ruleset gives a participant of its own in a battle (the pirates, their
    base, a contract, a privateer group, a shared route's ships): a faction so named fights
    under it marked (`participant_name`), as an automatic battle needs every participant's
    name distinct (FC-I17), and `/campaign join` refuses it for a new faction (so named in
    any case or look-alike spelling too, `looks_like_own_side`)."""
    return side_msg(name) != name


def looks_like_own_side(name: str) -> bool:
    """A name `/campaign join` refuses a new faction: one of the ruleset's own participant
    names (`own_side_name`) in any case or spacing, or one that looks like it as names are
    compared (`bot.text.looks_alike`): `Pirates`, `PIRATES`, `рirates` with a Cyrillic р,
    `PlRATES` with a small l, `Mercenaries #1`, `privateers #l`, which the reports would
    read beside the pirates' own sides just as confusingly."""
    if own_side_name(name_key(name)):
        return True
    if looks_alike(name, PIRATES) or looks_alike(name, BASE_FLEET):
        return True
    number = name.partition("#")[2].strip()
    digits = [next((d for d in "0123456789" if looks_alike(char, d)), "") for char in number]
    if number and all(digits):  # each character after the `#` looks like a digit
        labels = (f"{prefix}{''.join(digits)}" for prefix in (MERCENARIES, PRIVATEERS))
        if any(looks_alike(name, label) for label in labels):
            return True
    words = name.split()
    return looks_alike(" ".join(words[:2]), SHARED) and any(
        looks_alike(word, OWNERS_JOIN) for word in words[3:-1]
    )


def participant_name(faction: str) -> str:
    """A faction's participant name in a battle (and its key among the ships lost): its
    name, marked (`FACTION_MARK`) when the ruleset gives that name a participant of its own
    (`own_side_name`), so a faction called `pirates` fights the pirates (FC-I17)."""
    return FACTION_MARK + faction if own_side_name(faction) else faction


def unmarked(name: str) -> str:
    """The faction a faction's participant name (`participant_name`) names."""
    return name.removeprefix(FACTION_MARK)


def together(parts: Sequence[Msg | str]) -> Msg | str:
    """Several owners (or their ships) named together: "Vega and Orion", "Vega, Orion and
    Lyra" (SP-I43); one as itself."""
    if len(parts) == 1:
        return parts[0]
    return Msg(f"{P}side.shared", others=MsgList(parts[:-1]), last=parts[-1])


def holder_name(victim: str, ships: Sequence[RegisteredShip]) -> str:
    """The participant name of a route's or orbit's ships (SP-I43: one participant, whoever
    registered them): the faction whose ships they are, so a co-owner's guard fighting in
    the victim's raid is told as that co-owner's; ships of several owners are named by all
    of them; no ships, the victim."""
    owners = list(dict.fromkeys(s.owner for s in ships))
    if len(owners) == 1:
        return participant_name(owners[0])
    return SHARED + OWNERS_JOIN.join(owners) if owners else participant_name(victim)


def side_player(side: Side) -> str | None:
    """The player whose dice a participant rolls: a faction its own, mercenaries their
    employer, privateers their owner; the pirates and their base none."""
    if side.contract is not None:
        return side.contract.owner
    if side.group is not None:
        return side.group.owner
    if side.player is not None:
        return side.player
    return None if side.name in (PIRATES, BASE_FLEET) else unmarked(side.name)


@dataclass
class Side:
    """One participant: its name, side, and the ships it fights with (in ship-id order)."""

    name: str
    side: str
    ships: Sequence[AnyShip]
    contract: MercenaryContract | None = None
    group: PrivateerGroup | None = None
    # whose dice a route's or orbit's ships roll (the raid's victim), when not the name's
    player: str | None = None


def pirate_ships(fleet: PirateFleet) -> list[PirateShip]:
    """The fleet's ships in composition order: battleships, cruisers, raiders (SP-I10)."""
    return [PirateShip(pirate_type=t) for t in PIRATE_TYPES for _ in range(fleet.counts()[t])]


def combat_class(ship: RegisteredShip | PirateShip, settings: SpacePiratesSettings) -> str:
    """The fleet combat class a ship fights as (SP-I9)."""
    if isinstance(ship, PirateShip):
        return settings.pirate_ship_table[ship.pirate_type].combat_class
    return ship.ship_class


def flies_pirate_ships(side: str) -> bool:
    """A participant whose ships are pirate ships (the pirates, their base, mercenaries)."""
    return side in (PIRATES, BASE_FLEET) or side.startswith(MERCENARIES)


def pirate_types(settings: SpacePiratesSettings) -> dict[str, str]:
    """SP-I9's table read backwards: the pirate type a pirate ship of each fleet combat
    class is named by (the first type of that class)."""
    types: dict[str, str] = {}
    for pirate_type, row in settings.pirate_ship_table.items():
        types.setdefault(row.combat_class, pirate_type)
    return types


def ship_names(
    fleets: Sequence[Fleet], settings: SpacePiratesSettings
) -> dict[str, dict[str, str]]:
    """What each participant flying pirate ships calls its ships of each class, by the
    table in force (kept in each round's report, FC-I17)."""
    types = pirate_types(settings)
    return {
        fleet.faction: {c: types[c] for c in fleet.count_by_class() if c in types}
        for fleet in fleets
        if flies_pirate_ships(fleet.faction)
    }


def is_combat_ship(
    ship: RegisteredShip | PirateShip, settings: SpacePiratesSettings, combat: FleetCombatSettings
) -> bool:
    """A ship that fights (FC-I13: transports and colonizers do not)."""
    return combat.is_combat_class(combat_class(ship, settings))


class BattleLoss(BaseModel):
    """One participant's ships lost and surviving after a battle."""

    participant: str
    owner: str | None = None
    lost: dict[str, int] = Field(default_factory=dict)
    survivors: int = 0


class BattleSummary(BaseModel):
    """A pirate battle as the raid report keeps it; the rounds go to the battle log."""

    participants: list[str]
    rounds: int
    result: BattleResultKind
    mutual_wipe: bool = False
    retreated: bool = False
    losses: list[BattleLoss] = Field(default_factory=list)
    log_key: str = ""
    # SP-I43: whose each ship of a participant fighting for several owners (a shared
    # route's or orbit's ships) is, in ship-id order, so the battle's rounds name each
    # owner's ships and losses as theirs. Empty in battles kept before it was.
    owners: dict[str, list[str]] = Field(default_factory=dict)


@dataclass
class BattleRun:
    """A fought battle: the summary, the round reports and the survivors by participant."""

    summary: BattleSummary
    rounds: list[RoundReport]
    survivors: dict[str, list[AnyShip]] = field(default_factory=dict)
    destroyed: dict[str, list[AnyShip]] = field(default_factory=dict)


class BattleProgress(BaseModel):
    """A pirate battle paused before round `round` on the defender's retreat question
    (SP-I44, SP-I45): the fleet combat state, the rounds fought so far and the ships each
    participant started with (so the survivors map back to the registered ships)."""

    round: int
    combat: FleetCombatState
    rounds: list[RoundReport] = Field(default_factory=list)
    registered: dict[str, list[RegisteredShip]] = Field(default_factory=dict)
    pirate: dict[str, list[PirateShip]] = Field(default_factory=dict)
    retreat: bool = False

    def restore(self, sides: Sequence[Side]) -> None:
        """Give each side back the ships it started the battle with."""
        for side in sides:
            if side.name in self.registered:
                side.ships = list(self.registered[side.name])
            elif side.name in self.pirate:
                side.ships = list(self.pirate[side.name])


class RetreatAsked(Exception):
    """The defender side is asked whether to retreat before the next round (SP-I44)."""

    def __init__(self, progress: BattleProgress) -> None:
        super().__init__(progress.round)
        self.progress = progress


def _ask_retreat(
    settings: SpacePiratesSettings, combat: FleetCombatSettings, decided: int
) -> Callable[[Battle], bool] | None:
    """Before each round from `retreat_min_round` not yet decided, while a defender
    participant is still engaged (SP-I44); None when the defender may not retreat."""
    if not settings.defender_may_retreat:
        return None

    def ask(battle: Battle) -> bool:
        number = battle.next_round
        return (
            number >= combat.retreat_min_round
            and number > decided
            and any(p.side == DEFENDER_SIDE for p in battle.engaged())
        )

    return ask


def fight(
    sides: Sequence[Side],
    settings: SpacePiratesSettings,
    combat: FleetCombatSettings,
    dice: Dice,
    *,
    mutual_wipe_result: str,
    progress: BattleProgress | None = None,
    credits: Credits | None = None,
    title: Msg = BATTLE_TITLE,
) -> BattleRun:
    """Fight to the finish in the order given (SP-I11, FC-I17); capped by
    `auto_battle_max_rounds` (0 = none). A mutual wipe is scored per `mutual_wipe_result`
    (`defender_wins` or `pirates_win`).

    With `defender_may_retreat`, raises `RetreatAsked` before each round from round 2 (the
    battle so far in it); call again with that `progress`, its `retreat` set to the answer,
    to carry on (SP-I44). A retreat takes the whole defender side out together (FC-I15);
    pirates and privateers never retreat. A defender side that left has lost the battle.

    `credits` notes each die for the player whose side rolled it (`side_player`); `title`
    names the battle in its rolls' labels (`relabel_rolls`)."""
    participants: list[tuple[Fleet, str]] = []
    for side in sides:
        ships = [
            Ship(id=i, ship_class=combat_class(s, settings), wounds=s.wounds)
            for i, s in enumerate(side.ships, start=1)
        ]
        participants.append((Fleet(faction=side.name, point="", ships=ships), side.side))
    if progress is None:
        state = open_automatic(participants)
        earlier: list[RoundReport] = []
        decided = 0
    else:
        state = progress.combat.model_copy(deep=True)
        earlier = list(progress.rounds)
        decided = progress.round
        if progress.retreat:
            battle = state.battles[0]
            battle.retreats = [p.faction for p in battle.engaged() if p.side == DEFENDER_SIDE]
    rolled_by: dict[int, str] = {}
    first_roll = len(dice.records)
    fought = fight_automatic_rounds(
        state,
        combat,
        dice,
        max_rounds=settings.auto_battle_max_rounds,
        pause_before=_ask_retreat(settings, combat, decided),
        rolled_by=rolled_by,
    )
    if credits is not None:
        players = {side.name: side_player(side) for side in sides}
        for index, name in rolled_by.items():
            # The pirates' and their base's dice are nobody's luck (no player rolls them).
            player = players.get(name)
            credits.by_roll.setdefault(index, NOBODY if player is None else player)
    # Named as fought, whatever the table says later (SP-I9); a battle carried on after the
    # retreat question goes on naming its ships as its first rounds did.
    names = next((r.ship_names for r in earlier if r.ship_names is not None), None)
    if names is None:
        names = ship_names([fleet for fleet, _ in participants], settings)
    for report in fought:
        report.ship_names = names
    relabel_rolls(dice, first_roll, names, title)
    rounds = earlier + fought
    battle = state.battles[0]
    if battle.result is None:
        raise RetreatAsked(
            BattleProgress(
                round=battle.next_round,
                combat=state,
                rounds=rounds,
                registered={
                    s.name: [x for x in s.ships if isinstance(x, RegisteredShip)]
                    for s in sides
                    if s.ships and isinstance(s.ships[0], RegisteredShip)
                },
                pirate={
                    s.name: [x for x in s.ships if isinstance(x, PirateShip)]
                    for s in sides
                    if s.ships and isinstance(s.ships[0], PirateShip)
                },
            )
        )
    run = automatic_result(state, participants, rounds)
    retreated = bool(run.result.retreated)
    mutual = run.result.reason == "no_combat_ships_left"
    result: BattleResultKind
    if retreated:
        result = "pirate_victory"  # SP-I44: a retreat is a pirate victory
    elif run.result.reason == "round_cap":
        result = "stalemate"
    elif run.winning_side == DEFENDER_SIDE:
        result = "defender_victory"
    elif run.winning_side == PIRATE_SIDE or mutual_wipe_result == "pirates_win":
        result = "pirate_victory"
    else:
        result = "defender_victory"
    survivors: dict[str, list[AnyShip]] = {}
    destroyed: dict[str, list[AnyShip]] = {}
    losses: list[BattleLoss] = []
    for side in sides:
        left = {s.id: s.wounds for s in run.fleets[side.name].ships}
        kept = [
            s.model_copy(update={"wounds": left[i]})
            for i, s in enumerate(side.ships, start=1)
            if i in left
        ]
        survivors[side.name] = kept
        destroyed[side.name] = [s for i, s in enumerate(side.ships, start=1) if i not in left]
        lost: dict[str, int] = {}
        for s in destroyed[side.name]:
            name = combat_class(s, settings)
            lost[name] = lost.get(name, 0) + 1
        owner = side.contract.owner if side.contract else side.group.owner if side.group else None
        losses.append(
            BattleLoss(participant=side.name, owner=owner, lost=lost, survivors=len(kept))
        )
    summary = BattleSummary(
        participants=[s.name for s in sides],
        rounds=run.rounds_fought,
        result=result,
        mutual_wipe=mutual,
        retreated=retreated,
        losses=losses,
        owners=owners_of(sides),
    )
    return BattleRun(summary=summary, rounds=run.rounds, survivors=survivors, destroyed=destroyed)


def owners_of(sides: Sequence[Side]) -> dict[str, list[str]]:
    """The owner of each ship, in ship-id order, of every participant whose registered
    ships belong to several factions (SP-I43)."""
    owners: dict[str, list[str]] = {}
    for side in sides:
        ships = [s.owner for s in side.ships if isinstance(s, RegisteredShip)]
        if len(ships) == len(side.ships) and len(set(ships)) > 1:
            owners[side.name] = ships
    return owners


def kept_ships(
    ships: Sequence[RegisteredShip], fought: set[int], survivors: Mapping[int, RegisteredShip]
) -> list[RegisteredShip]:
    """A route's or orbit's ships after a battle some of them fought (`fought`, by id): the
    ones destroyed leave, the survivors stay with their wounds, the rest are unchanged
    (SP-I12, SP-I31)."""
    return [survivors.get(s.id, s) for s in ships if s.id not in fought or s.id in survivors]


def write_back_allies(
    sides: Sequence[Side],
    run: BattleRun,
    *,
    wipe: bool,
    turn: int,
    settings: SpacePiratesSettings,
) -> None:
    """The survivors of each mercenary contract and privateer group that fought: a contract
    left without ships ends when `mercenary_contract_ends_when_destroyed` (SP-I35); `wipe`
    loses every contract's ships (SP-I12)."""
    for side in sides:
        if side.contract is not None:
            kept = [] if wipe else run.survivors.get(side.name, [])
            side.contract.ships = [s for s in kept if isinstance(s, PirateShip)]
            if not side.contract.ships and settings.mercenary_contract_ends_when_destroyed:
                side.contract.ended_turn = turn
        elif side.group is not None:
            side.group.ships = [
                s for s in run.survivors.get(side.name, []) if isinstance(s, RegisteredShip)
            ]


# Fleet combat's labels of a battle's rolls, as this ruleset's: the battle by its title, not
# by fleet combat's number (an automatic battle's is 0, which names nothing here).
BATTLE_ROLLS = {
    ROLL_ATTACK: f"{P}roll.battle_attack",
    ROLL_DEFENCE: f"{P}roll.battle_defence",
    ROLL_WOUND_TIE: f"{P}roll.battle_wound_tie",
}


def _class_of(message: object) -> str | None:
    """The fleet combat class a class's name or count names (`class_name`, `class_count`)."""
    if not isinstance(message, Msg) or not message.key.startswith("fleet_combat."):
        return None
    if message.key.endswith(".custom"):
        return str(message.params.get("name"))
    return message.key.rsplit(".", 1)[1]


def relabel_rolls(
    dice: Dice, first: int, names: Mapping[str, Mapping[str, str]], title: Msg
) -> None:
    """The labels of the battle's rolls (`dice.records[first:]`, made just now and not yet
    in the log) as the raid report tells the battle: the battle by `title`, not fleet
    combat's number, participants as the report names them (`side_msg`) and ships flying
    for the pirates by pirate type (`names`: participant -> class -> type), so the log
    reads "1 raider of the pirate fleet → cruisers of Vega". The faces and their places
    are untouched."""
    for index in range(first, len(dice.records)):
        record = dice.records[index]
        message = purpose_message(record.purpose)
        if message is None or message.key not in BATTLE_ROLLS:
            continue
        params = {k: v for k, v in message.params.items() if k != "battle"}
        params["title"] = title
        if message.key == ROLL_WOUND_TIE:
            params["owner"] = side_msg(str(params["owner"]))
        else:
            shooter, target = str(params["side"]), str(params["target"])
            ships, aimed = params["ships"], params["target_class"]
            kind = names.get(shooter, {}).get(_class_of(ships) or "")
            if kind and isinstance(ships, Msg):
                params["ships"] = Msg(f"{P}count.{kind}", count=ships.params.get("count"))
            kind = names.get(target, {}).get(_class_of(aimed) or "")
            if kind:
                one = isinstance(aimed, Msg) and aimed.key.startswith("fleet_combat.class_one.")
                params["target_class"] = Msg(f"{P}class_one.{kind}" if one else f"{P}class.{kind}")
            params["side"], params["target"] = side_msg(shooter), side_msg(target)
        purpose = purpose_of(Msg(BATTLE_ROLLS[message.key], **params))
        dice.records[index] = record.model_copy(update={"purpose": purpose})


def fight_raid(
    state: SpacePiratesState,
    settings: SpacePiratesSettings,
    combat: FleetCombatSettings,
    dice: Dice,
    victim: str,
    turn: int,
    defence: tuple[list[RegisteredShip], list[Side], set[str]],
    pirates: list[PirateShip],
    progress: BattleProgress | None,
    credits: Credits | None = None,
    title: Msg = RAID_TITLE,
) -> tuple[list[Side], list[RegisteredShip], BattleRun]:
    """A raid's battle (SP-I10, SP-I11, SP-I21): the holder's ships (route or orbit) as the
    victim's participant, the stationed contracts, the pirates, then the privateers that
    join (SP-I36, not against `owners`, the defending factions). `progress` carries a battle
    paused on the retreat question on with the ships it started with (SP-I44). Returns the
    sides, the holder's ships as fought and the battle."""
    ships, mercenaries, owners = defence
    name = holder_name(victim, ships)
    if progress is not None and victim in progress.registered:
        name = victim  # a battle paused when the holder's ships were named by the victim
    holder = Side(name, DEFENDER_SIDE, list(ships), player=victim)
    sides: list[Side] = [holder] if ships else []
    sides += mercenaries
    sides.append(Side(PIRATES, PIRATE_SIDE, list(pirates)))
    for group in joining_privateers(state, settings, victim, owners, turn):
        sides.append(Side(privateer_label(group), PIRATE_SIDE, list(group.ships), group=group))
    if progress is not None:
        progress.restore(sides)
        if ships:
            ships = [s for s in sides[0].ships if isinstance(s, RegisteredShip)]
    wipe = settings.mutual_destruction_result
    run = fight(
        sides,
        settings,
        combat,
        dice,
        mutual_wipe_result=wipe,
        progress=progress,
        credits=credits,
        title=title,
    )
    return sides, ships, run


def joining_privateers(
    state: SpacePiratesState,
    settings: SpacePiratesSettings,
    victim: str,
    defender_owners: set[str],
    turn: int,
) -> list[PrivateerGroup]:
    """Groups that join a pirate battle against `victim`, in order of formation (SP-10.5,
    SP-I36, SP-I43): active, aimed at the victim (or any victim), and not facing their own
    owner's ships unless `privateers_fight_own_ships`."""
    groups = [
        g
        for g in state.privateers
        if g.active_in(turn)
        and (settings.privateers_join == "any_victim" or g.target == victim)
        and (settings.privateers_fight_own_ships or g.owner not in defender_owners)
    ]
    return sorted(groups, key=lambda g: (g.formed_turn, g.id))


def contracts_at(
    state: SpacePiratesState, kind: str, target: int, owners: set[str] | None = None
) -> list[MercenaryContract]:
    """Running contracts stationed at a route or planet with ships left, in hiring order
    (SP-I35, SP-I43: by hiring turn, then the order recorded)."""
    found = [
        c
        for c in state.contracts
        if c.active
        and c.ships
        and c.station.kind == kind
        and c.station.target == target
        and (owners is None or c.owner in owners)
    ]
    return sorted(found, key=lambda c: (c.hired_turn, c.id))


def mercenary_sides(
    state: SpacePiratesState, kind: str, target: int, owners: set[str] | None = None
) -> list[Side]:
    """The contracts stationed at a route or planet as defender-side participants, in hiring
    order (SP-I11, SP-I35, SP-I43)."""
    return [
        Side(mercenary_label(c), DEFENDER_SIDE, list(c.ships), contract=c)
        for c in contracts_at(state, kind, target, owners)
    ]
