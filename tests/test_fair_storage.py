"""Commit and reveal in the unit of work, without Discord: seeds stored per turn, entries that
say where their faces came from, the start-up commitment for campaigns from before fair dice,
and the state digest each entry carries (DESIGN "Dice", "Audit log")."""

from __future__ import annotations

import json

import pytest

from bot import fair_turns
from bot import secret_rolls
from bot.campaigns import Actor
from bot.campaigns import CampaignService
from bot.dice import Dice
from bot.storage import history
from bot.storage import seeds
from bot.storage.database import Database
from bot.storage.verify import verify_campaign
from bot.verify_log import Anchors

GM = Actor(user_id=1, interaction_id=1_200_000_000_000_000_001)


@pytest.fixture
async def db(database_target):
    database = await Database.open(database_target)
    yield database
    await database.close()


async def roll(service: CampaignService, campaign_id: int, actor: Actor, dice: int) -> None:
    async with service.work(campaign_id, actor) as uow:
        uow.dice.roll(dice, 6, "test")
        await uow.append("roll")


async def test_a_turn_end_reveals_the_seed_its_turn_committed_and_commits_the_next(db):
    """The create entry commits turn 1 and its held seed; the closing entry reveals both (no
    hidden entry keeps the held one) and commits turn 2's; the stored seeds are the ones
    revealed and committed."""
    service = CampaignService(db)
    campaign = await service.create(
        guild_id=1, channel_id=1, name="c", ruleset_keys=["fleet_combat"], actor=GM
    )
    first = await seeds.seed_of(db, campaign.id, 1)
    held = await seeds.seed_of(db, campaign.id, seeds.held_key(1))
    assert first is not None and held is not None and held.seed != first.seed
    await roll(service, campaign.id, GM, 3)
    await service.end_turn(campaign.id, 1, GM)
    entries = [e async for e in history.all_entries(db, campaign.id)]
    assert entries[0].outcome["seed_commitment"] == {
        "turn": 1,
        "sha256": first.commitment,
        "held_sha256": held.commitment,
    }
    closing = entries[-1]
    assert closing.outcome["seed_reveal"] == {"turn": 1, "seed": first.seed.hex()}
    assert closing.outcome["held_reveal"] == [{"turn": 1, "seed": held.seed.hex()}]
    assert await seeds.seed_of(db, campaign.id, seeds.held_key(1)) is None
    second = await seeds.seed_of(db, campaign.id, 2)
    second_held = await seeds.seed_of(db, campaign.id, seeds.held_key(2))
    assert second is not None and second.seed != first.seed and second_held is not None
    assert closing.outcome["seed_commitment"] == {
        "turn": 2,
        "sha256": second.commitment,
        "held_sha256": second_held.commitment,
    }
    verdict = await verify_campaign(db, campaign.id, Anchors())
    assert verdict.ok and verdict.derived_dice == 3 and verdict.open_turn == 2


async def test_a_campaign_from_before_fair_dice_is_committed_at_start_up(db):
    """A campaign whose open turn has no seed rolls from the OS (marked `system`, reported as
    not provable) until the start-up commitment; its later dice are derived and verify."""
    service = CampaignService(db)
    campaign = await service.create(guild_id=1, channel_id=2, name="old", ruleset_keys=[], actor=GM)
    async with db.transaction() as conn:
        await conn.execute("DELETE FROM turn_seeds")
    await roll(service, campaign.id, GM, 2)
    assert await fair_turns.commit_unseeded(db) == 1
    assert await fair_turns.commit_unseeded(db) == 0
    await roll(service, campaign.id, GM, 4)
    await service.end_turn(campaign.id, 1, GM)
    entries = [e async for e in history.all_entries(db, campaign.id)]
    assert entries[1].dice == {"source": "system"} and entries[2].command == "turn open"
    verdict = await verify_campaign(db, campaign.id, Anchors())
    assert verdict.ok and verdict.derived_dice == 4 and verdict.unprovable == 1


