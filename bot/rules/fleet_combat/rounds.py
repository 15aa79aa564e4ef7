"""One combat round (the spec's "round procedure"): volleys in turn order, defence dice per
hit, wound packets applied at the end of the round, transports, retreats, battle end.

`fight_round` (and `fight_rounds` for many battles) works on a state copy the caller owns;
the public, pure entry points are `battles.resolve_round` and the end-of-turn step.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from operator import attrgetter
from typing import NamedTuple

from bot.dice import MAX_DICE_PER_ROLL
from bot.dice import Dice
from bot.dice import purpose_of
from bot.i18n import Msg
from bot.rules.fleet_combat.damage import place_wounds
from bot.rules.fleet_combat.ladder import Ladder
from bot.rules.fleet_combat.messages import class_count
from bot.rules.fleet_combat.messages import target_name
from bot.rules.fleet_combat.models import Battle
from bot.rules.fleet_combat.models import BattleResult
from bot.rules.fleet_combat.models import FireOrder
from bot.rules.fleet_combat.models import FireTarget
from bot.rules.fleet_combat.models import Fleet
from bot.rules.fleet_combat.models import FleetCombatState
from bot.rules.fleet_combat.models import HeldFire
from bot.rules.fleet_combat.models import HoldReason
from bot.rules.fleet_combat.models import LostShip
from bot.rules.fleet_combat.models import PacketReport
from bot.rules.fleet_combat.models import Participant
from bot.rules.fleet_combat.models import RetreatMove
from bot.rules.fleet_combat.models import RoundReport
from bot.rules.fleet_combat.models import Ship
from bot.rules.fleet_combat.models import ShipHit
from bot.rules.fleet_combat.models import TargetSource
from bot.rules.fleet_combat.models import VolleyReport
from bot.rules.fleet_combat.models import point_key
from bot.rules.fleet_combat.settings import FleetCombatSettings

# The labels of a battle's dice (FC-5.10, FC-5.11, FC-I10), as `purpose_of` keeps them.
ROLL_ATTACK = "fleet_combat.roll.attack"
ROLL_DEFENCE = "fleet_combat.roll.defence"
ROLL_WOUND_TIE = "fleet_combat.roll.wound_tie"

# A safety net for "to the finish" loops: no default table can stall, a campaign table might.
ROUND_SAFETY_LIMIT = 1000

# The fleets of a state by (faction, `point_key`), for rounds of many battles (`fight_rounds`).
FleetIndex = dict[tuple[str, str], Fleet]
_ship_id = attrgetter("id")


@dataclass
class _Packet:
    volley: int
    group: int
    shooter: str
    shooter_class: str
    target: str
    target_class: str
    wounds: int
    cap: int


class _Aim(NamedTuple):
    opponent: str
    target_class: str
    dice: int
    source: TargetSource
    at_retreater: bool


class _Round:
    """Working data of one round on a state copy that the round may mutate."""

    def __init__(
        self,
        state: FleetCombatState,
        battle: Battle,
        settings: FleetCombatSettings,
        dice: Dice,
        *,
        turn: int | None,
        automatic: bool,
        round_cap: int,
        fleet_index: FleetIndex | None = None,
        prune: bool = True,
        ladder: Ladder | None = None,
        rolled_by: dict[int, str] | None = None,
    ) -> None:
        self.state = state
        self.battle = battle
        self.settings = settings
        self.dice = dice
        self.automatic = automatic
        self.round_cap = round_cap
        self.fleet_index = fleet_index
        self.prune = prune
        self.ladder = ladder if ladder is not None else Ladder(settings)
        # Who rolled each roll the round makes, by its index in the dice's records (see
        # `credit`); the caller keeps it for the audit entry.
        self.rolled_by: dict[int, str] = {} if rolled_by is None else rolled_by
        self.number = battle.next_round
        self.engaged: list[Participant] = battle.engaged()
        self.fleets: dict[str, Fleet] = {
            p.faction: self.fleet_of(p.faction) or Fleet(faction=p.faction, point=battle.point)
            for p in self.engaged
        }
        # FC-6.1, FC-6.4, FC-I15: retreats count from `retreat_min_round`. In automatic mode
        # nobody declares one; only a caller of `fight_automatic_rounds` may list a retreat.
        allowed = self.number >= settings.retreat_min_round
        engaged_names = {p.faction for p in self.engaged}
        self.retreating: list[str] = [f for f in battle.retreats if allowed and f in engaged_names]
        self.report = RoundReport(
            battle_id=battle.id,
            point=battle.point,
            round=self.number,
            turn=turn,
            retreating=list(self.retreating),
            deferred_damage=settings.deferred_damage,
            transport_loss_scope=settings.transport_loss_scope,
            retreat_distance=settings.retreat_distance_points,
        )
        self.packets: list[_Packet] = []
        self.kills_by_group: dict[int, int] = {}
        self.counts_cache: dict[str, dict[str, int]] = {}
        self.hostile_cache: dict[str, list[str]] = {}
        self.life = {name: stats.life for name, stats in settings.ship_stats.items()}
        # The life of each class a packet wounded, for the report (FC-I4).
        self.wounded_life: dict[str, int] = {}
        self.groups = 0
        self.armed_at_start: set[str] = set()

    def credit(self, faction: str, first: int) -> None:
        """The rolls made since record `first` were `faction`'s: its attack, its defence, the
        die choosing which of its ships takes a wound."""
        for index in range(first, len(self.dice.records)):
            self.rolled_by[index] = faction

    def fleet_of(self, faction: str) -> Fleet | None:
        """`faction`'s fleet at the battle's point (through the index when there is one)."""
        if self.fleet_index is not None:
            return self.fleet_index.get((faction, point_key(self.battle.point)))
        return self.state.fleet(faction, self.battle.point)

    # --- fleets as counts -----------------------------------------------------------------

    def set_wounds(self, faction: str, ship: Ship, wounds: int) -> Ship:
        """Put `wounds` on a ship of `faction`'s fleet: a new ship in the ship's place (ships
        are frozen and shared with the state the round started from)."""
        new = ship.with_wounds(wounds)
        ships = self.fleets[faction].ships
        for index, kept in enumerate(ships):
            if kept is ship:
                ships[index] = new
                return new
        msg = f"ship #{ship.id} is not in {faction}'s fleet at {self.battle.point}"
        raise LookupError(msg)

    def alive(self, faction: str, ship_class: str | None = None) -> list[Ship]:
        """Ships of `faction` not destroyed (this round included), in id order."""
        life = self.life
        ships = [
            s
            for s in self.fleets[faction].ships
            if s.wounds < life[s.ship_class] and (ship_class is None or s.ship_class == ship_class)
        ]
        return sorted(ships, key=_ship_id)

    def combat_counts(self, faction: str) -> dict[str, int]:
        """Alive combat ships by class (FC-I8 looks at these); cached until wounds change."""
        cached = self.counts_cache.get(faction)
        if cached is not None:
            return cached
        counts: dict[str, int] = {}
        combat = self.ladder.combat  # `settings.is_combat_class`
        for ship in self.alive(faction):
            if ship.ship_class in combat:
                counts[ship.ship_class] = counts.get(ship.ship_class, 0) + 1
        self.counts_cache[faction] = counts
        return counts

    def has_combat_ships(self, faction: str) -> bool:
        """Does `faction` still have a combat ship in the battle?"""
        return bool(self.combat_counts(faction))

    # --- volleys --------------------------------------------------------------------------

    def fight(self) -> RoundReport:
        """The whole round: every volley, then the end of the round; returns the report."""
        # FC-5.9: who had a combat ship when the round began (transports lost without one
        # were never escorted; the report words their loss so)
        self.armed_at_start = {p.faction for p in self.engaged if self.has_combat_ships(p.faction)}
        self.fire_all()
        self.finish()
        return self.report

    def fire_all(self) -> None:
        """FC-4.4–4.6: each participant in turn order fires all its groups (retreaters none)."""
        for participant in self.engaged:
            if participant.faction in self.retreating:
                continue  # FC-6.2: the retreating player does not fire
            orders = [] if self.automatic else self.battle.orders.get(participant.faction, [])
            by_class = {o.ship_class: o for o in orders}
            classes = list(self.combat_counts(participant.faction))
            for ship_class in self.ladder.firing_order(classes, orders):
                self.fire_group(participant.faction, ship_class, by_class.get(ship_class))

    def hold(self, shooter: str, ship_class: str, reason: HoldReason) -> None:
        """A group that fires nothing, told in its place among the round's volleys (FC-I7)."""
        after = len(self.report.volleys)
        self.report.held.append(
            HeldFire(shooter=shooter, ship_class=ship_class, reason=reason, after=after)
        )

    def fire_group(self, shooter: str, ship_class: str, order: FireOrder | None) -> None:
        """One group's volley(s): fix the target, roll attack then defence, record packets."""
        settings = self.settings
        size = self.combat_counts(shooter).get(ship_class, 0)  # a group is a combat class
        stats = settings.stats_of(ship_class)
        if size == 0:
            return
        if stats.attack_hit is None or stats.attack_dice == 0:
            self.hold(shooter, ship_class, "no_attack")
            return
        if order is not None and order.hold and settings.allow_hold_fire:
            self.hold(shooter, ship_class, "hold_order")
            return
        if order is None and not self.automatic and settings.missing_orders == "hold_fire":
            self.hold(shooter, ship_class, "missing_orders")
            return
        aims = self.aim(shooter, ship_class, size * stats.attack_dice, order)
        if not aims:
            self.hold(shooter, ship_class, "no_target")
            return
        group = self.groups
        self.groups += 1
        for aim in aims:
            self.volley(shooter, ship_class, size, group, aim)

    def aim(
        self, shooter: str, ship_class: str, total_dice: int, order: FireOrder | None
    ) -> list[_Aim]:
        """Targets for a group: its order when legal, else the automatic policy (FC-I17)."""
        hostile = self.hostile_cache.get(shooter)
        if hostile is None:
            hostile = self.hostile_cache[shooter] = [
                p.faction
                for p in self.engaged
                if p.faction != shooter and self.battle.hostile(shooter, p.faction)
            ]
        pairs = [(f, self.combat_counts(f)) for f in hostile]
        ladder = self.ladder
        source, options, parting, wanted = ladder.read_order(
            ship_class, pairs, self.retreating, order
        )
        if source is None:
            return []
        if source == "order":
            return self.split(wanted, total_dice, parting)
        pick = ladder.choose(options)
        assert pick is not None
        return [_Aim(pick.opponent, pick.target_class, total_dice, source, parting)]

    def split(self, wanted: list[FireTarget], total_dice: int, parting: bool) -> list[_Aim]:
        """Dice per target part (FC-I7 `allow_split_fire`); the last part takes the rest."""
        aims: list[_Aim] = []
        left = total_dice
        for index, target in enumerate(wanted):
            last = index == len(wanted) - 1
            dice = left if last or target.dice is None else min(target.dice, left)
            if dice > 0:
                aims.append(_Aim(target.opponent, target.target_class, dice, "order", parting))
            left -= dice
        return aims

    def volley(self, shooter: str, ship_class: str, size: int, group: int, aim: _Aim) -> None:
        """FC-5.10–5.12: roll the attack dice, then one defence die per hit."""
        settings = self.settings
        stats = settings.stats_of(ship_class)
        target_stats = settings.stats_of(aim.target_class)
        hit_on = stats.attack_hit or 1
        targets = self.combat_counts(aim.opponent).get(aim.target_class, 0)
        # The label is stored and hashed with the dice: a catalog key with its parameters
        # (`purpose_of`), so each reader reads it in their language, ship classes too.
        label = {
            "battle": self.battle.id,
            "round": self.number,
            "side": shooter,
            "ships": class_count(ship_class, size),
            "target": aim.opponent,
            "target_class": target_name(aim.target_class, targets),
        }
        first = len(self.dice.records)
        attack = purpose_of(Msg(ROLL_ATTACK, **label))
        faces = roll_many(self.dice, aim.dice, settings.die_faces, attack, "FC-5.10", hit_on)
        self.credit(shooter, first)
        hits = sum(1 for f in faces if f >= hit_on)  # FC-1.2
        defence_faces: list[int] = []
        wounds = hits
        blocks_on = None
        if target_stats.defence is not None:  # FC-I3: a face equal to D blocks, or wounds
            blocks_on = target_stats.defence + (0 if settings.defence_blocks_on_equal else 1)
        if hits and blocks_on is not None:  # FC-5.11: only if the class has defence
            first = len(self.dice.records)
            defence = purpose_of(Msg(ROLL_DEFENCE, **label))
            defence_faces = roll_many(
                self.dice, hits, settings.die_faces, defence, "FC-5.11", blocks_on
            )
            self.credit(aim.opponent, first)  # the defender rolls its defence (FC-5.11)
            wounding, target_class = settings.defence_wounds, aim.target_class
            wounds = sum(1 for f in defence_faces if wounding(target_class, f))
        cap = size if settings.kill_cap else None
        index = len(self.report.volleys)
        self.report.volleys.append(
            VolleyReport(
                shooter=shooter,
                ship_class=ship_class,
                ships=size,
                target=aim.opponent,
                target_class=aim.target_class,
                source=aim.source,
                at_retreater=aim.at_retreater,
                attack_dice=aim.dice,
                hit_on=hit_on,
                attack_faces=faces,
                hits=hits,
                defence=target_stats.defence,
                defence_faces=defence_faces,
                wounds=wounds,
                kill_cap=cap,
                blocks_on=blocks_on,
                targets=targets,
            )
        )
        packet = _Packet(
            index, group, shooter, ship_class, aim.opponent, aim.target_class, wounds, size
        )
        if settings.deferred_damage:
            self.packets.append(packet)  # FC-5.13, FC-I9: applied at the end of the round
        else:
            self.apply(packet)

    # --- end of round ---------------------------------------------------------------------

    def apply(self, packet: _Packet) -> None:
        """FC-I10–I12: place one packet on its class, most wounded first, capped, then burn."""
        settings = self.settings
        report = PacketReport(
            volley=packet.volley,
            shooter=packet.shooter,
            target=packet.target,
            target_class=packet.target_class,
            wounds=packet.wounds,
        )
        remaining = packet.wounds
        target_class = packet.target_class
        self.counts_cache.clear()
        while remaining > 0:
            ships = self.alive(packet.target, target_class)
            if ships:
                budget = None
                if settings.kill_cap:
                    budget = packet.cap - self.kills_by_group.get(packet.group, 0)
                wounds = [s.wounds for s in ships]
                life = settings.stats_of(target_class).life
                placed = place_wounds(
                    wounds,
                    life,
                    remaining,
                    kills_allowed=budget,
                    overflow_lost=settings.kill_cap_overflow == "lost",
                    pick=self.tie_breaker(packet.target, ships),
                )
                self.counts_cache.clear()
                if placed.touched:
                    self.wounded_life[target_class] = life
                for index, added, destroyed in placed.touched:
                    ship = self.set_wounds(packet.target, ships[index], wounds[index])
                    report.hits.append(
                        ShipHit(
                            ship_id=ship.id,
                            wounds_added=added,
                            wounds=ship.wounds,
                            destroyed=destroyed,
                            ship_class=ship.ship_class,
                        )
                    )
                report.kills += placed.kills
                report.lost_to_cap += placed.lost_to_cap
                self.kills_by_group[packet.group] = (
                    self.kills_by_group.get(packet.group, 0) + placed.kills
                )
                remaining = placed.unplaced
                if remaining == 0:
                    break
            spill = None if settings.burn_excess else self.spill_class(packet)
            if spill is None:
                report.burned += remaining  # FC-5.16, FC-5.17, FC-I12
                break
            report.spilled_to.append(spill)
            target_class = spill
        self.report.packets.append(report)

    def spill_class(self, packet: _Packet) -> str | None:
        """`burn_excess = false`: the class the excess moves to (ladder + automatic policy)."""
        counts = self.combat_counts(packet.target)
        options = self.ladder.options(packet.shooter_class, [(packet.target, counts)])
        pick = self.ladder.choose(options)
        return None if pick is None else pick.target_class

    def tie_breaker(self, owner: str, ships: list[Ship]) -> Callable[[list[int]], int]:
        """FC-I10 `wound_tie_break`: lowest id, the owner's priority list, or a die."""
        settings = self.settings
        if settings.wound_tie_break == "owner_choice":
            priority = self.battle.damage_priority.get(owner, [])

            def by_owner(tied: list[int]) -> int:
                def rank(i: int) -> tuple[int, int]:
                    ship_id = ships[i].id
                    return (
                        priority.index(ship_id) if ship_id in priority else len(priority),
                        ship_id,
                    )

                return min(tied, key=rank)

            return by_owner
        if settings.wound_tie_break == "random":

            def by_die(tied: list[int]) -> int:
                first = len(self.dice.records)
                # The label is stored and hashed with the die, as the volleys' are: a catalog
                # key with its parameters. Entries written before keep theirs.
                tied_ids = ", ".join(f"#{ships[i].id}" for i in tied)
                label = Msg(
                    ROLL_WOUND_TIE,
                    battle=self.battle.id,
                    round=self.number,
                    owner=owner,
                    ships=tied_ids,
                )
                face = self.dice.roll_one(len(tied), purpose_of(label), clause="FC-I10")
                self.credit(owner, first)
                return tied[face - 1]

            return by_die
        return lambda tied: tied[0]  # ships come sorted by id

    def finish(self) -> None:
        """End of round: packets, reserve, transports (FC-I13), retreats (FC-I15), end (FC-I16)."""
        for packet in self.packets:
            self.apply(packet)
        self.report.class_life = self.wounded_life
        self.destroy_transports()
        self.move_destroyed_to_reserve()
        for faction in self.retreating:
            participant = self.battle.participant(faction)
            assert participant is not None
            participant.status = "left"
            participant.left_round = self.number
            self.report.left.append(faction)
            if not self.fleets[faction].ships:
                self.report.left_without_ships.append(faction)
            elif not self.automatic:  # FC-6.3: it moves at once; until recorded, it owes
                # the move (automatic battles belong to other rulesets, which move it)
                owed = RetreatMove(
                    faction=faction,
                    point=self.battle.point,
                    battle=self.battle.id,
                    distance=self.settings.retreat_distance_points,
                )
                self.state.retreat_moves = [
                    *self.state.without_retreat_move(faction, self.battle.point),
                    owed,
                ]
            if not self.settings.wounds_persist_between_battles:
                clear_wounds(self.fleets[faction])
        self.battle.rounds_fought = self.number
        self.battle.orders = {}
        self.battle.retreats = []
        self.report.remaining = {
            p.faction: list(self.fleets[p.faction].ships) for p in self.battle.engaged()
        }
        result = self.battle_result()
        if result is not None:
            end_battle(self.state, self.battle, self.settings, result, fleet_of=self.fleet_of)
            self.report.result = result
        if self.prune:
            prune_empty_fleets(self.state, self.battle)

    def destroy_transports(self) -> None:
        """FC-5.9, FC-I13: a side (or participant) without combat ships loses its transports."""
        settings = self.settings
        stayers = [p for p in self.engaged if p.faction not in self.retreating]
        for participant in self.engaged:
            faction = participant.faction
            if faction in self.retreating or settings.transport_loss_scope == "participant":
                unit = [faction]
            else:
                unit = [p.faction for p in stayers if p.side == participant.side]
            if any(self.has_combat_ships(f) for f in unit):
                continue
            if not settings.transports_die_on_mutual_wipe and not any(
                self.has_combat_ships(p.faction)
                for p in self.engaged
                if self.battle.hostile(faction, p.faction)
            ):
                continue
            self.counts_cache.clear()
            lost = self.alive(faction)
            if lost and not any(f in self.armed_at_start for f in unit):
                self.report.transports_unescorted.append(faction)
            for ship in lost:
                self.set_wounds(faction, ship, settings.stats_of(ship.ship_class).life)
                self.report.losses.append(
                    LostShip(
                        faction=faction,
                        ship_id=ship.id,
                        ship_class=ship.ship_class,
                        cause="transport",
                    )
                )

    def move_destroyed_to_reserve(self) -> None:
        """FC-3.1, FC-5.21: ships whose wounds reach their life go to the reserve."""
        transports = {(loss.faction, loss.ship_id) for loss in self.report.losses}
        wound_losses: list[LostShip] = []
        life = self.life
        for participant in self.engaged:
            fleet = self.fleets[participant.faction]
            kept: list[Ship] = []
            for ship in fleet.ships:
                if ship.wounds < life[ship.ship_class]:
                    kept.append(ship)
                    continue
                reserve = self.state.reserve.setdefault(participant.faction, {})
                reserve[ship.ship_class] = reserve.get(ship.ship_class, 0) + 1
                if (participant.faction, ship.id) not in transports:
                    wound_losses.append(
                        LostShip(
                            faction=participant.faction,
                            ship_id=ship.id,
                            ship_class=ship.ship_class,
                            cause="wounds",
                        )
                    )
            fleet.ships = kept
        self.report.losses = wound_losses + self.report.losses

    def battle_result(self) -> BattleResult | None:
        """FC-I16: over when no two hostile participants both still have combat ships."""
        engaged = self.battle.engaged()
        holders = [p.faction for p in engaged if self.has_combat_ships(p.faction)]
        retreated = [p.faction for p in self.battle.participants if p.status == "left"]
        if not any(self.battle.hostile(a, b) for a, b in combinations(holders, 2)):
            if not engaged:
                reason = "all_left"
            elif holders:
                reason = "one_side_remains"
            else:
                reason = "no_combat_ships_left"
            return BattleResult(reason=reason, holders=holders, retreated=retreated)
        if self.round_cap and self.number >= self.round_cap:
            return BattleResult(reason="round_cap", holders=holders, retreated=retreated)
        return None


