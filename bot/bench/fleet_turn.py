"""End of turn with many active fleet battles, through the real path (figures, no assertions).

`CampaignService.end_turn` on a temp-file SQLite campaign with the `fleet_combat` ruleset:
one round of every active battle (FC-I6), every die through the audited roller, the audit
entry and its rolls written in one batch, all in one transaction. The time is split into the
ruleset step, storage (state load/save, audit append, commit) and summary rendering (lines
in the reader's language and the embeds the cog would send).

The campaign is built by `build_state`: battles at their own points, mostly 2 participants
(10% three), 85% small (2–6 ships a side) and 15% large (10–24 a side); 45% fight their first
round, the rest have fought 1–5 rounds already (run by the real engine, so wounds and round
reports are real and go to the battles' logs; battles that ended then stay in the state as
history). Half the
participants have given legal fire orders for some of their groups, about 8% of battles past
round 1 have a retreat announced, and there are idle fleets away from any battle.
"""

from __future__ import annotations

import dataclasses
import functools
import gc
import statistics
import time
from collections.abc import Callable
from collections.abc import Iterator
from collections.abc import Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from bot import fair_turns
from bot.bench.seeding import GM
from bot.bench.seeding import bench_campaign
from bot.bench.timing import timed_end_of_turn
from bot.campaigns import CampaignService
from bot.campaigns import TurnEndReport
from bot.campaigns import UnitOfWork
from bot.dice import Dice
from bot.dice import simulation_rng
from bot.rules.fleet_combat import SPEC
from bot.rules.fleet_combat import Battle
from bot.rules.fleet_combat import FireOrder
from bot.rules.fleet_combat import FireTarget
from bot.rules.fleet_combat import Fleet
from bot.rules.fleet_combat import FleetCombatSettings
from bot.rules.fleet_combat import FleetCombatState
from bot.rules.fleet_combat import Participant
from bot.rules.fleet_combat import Ship
from bot.rules.fleet_combat import firing_groups
from bot.rules.fleet_combat.rounds import fight_round
from bot.rulesets import ArchiveRecord
from bot.storage.database import Database

FACTIONS = [f"House {i:02d}" for i in range(1, 61)]
# Class weights of a random ship: mostly light ships, a few heavy ones, some transports.
CLASS_WEIGHTS = {
    "fighter": 34,
    "destroyer": 24,
    "cruiser": 16,
    "carrier": 6,
    "dreadnought": 9,
    "war_sun": 1,
    "transport": 7,
    "colonizer": 3,
}
TURN = 10


@dataclasses.dataclass
class Mix:
    """What the generated campaign holds."""

    active_battles: int = 0
    finished_battles: int = 0
    large_battles: int = 0
    three_way: int = 0
    ships_in_battles: int = 0
    idle_fleets: int = 0
    orders: int = 0
    retreats: int = 0
    by_next_round: dict[int, int] = dataclasses.field(default_factory=dict)
    # the round reports of the rounds fought so far: the battles' logs in the archive
    log: list[ArchiveRecord] = dataclasses.field(default_factory=list)


def _ships(rng: Any, count: int, first_id: int) -> list[Ship]:
    classes = rng.choices(list(CLASS_WEIGHTS), weights=list(CLASS_WEIGHTS.values()), k=count)
    if all(c in ("transport", "colonizer") for c in classes):
        classes[0] = "fighter"
    order = list(CLASS_WEIGHTS)
    classes.sort(key=order.index)
    return [Ship(id=first_id + i, ship_class=c) for i, c in enumerate(classes)]


