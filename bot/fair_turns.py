"""Commit and reveal around turns: each turn opens with a seed whose sha256 is published, its
dice are derived from it, and the entry that closes it reveals it.

Each turn also opens with a held seed, committed in the same `seed_commitment`
(`held_sha256`): the dice of entries hidden past the turn's end (`secret_rolls.append_secret(
held=True)`, rolled inside `Dice.held()`) are derived from it, so the turn seed's reveal gives
them away no more. It is revealed (`held_reveal`) by the entry that publishes the last held
entry of its turn, or by the turn's closing entry when no held entry of the turn stays hidden.

The unit of work (bot/campaigns.py) calls in here: `turn_dice` builds the production `Dice`
of a command, `commit_turn` opens a campaign's first turn, `close_turn` reveals the closing
turn's secret rolls and seed and opens the next turn's, and `reopen_turn` rotates the seeds
when a GM undoes a turn end. Nothing here imports discord.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING
from typing import Any

from bot import secret_rolls
from bot.dice import Dice
from bot.dice import SystemFaces
from bot.fair_dice import HELD_DERIVATION
from bot.fair_dice import TurnSeedFaces
from bot.storage import seeds
from bot.storage.audit import append_entry
from bot.storage.database import Database
from bot.storage.sql import Conn
from bot.storage.undo import UndoJournal
from bot.storage.undo import UndoWrites

if TYPE_CHECKING:
    from bot.campaigns import Actor
    from bot.campaigns import UnitOfWork

CORE = "core"
PLAYER_SECRETS = "secret_rolls_for_players"  # core setting: players may roll in secret too


async def set_player_secrets(
    conn: Conn, campaign_id: int, raw: str, journal: UndoJournal | None = None
) -> bool:
    """`/campaign settings set core.secret_rolls_for_players true|false`; `journal` (the
    unit of work's) keeps the value it had, for an undo to put back."""
    from bot.settings_edit import FALSE_WORDS
    from bot.settings_edit import TRUE_WORDS
    from bot.settings_edit import SettingError

    word = raw.strip().lower()
    if word not in TRUE_WORDS and word not in FALSE_WORDS:
        raise SettingError(
            "error.setting_value", name=PLAYER_SECRETS, value=raw, allowed="true, false"
        )
    value = word in TRUE_WORDS
    await seeds.set_player_secrets(conn, campaign_id, value, journal)
    return value


async def players_roll_secretly(db: Database, campaign_id: int) -> bool:
    """Whether the campaign lets players (not only GMs) roll in secret."""
    return await seeds.player_secrets(db, campaign_id)


# Committed seeds read by `turn_dice`, per writer connection (read at the start of a unit of
# work, before it writes, so it is committed data; only `reopen_turn` replaces a turn's seed,
# and it forgets the campaign's). Saves a database round trip per command.
_seeds_read: weakref.WeakKeyDictionary[Conn, dict[tuple[int, int], seeds.TurnSeed]]
_seeds_read = weakref.WeakKeyDictionary()


def commitment_outcome(seed: seeds.TurnSeed, held: seeds.TurnSeed | None = None) -> dict[str, Any]:
    """The outcome keys that publish a turn's commitment (`seed_commitment`), with its held
    seed's (`held_sha256`)."""
    committed: dict[str, Any] = {"turn": seed.turn, "sha256": seed.commitment}
    if held is not None:
        committed["held_sha256"] = held.commitment
    return {"seed_commitment": committed}


def held_reveal(held: seeds.TurnSeed) -> dict[str, Any]:
    """One item of `held_reveal`: a turn's held seed, published."""
    return {"turn": -held.turn, "seed": held.seed.hex()}


async def _cached(conn: Conn, campaign_id: int, key: int) -> seeds.TurnSeed | None:
    known = _seeds_read.setdefault(conn, {})
    seed = known.get((campaign_id, key))
    if seed is None:
        seed = await seeds.seed_in(conn, campaign_id, key)
        if seed is not None:
            known[(campaign_id, key)] = seed
    return seed


async def turn_dice(conn: Conn, campaign_id: int, turn: int, actor: Actor) -> Dice:
    """The dice of one command: derived from the open turn's seed and the acting interaction.

    Held rolls (`Dice.held()`) are derived from the turn's held seed under their own
    derivation name. A campaign whose open turn has no seed yet (created before fair dice, or
    before held seeds, until the start-up commit gives it one) rolls those dice from the
    operating system, and its entries say so."""
    seed = await _cached(conn, campaign_id, turn)
    if seed is None:
        return Dice(SystemFaces())
    held = await _cached(conn, campaign_id, seeds.held_key(turn))
    interaction = actor.interaction_id
    return Dice(
        TurnSeedFaces(seed.seed, campaign=campaign_id, turn=turn, interaction=interaction),
        held=SystemFaces()
        if held is None
        else TurnSeedFaces(
            held.seed,
            campaign=campaign_id,
            turn=turn,
            interaction=interaction,
            derivation=HELD_DERIVATION,
        ),
    )


async def commit_turn(conn: Conn, campaign_id: int, turn: int) -> dict[str, Any]:
    """Open a turn's seed and held seed; returns the outcome keys that publish their
    commitments."""
    seed = await seeds.open_seed(conn, campaign_id, turn)
    return commitment_outcome(seed, await seeds.open_seed(conn, campaign_id, seeds.held_key(turn)))


async def reveal_unused_held(conn: Conn, campaign_id: int, turn: int) -> dict[str, Any]:
    """At turn `turn`'s end: its held seed is revealed now unless a held entry of the turn
    stays hidden (that entry's reveal publishes it then)."""
    key = seeds.held_key(turn)
    if await seeds.hidden_secrets(conn, campaign_id, key):
        return {}
    held = await seeds.drop_seed(conn, campaign_id, key)
    return {} if held is None else {"held_reveal": [held_reveal(held)]}


async def close_turn(uow: UnitOfWork, revealed: list[secret_rolls.Revealed]) -> dict[str, Any]:
    """At turn end, before the closing entry: reveal the turn's hidden secret rolls (the seed
    reveal makes their dice recomputable anyway) and the undone ones kept past a turn's end
    (`secret_rolls.append_secret(held=True)`), each added to `revealed` (for the turn's end
    to tell), then return the outcome keys revealing the closing turn's seed (and its held
    seed, unless a held entry of the turn stays hidden) and committing to the next turn's."""
    campaign = uow.campaign
    for secret in await seeds.hidden_secrets(uow.conn, campaign.id, campaign.turn):
        revealed.append(await secret_rolls.reveal(uow, secret, turn_end=campaign.turn))
    # A hidden entry kept past its turn's end, whose turn end a GM undid, decides nothing now.
    undo = UndoWrites(uow.conn)
    for secret in await seeds.hidden_held(uow.conn, campaign.id):
        if await undo.undone_by(campaign.id, secret.seq) is not None:
            revealed.append(await secret_rolls.reveal(uow, secret, turn_end=campaign.turn))
    outcome: dict[str, Any] = {}
    seed = await seeds.seed_in(uow.conn, campaign.id, campaign.turn)
    if seed is not None:
        outcome["seed_reveal"] = {"turn": seed.turn, "seed": seed.seed.hex()}
    outcome |= await reveal_unused_held(uow.conn, campaign.id, campaign.turn)
    return outcome | await commit_turn(uow.conn, campaign.id, campaign.turn + 1)


async def reopen_turn(conn: Conn, campaign_id: int, turn: int) -> dict[str, Any]:
    """A GM undid turn `turn`'s end, whose entry revealed its seed: the reopened turn must not
    draw from a seed anyone can read, so it gets a new one, published here (`seed_commitment`;
    its dice are checked when the turn ends again). The turn that end had opened is never
    played under its seed: that seed is revealed now (`seed_reveal`), so the dice of commands
    undone before it can still be checked, and the next end of turn `turn` commits a fresh
    one. The held seeds of both turns still unrevealed are revealed too (`held_reveal`): the
    held entries of the undone end decide nothing now (the next turn end publishes them),
    and the reopened turn gets a new held seed. Returns the outcome keys of the
    compensating entry."""
    outcome: dict[str, Any] = {}
    abandoned = await seeds.drop_seed(conn, campaign_id, turn + 1)
    if abandoned is not None:
        outcome["seed_reveal"] = {"turn": abandoned.turn, "seed": abandoned.seed.hex()}
    held = [
        held_reveal(dropped)
        for key in (seeds.held_key(turn + 1), seeds.held_key(turn))
        if (dropped := await seeds.drop_seed(conn, campaign_id, key)) is not None
    ]
    if held:
        outcome["held_reveal"] = held
    await seeds.drop_seed(conn, campaign_id, turn)
    for known in list(_seeds_read.values()):
        for key in (turn, turn + 1, seeds.held_key(turn), seeds.held_key(turn + 1)):
            known.pop((campaign_id, key), None)
    return outcome | await commit_turn(conn, campaign_id, turn)


async def commit_unseeded(db: Database) -> int:
    """At start-up: give every campaign whose open turn has no seed (created before fair
    dice) a seed and a held seed, published in a `turn open` entry before any command of it
    runs. (An open turn with a seed but no held seed, opened before held seeds, rolls its
    held dice from the operating system, hidden and reported as not provable; its end
    commits both seeds of the next turn. A `turn open` entry for it would be the newest
    entry, which no GM can undo, so the commands before it could not be undone.)"""
    opened = 0
    for campaign_id in await seeds.unseeded_campaigns(db):
        async with db.transaction() as conn:
            turn, owner = await seeds.open_turn_of(conn, campaign_id)
            if await seeds.seed_in(conn, campaign_id, turn) is not None:
                continue
            await seeds.drop_seed(conn, campaign_id, seeds.held_key(turn))
            outcome = await commit_turn(conn, campaign_id, turn)
            await append_entry(
                conn,
                campaign_id=campaign_id,
                turn=turn,
                ruleset=CORE,
                command="turn open",
                actor_id=owner,
                faction=None,
                options={"turn": turn},
                outcome=outcome,
                rolls=(),
            )
            opened += 1
    return opened