async def test_a_turn_opened_before_held_seeds_holds_its_held_dice_unprovable(db):
    """An open turn with a seed but no held seed (opened before held seeds) gets no new
    entry at start-up (it would be the newest, and no GM could undo what came before it):
    its held dice come from the operating system, hidden and reported as not provable, never
    from the turn seed its end reveals; that end commits both seeds of the next turn."""
    service = CampaignService(db)
    campaign = await service.create(guild_id=1, channel_id=5, name="h", ruleset_keys=[], actor=GM)
    async with db.transaction() as conn:
        await conn.execute("DELETE FROM turn_seeds WHERE turn = ?", (seeds.held_key(1),))
    assert await fair_turns.commit_unseeded(db) == 0
    async with service.work(campaign.id, GM) as uow:
        with uow.dice.held():
            uow.dice.roll(2, 6, "kept past the turn")
        held, _ = await secret_rolls.append_secret(
            uow, "held", options={}, outcome={}, ruleset="tiny", held=True
        )
    assert held.dice == {"source": "system"}
    await service.end_turn(campaign.id, 1, GM)
    async with service.work(campaign.id, GM) as uow:
        assert await secret_rolls.reveal_held(uow, held.seq) is not None
    entries = [e async for e in history.all_entries(db, campaign.id)]
    assert [e.command for e in entries].count("turn open") == 0
    assert not any("held_reveal" in e.outcome for e in entries)  # there was none to reveal
    assert "held_sha256" in entries[-2].outcome["seed_commitment"]  # turn 2 has both
    verdict = await verify_campaign(db, campaign.id, Anchors())
    assert verdict.ok and verdict.derived_dice == 0 and verdict.unprovable == 1


async def test_held_rolls_never_go_into_a_public_entry(db):
    """Rolls held past the turn's end are refused in an entry everyone reads (their faces
    would be public before the hidden entry that should keep them)."""
    service = CampaignService(db)
    campaign = await service.create(guild_id=1, channel_id=6, name="p", ruleset_keys=[], actor=GM)
    with pytest.raises(RuntimeError, match="held rolls stay in a held entry"):
        async with service.work(campaign.id, GM) as uow:
            with uow.dice.held():
                uow.dice.roll(1, 3, "kept past the turn")
            await uow.append("roll")
    entries = [e async for e in history.all_entries(db, campaign.id)]
    assert [e.command for e in entries] == ["campaign create"]


async def test_entries_made_with_test_dice_are_marked_and_not_provable(db):
    """Seeded dice stay for tests and simulations; verify says their entries cannot be
    re-derived instead of calling them fair."""
    service = CampaignService(db, dice_factory=lambda: Dice.seeded(3))
    campaign = await service.create(guild_id=1, channel_id=3, name="t", ruleset_keys=[], actor=GM)
    await roll(service, campaign.id, GM, 2)
    await service.end_turn(campaign.id, 1, GM)
    entries = [e async for e in history.all_entries(db, campaign.id)]
    assert entries[1].dice == {"source": "seeded"}
    verdict = await verify_campaign(db, campaign.id, Anchors())
    assert verdict.ok and verdict.unprovable == 1 and verdict.derived_dice == 0


async def test_each_entry_carries_the_state_it_leaves(db):
    """A state change made by a command is in its entry's digest; one made behind the bot's
    back (a ruleset's state edited in the database) is named by verify."""
    service = CampaignService(db)
    campaign = await service.create(
        guild_id=1, channel_id=4, name="s", ruleset_keys=["ottoman_piracy"], actor=GM
    )
    await service.join(campaign.id, Actor(user_id=2), "Venice")
    assert (await verify_campaign(db, campaign.id, Anchors())).ok
    (state,) = await db.fetchone("SELECT state FROM ruleset_state")
    async with db.transaction() as conn:  # behind the bot's back
        await conn.execute(
            "UPDATE ruleset_state SET state = ?", (json.dumps({**json.loads(state), "vp": 9}),)
        )
    verdict = await verify_campaign(db, campaign.id, Anchors())
    assert verdict.problem is not None and verdict.problem.kind == "state"
    assert verdict.problem.params["part"] == "ruleset ottoman_piracy"
    assert verdict.problem.seq == 2


async def test_a_rulesets_hidden_draw_uses_the_secret_roll_mechanism(db):
    """Hidden information (a card drawn for a hand): the entry shows only a commitment, the
    draw's die is derived like any other, and the turn's end reveals and verifies it."""
    from bot import secret_rolls

    service = CampaignService(db)
    campaign = await service.create(
        guild_id=1, channel_id=5, name="h", ruleset_keys=["ottoman_piracy"], actor=GM
    )
    async with service.work(campaign.id, GM) as uow:
        card = uow.dice.roll_one(7, "random card", clause="OP-6.2")
        entry, commitment = await secret_rolls.append_secret(
            uow, "hand draw", options={"hand": 7}, outcome={"card": card}, ruleset="ottoman_piracy"
        )
    public = await history.entry(db, campaign.id, entry.seq)
    assert public is not None and public.rolls == () and public.options == {"secret": True}
    assert public.outcome == {"secret_commitment": commitment}
    await service.end_turn(campaign.id, 1, GM)
    revealed = [
        e async for e in history.all_entries(db, campaign.id) if e.command == "entry reveal"
    ]
    assert revealed[0].outcome["secret_reveal"]["payload"]["outcome"] == {"card": card}
    verdict = await verify_campaign(db, campaign.id, Anchors())
    assert verdict.ok and verdict.derived_dice == 1