def roll_many(
    dice: Dice, count: int, sides: int, purpose: str, clause: str, hit_on: int
) -> list[int]:
    """Roll `count` dice through the audited roller, in rolls of at most MAX_DICE_PER_ROLL."""
    faces: list[int] = []
    while count > 0:
        batch = min(count, MAX_DICE_PER_ROLL)
        faces += dice.roll(batch, sides, purpose, clause=clause, hit_on=hit_on)
        count -= batch
    return faces


def clear_wounds(fleet: Fleet) -> None:
    """Remove every wound token of a fleet (FC-I14 alternative, or a repair command)."""
    fleet.ships = [ship.with_wounds(0) for ship in fleet.ships]


def end_battle(
    state: FleetCombatState,
    battle: Battle,
    settings: FleetCombatSettings,
    result: BattleResult,
    *,
    fleet_of: Callable[[str], Fleet | None] | None = None,
) -> None:
    """Close a battle: record the result; survivors keep their wounds unless FC-I14 says not.

    `fleet_of(faction)` finds a participant's fleet at the point (default: search the state).
    """
    battle.result = result
    battle.orders = {}
    battle.retreats = []
    if not settings.wounds_persist_between_battles:
        for participant in battle.engaged():
            if fleet_of is not None:
                fleet = fleet_of(participant.faction)
            else:
                fleet = state.fleet(participant.faction, battle.point)
            if fleet is not None:
                clear_wounds(fleet)