def build_state(
    battles: int, settings: FleetCombatSettings, seed: int = 1
) -> tuple[FleetCombatState, Mix]:
    """A campaign state with exactly `battles` active battles (see the module docstring)."""
    rng = simulation_rng(seed)
    warmup = Dice.seeded(seed)
    state = FleetCombatState(turn_order=list(FACTIONS))
    mix = Mix()
    point = 0
    while mix.active_battles < battles:
        point += 1
        name = f"Sector {point}"
        players = rng.sample(FACTIONS, 3 if rng.random() < 0.10 else 2)
        large = rng.random() < 0.15
        for faction in players:
            size = rng.randint(10, 24) if large else rng.randint(2, 6)
            ships = _ships(rng, size, state.next_ship_id)
            state.next_ship_id += size
            state.fleets.append(Fleet(faction=faction, point=name, ships=ships))
        attacker, targets = players[0], players[1:]
        age = rng.choices([0, 1, 2, 3, 4, 5], weights=[45, 25, 12, 8, 6, 4])[0]
        battle = Battle(
            id=state.next_battle_id,
            point=name,
            declared_turn=TURN - age,
            participants=[
                Participant(faction=f, side=f, joined_turn=TURN - age)
                for f in sorted(players, key=FACTIONS.index)
            ],
            hostile_pairs=sorted((min(attacker, t), max(attacker, t)) for t in targets),
        )
        state.next_battle_id += 1
        state.battles.append(battle)
        for back in range(age, 0, -1):
            report = fight_round(state, battle, settings, warmup, turn=TURN - back)
            mix.log.append(report.log_record())
            if not battle.active:
                break
        if not battle.active:
            mix.finished_battles += 1
            continue
        mix.active_battles += 1
        mix.large_battles += large
        mix.three_way += len(players) == 3
        mix.by_next_round[battle.next_round] = mix.by_next_round.get(battle.next_round, 0) + 1
        _give_orders(state, settings, battle, rng, mix)
    for index in range(battles // 2):
        faction = FACTIONS[index % len(FACTIONS)]
        size = rng.randint(3, 10)
        ships = _ships(rng, size, state.next_ship_id)
        state.next_ship_id += size
        state.fleets.append(Fleet(faction=faction, point=f"Home {index}", ships=ships))
        mix.idle_fleets += 1
    active = {(p.faction, b.point) for b in state.active_battles() for p in b.participants}
    mix.ships_in_battles = sum(len(f.ships) for f in state.fleets if (f.faction, f.point) in active)
    return state, mix


def _give_orders(
    state: FleetCombatState, settings: FleetCombatSettings, battle: Battle, rng: Any, mix: Mix
) -> None:
    engaged = [p.faction for p in battle.engaged()]
    if battle.next_round >= settings.retreat_min_round and rng.random() < 0.08:
        battle.retreats = [rng.choice(engaged)]
        mix.retreats += 1
    for faction in engaged:
        if faction in battle.retreats or rng.random() < 0.5:
            continue
        orders = []
        for group in firing_groups(state, settings, battle.id, faction):
            if group.legal_targets and rng.random() < 0.8:
                target = rng.choice(group.legal_targets)
                orders.append(
                    FireOrder(
                        ship_class=group.ship_class,
                        targets=[
                            FireTarget(opponent=target.opponent, target_class=target.target_class)
                        ],
                    )
                )
        if orders:
            battle.orders[faction] = orders
            mix.orders += 1


async def seed_campaigns(
    db: Database, state: FleetCombatState, copies: int, log: Sequence[ArchiveRecord] = ()
) -> tuple[CampaignService, list[int]]:
    """`copies` campaigns holding the same fleet combat state (and battle logs) at turn
    `TURN`."""
    service = CampaignService(db)
    ids: list[int] = []
    for copy in range(copies):
        campaign = await bench_campaign(service, 10_000 + copy, f"fleet turn {copy}", [SPEC.key])
        async with service.work(campaign.id, GM) as uow:
            for i, faction in enumerate(FACTIONS):
                await uow.writes.add_faction(campaign.id, faction, 100 + i)
            await uow.writes.set_turn(campaign.id, TURN)
            await uow.load(SPEC.key)
            await uow.archive(SPEC.key, log)
            await uow.record(
                SPEC.key,
                "bench setup",
                state,
                outcome=await fair_turns.commit_turn(uow.conn, campaign.id, TURN),
            )
        ids.append(campaign.id)
    return service, ids


class _Clock:
    """Seconds spent in named parts of one end of turn."""

    def __init__(self) -> None:
        self.parts: dict[str, float] = {}

    def add(self, part: str, seconds: float) -> None:
        self.parts[part] = self.parts.get(part, 0.0) + seconds


@contextmanager
def _timed_path(clock: _Clock) -> Iterator[None]:
    """Time the ruleset step and the unit of work's storage calls without changing them."""

    def wrap(name: str, method: Callable[..., Any]) -> Callable[..., Any]:
        async def timed(self: UnitOfWork, *args: Any, **kwargs: Any) -> Any:
            start = time.perf_counter()
            try:
                return await method(self, *args, **kwargs)
            finally:
                clock.add(name, time.perf_counter() - start)

        return timed

    methods = {name: getattr(UnitOfWork, name) for name in ("load", "save", "archive", "append")}
    for name, method in methods.items():
        setattr(UnitOfWork, name, wrap(name, method))
    try:
        with timed_end_of_turn(SPEC, "cogs.fleet_combat", functools.partial(clock.add, "step")):
            yield
    finally:
        for name, method in methods.items():
            setattr(UnitOfWork, name, method)


def render_summary(report: TurnEndReport, locale: str) -> int:
    """What the cog does with the report: lines in the reader's language, then embeds."""
    from bot.interactions import line_embeds

    embeds = 0
    for summary in report.summaries:
        lines = [m.render(locale) for m in summary.lines]
        embeds += len(line_embeds(summary.ruleset, lines, footer=str(summary.roll_count)))
    return embeds


async def measure(
    folder: Path, battles: int = 1000, repeat: int = 5, seed: int = 1, *, derived: bool = True
) -> tuple[dict[str, float], Mix]:
    """Median figures of `repeat` ends of turn, each on its own copy of the same campaign;
    with production dice derived from the turn seed, or (`derived=False`) seeded dice."""
    settings = FleetCombatSettings()
    start = time.perf_counter()
    state, mix = build_state(battles, settings, seed)
    build_s = time.perf_counter() - start
    db = await Database.open(folder / "fleet_turn.db")
    service, ids = await seed_campaigns(db, state, repeat, mix.log)
    samples: list[dict[str, float]] = []
    rolls = lines = embeds = 0
    for index, campaign_id in enumerate(ids):
        service.dice_factory = None if derived else functools.partial(Dice.seeded, seed + index)
        clock = _Clock()
        gc.collect()
        with _timed_path(clock):
            start = time.perf_counter()
            report = await service.end_turn(campaign_id, TURN, GM)
            total = time.perf_counter() - start
        start = time.perf_counter()
        gc.collect()
        collect = time.perf_counter() - start
        start = time.perf_counter()
        embeds = render_summary(report, "en")
        render = time.perf_counter() - start
        start = time.perf_counter()
        render_summary(report, "ru")
        render_ru = time.perf_counter() - start
        parts = clock.parts
        samples.append(
            {
                "total": total,
                "step": parts.get("step", 0.0),
                "load": parts.get("load", 0.0),
                "save": parts.get("save", 0.0),
                "archive": parts.get("archive", 0.0),
                "append": parts.get("append", 0.0),
                "other": total
                - sum(parts.get(k, 0.0) for k in ("step", "load", "save", "archive", "append")),
                "gc_after": collect,
                "render_en": render,
                "render_ru": render_ru,
            }
        )
        rolls = sum(s.roll_count for s in report.summaries)
        lines = sum(len(s.lines) for s in report.summaries)
    await db.close()
    figures = {
        f"fleet_turn_{key}_ms": statistics.median(s[key] for s in samples) * 1000
        for key in samples[0]
    }
    figures["fleet_turn_total_min_ms"] = min(s["total"] for s in samples) * 1000
    figures["fleet_turn_rolls"] = rolls
    figures["fleet_turn_lines"] = lines
    figures["fleet_turn_embeds"] = embeds
    figures["fleet_turn_state_kb"] = len(state.model_dump_json()) / 1024
    figures["fleet_turn_build_s"] = build_s
    return figures, mix