async def test_a_sealed_hidden_entry_keeps_who_made_it_apart_for_good(db):
    """A sealed entry (migration 014) names no actor and no faction; who made it is kept
    apart, its sha256 in the entry; the turn's end publishes the hidden part only, and the log
    verifies. A hidden entry not sealed keeps no sealed part and its actor, as before."""
    service = CampaignService(db)
    campaign = await service.create(
        guild_id=1, channel_id=7, name="s", ruleset_keys=["space_pirates"], actor=GM
    )
    player = Actor(user_id=2, interaction_id=1_200_000_000_000_000_002)
    sealed = secret_rolls.Sealed(player.user_id, "Vega")
    async with service.work(campaign.id, player) as uow:
        uow.dice.roll(2, 6, "strength")
        entry, _ = await secret_rolls.append_secret(
            uow,
            "pirates bribe",
            options={"faction": "Vega"},
            outcome={"summary": []},
            faction="Vega",
            ruleset="space_pirates",
            sealed=sealed,
        )
        plain, _ = await secret_rolls.append_secret(
            uow, "pirates offer", options={}, outcome={}, faction="Orion", ruleset="space_pirates"
        )
    public = await history.entry(db, campaign.id, entry.seq)
    assert public is not None and (public.actor_id, public.faction) == (0, None)
    assert public.outcome["sealed_commitment"] == sealed.commitment
    kept = await seeds.secret_of(db, campaign.id, entry.seq)
    assert kept is not None and kept.actor_id == player.user_id and kept.sealed == sealed.text
    assert "Vega" not in kept.payload  # the part the turn's end publishes
    other = await seeds.secret_of(db, campaign.id, plain.seq)
    assert other is not None and other.sealed is None
    assert (await history.entry(db, campaign.id, plain.seq)).actor_id == player.user_id
    assert await secret_rolls.sealed_parts(service.log, campaign.id) == {entry.seq: sealed}

    await service.end_turn(campaign.id, 1, GM)
    text = json.dumps([e.hashed_form() async for e in history.all_entries(db, campaign.id)])
    assert "Vega" not in text and sealed.nonce not in text
    verdict = await verify_campaign(db, campaign.id, Anchors())
    assert verdict.ok


async def test_cutting_the_newest_entries_leaves_a_state_the_remaining_head_does_not_cover(db):
    """Cutting the newest entries needs only log_count and log_head changed, and the chain
    alone passes; but when a cut entry changed the state, the newest remaining entry's digest
    no longer describes it, and verify names that entry."""
    service = CampaignService(db)
    campaign = await service.create(guild_id=1, channel_id=6, name="cut", ruleset_keys=[], actor=GM)
    await roll(service, campaign.id, GM, 1)
    await service.join(campaign.id, Actor(user_id=2), "Genoa")
    entries = [e async for e in history.all_entries(db, campaign.id)]
    kept = entries[-2]
    async with db.transaction() as conn:
        await conn.execute("DELETE FROM actions WHERE id = ?", (entries[-1].id,))
        await conn.execute(
            "UPDATE campaigns SET log_count = ?, log_head = ? WHERE id = ?",
            (kept.seq, kept.hash, campaign.id),
        )
    verdict = await verify_campaign(db, campaign.id, Anchors())
    assert verdict.problem is not None and verdict.problem.kind == "state"
    assert verdict.problem.seq == kept.seq and verdict.problem.params["part"] == "factions"


def test_a_sealed_part_kept_before_told_lines_reads_back_with_its_commitment():
    """A sealed part stored before its maker's told lines were kept (no "told") reads back
    with none and the same commitment; one with told lines keeps them outside the
    commitment, so the entry that named it still matches."""
    before = secret_rolls.canonical({"actor_id": 42, "faction": "Vega", "nonce": "ab" * 16})
    old = secret_rolls.Sealed.of(before)
    told = ({"key": "space_pirates.log.bribe", "params": {"victim": "Orion"}},)
    new = secret_rolls.Sealed(42, "Vega", "ab" * 16, told)

    assert old.told == () and old.kept == before
    assert old.commitment == new.commitment == secret_rolls.payload_commitment(before)
    assert secret_rolls.Sealed.of(new.kept) == new