def prune_empty_fleets(state: FleetCombatState, *battles: Battle) -> None:
    """Drop the fleets of these battles' participants (at the battle's point) with no ship left.

    One pass for any number of battles: the same as pruning after each battle in turn, as a
    round only ever removes ships from its own participants' fleets at its own point.
    """
    names: dict[str, set[str]] = {}
    for battle in battles:
        key = point_key(battle.point)
        names.setdefault(key, set()).update(p.faction for p in battle.participants)
    state.fleets = [
        f for f in state.fleets if f.ships or f.faction not in names.get(point_key(f.point), ())
    ]


def fleet_index(state: FleetCombatState) -> FleetIndex:
    """The state's fleets by (faction, `point_key`); the first one wins, as in `state.fleet`."""
    index: FleetIndex = {}
    for fleet in state.fleets:
        index.setdefault((fleet.faction, point_key(fleet.point)), fleet)
    return index


def fight_round(
    state: FleetCombatState,
    battle: Battle,
    settings: FleetCombatSettings,
    dice: Dice,
    *,
    turn: int | None,
    automatic: bool = False,
    round_cap: int | None = None,
    rolled_by: dict[int, str] | None = None,
) -> RoundReport:
    """Fight one round of `battle` (which belongs to `state`), mutating both; returns the report.

    `automatic` fires every group on the FC-I17 policy and ignores orders (a retreat counts
    only when the automatic battle's caller listed it, `fight_automatic_rounds`).
    `round_cap` overrides `settings.max_rounds` (0 = none). Many battles: `fight_rounds`.
    `rolled_by` receives the faction that rolled each roll, by its index in `dice.records`.
    """
    return _Round(
        state,
        battle,
        settings,
        dice,
        turn=turn,
        automatic=automatic,
        round_cap=settings.max_rounds if round_cap is None else round_cap,
        rolled_by=rolled_by,
    ).fight()


def fight_rounds(
    state: FleetCombatState,
    battles: Sequence[Battle],
    settings: FleetCombatSettings,
    dice: Dice,
    *,
    turn: int | None,
    rounds_each: int,
    rolled_by: dict[int, str] | None = None,
) -> list[RoundReport]:
    """Up to `rounds_each` rounds of each of `battles` (all in `state`), battle by battle,
    stopping a battle when it ends: the same as `fight_round` in a loop, with one fleet index
    and one pass dropping emptied fleets for all of them (the end of turn, FC-I6).
    `rolled_by` receives the faction that rolled each roll, by its index in `dice.records`."""
    fleets = fleet_index(state)
    ladder = Ladder(settings)
    reports: list[RoundReport] = []
    for battle in battles:
        previous: RoundReport | None = None
        for _ in range(rounds_each):
            if previous is not None:
                previous.fought_on = True  # FC-I6: no freeze between rounds of one resolution
            report = _Round(
                state,
                battle,
                settings,
                dice,
                turn=turn,
                automatic=False,
                round_cap=settings.max_rounds,
                fleet_index=fleets,
                prune=False,
                ladder=ladder,
                rolled_by=rolled_by,
            ).fight()
            reports.append(report)
            if report.ended:
                break
            previous = report
    prune_empty_fleets(state, *battles)
    return reports
