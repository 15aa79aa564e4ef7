"""`/roll` with the forms players know from other bots, and saved rolls per player and
campaign (`/rolls save|list|delete`, `/roll dice:<name>`), through Discord's slash path."""

from __future__ import annotations

from tests.e2e.play import refused_alone


async def test_success_counting_roll_shows_marked_faces_and_its_audit(campaign):
    campaign.script_dice([5, 2, 6, 1, 3, 5])
    reply = await campaign.slash("/roll dice:6d6>=5", as_="player1")
    assert reply.embed.title == "🎲 3"
    assert reply.embed.description == "6d6>=5 (**5**, 2, **6**, 1, 3, **5**) = 3 successes"
    shown = await campaign.slash("/history show entry:2", as_="player2")
    assert shown.embed.field("1. 6d6>=5") == reply.embed.description


async def test_repeated_roll_titles_every_total_and_logs_each_die(campaign):
    campaign.script_dice([14, 7, 19])
    reply = await campaign.slash("/roll dice:3#1d20 reason:initiative", as_="player1")
    assert reply.embed.title == "🎲 initiative: 14, 7, 19"
    assert reply.embed.description.splitlines()[1] == "2. 1d20 (7) = 7"
    shown = await campaign.slash("/history show entry:2", as_="player1")
    assert shown.embed.field("3. initiative (3/3)") == "1d20 (19) = 19"


async def test_save_list_and_roll_a_saved_roll(campaign):
    saved = await campaign.slash("/rolls save name:Attack expression:1d20+5", as_="player1")
    assert saved.ephemeral
    assert saved.embed.title == "Saved roll “Attack”: 1d20+5"
    await campaign.slash("/rolls save name:broadside expression:3d6!*10", as_="player1")
    listed = await campaign.slash("/rolls list", as_="player1")
    assert listed.ephemeral
    assert listed.embed.title == "Your 2 saved rolls in this campaign"
    assert listed.embed.description == "**Attack** — `1d20+5`\n**broadside** — `3d6!*10`"
    campaign.script_dice([12])
    rolled = await campaign.slash("/roll dice:attack", as_="player1")
    assert not rolled.ephemeral
    assert rolled.embed.title == "🎲 Attack: 17"
    assert rolled.embed.description == "1d20 (12) + 5 = 17"
    others = await campaign.slash("/rolls list", as_="player2")
    assert "no saved rolls" in others.embed.title


async def test_saving_a_name_again_replaces_it_and_delete_removes_it(campaign):
    await campaign.slash("/rolls save name:attack expression:1d20+5", as_="player1")
    again = await campaign.slash("/rolls save name:ATTACK expression:1d20+6", as_="player1")
    assert again.embed.title == "Saved roll “ATTACK” replaced: 1d20+6"
    gone = await campaign.slash("/rolls delete name:attack", as_="player1")
    assert gone.ephemeral and "deleted" in gone.embed.title
    missing = await campaign.slash("/rolls delete name:attack", as_="player1")
    assert missing.ephemeral and "no saved roll named “attack”" in missing.text()


async def test_autocomplete_offers_the_players_own_saved_rolls(campaign):
    await campaign.slash("/rolls save name:attack expression:1d20+5", as_="player1")
    await campaign.slash("/rolls save name:broadside expression:6d6>=5", as_="player1")
    await campaign.slash("/rolls save name:aboard expression:d6", as_="player1")
    await campaign.slash("/rolls save name:ambush expression:2d6", as_="player2")
    choices = await campaign.autocomplete("/roll dice:at", as_="player1")
    assert [(c.name, c.value) for c in choices] == [("attack — 1d20+5", "attack")]
    names_first = await campaign.autocomplete("/roll dice:b", as_="player1")
    assert [c.value for c in names_first] == ["broadside", "aboard"]  # starts with, then has
    every = await campaign.autocomplete("/roll dice:", as_="player1")
    assert [c.value for c in every] == ["aboard", "attack", "broadside"]
    deleting = await campaign.autocomplete("/rolls delete name:BROAD", as_="player1")
    assert [c.value for c in deleting] == ["broadside"]


async def test_a_bad_expression_is_refused_privately_and_nothing_is_saved(campaign):
    refused = await campaign.slash("/rolls save name:attack expression:1d20+*5", as_="player1")
    assert refused.ephemeral
    assert "column 6" in refused.text()
    assert "1d20+*5\n     ^" in refused.embed.description
    dice_name = await campaign.slash("/rolls save name:d20 expression:1d20", as_="player1")
    assert dice_name.ephemeral and "reads as a dice expression" in dice_name.text()
    listed = await campaign.slash("/rolls list", as_="player1")
    assert "no saved rolls" in listed.embed.title
    history = await campaign.slash("/history list", as_="player1")
    assert "roll" not in history.embed.description


async def test_an_unknown_name_lists_the_players_saved_rolls(campaign):
    await campaign.slash("/rolls save name:attack expression:1d20+5", as_="player1")
    reply = await campaign.slash("/roll dice:atack", as_="player1")
    assert reply.ephemeral
    expected = "neither a dice expression nor one of your saved rolls (attack)"
    assert expected in reply.embed.description


async def test_russian_player_sees_saved_rolls_and_successes_in_russian(campaign):
    saved = await campaign.slash("/rolls save name:залп expression:4к10>7", as_="player3")
    assert saved.embed.title == "Бросок «залп» сохранён: 4к10>7"
    assert saved.embed.description == "Бросить: /бросок кубики:залп"
    campaign.script_dice([8, 9, 1, 2])
    rolled = await campaign.slash("/roll dice:Залп", as_="player3")
    assert rolled.embed.title == "🎲 залп: 2"
    # The roll is posted for everyone: the campaign's language (English here), issue 18.
    assert rolled.embed.description == "4d10>7 (**8**, **9**, 1, 2) = 2 successes"
    listed = await campaign.slash("/rolls list", as_="player3")
    assert listed.embed.title == "1 сохранённый бросок в этой кампании"
    assert "позиции 3" in await refused_alone(campaign, "/roll dice:3#", "player3")


async def test_a_saved_roll_named_like_another_is_refused(campaign):
    """`Аttack` with a Cyrillic А would be a second roll beside Attack that reads the same."""
    await campaign.slash("/rolls save name:Attack expression:1d20+5", as_="player1")
    refused = await refused_alone(
        campaign, "/rolls save name:\u0410ttack expression:1d6", "player1"
    )
    assert refused == (
        "“\u0410ttack” looks too much like your saved roll “Attack”: pick a name you cannot "
        "mistake for it, or save under “Attack” to replace it."
    )
    listed = await campaign.slash("/rolls list", as_="player1")
    assert listed.embed.description == "**Attack** — `1d20+5`"
    again = await campaign.slash("/rolls save name:ATTACK expression:1d20+6", as_="player1")
    assert not again.embed.description or "looks too much" not in again.text()


async def test_saved_rolls_numbered_alike_are_listed_in_their_numbers_order(campaign):
    """`r2` comes before `r10`, in the list and in the autocomplete, as a player counts."""
    for name in ("r10", "r2", "R1", "attack"):
        await campaign.slash(f"/rolls save name:{name} expression:1d6", as_="player1")
    listed = await campaign.slash("/rolls list", as_="player1")
    names = [line.split("**")[1] for line in listed.embed.description.splitlines()]
    assert names == ["attack", "R1", "r2", "r10"], names
    offered = await campaign.autocomplete("/roll dice:r", as_="player1")
    assert [c.value for c in offered] == ["R1", "r2", "r10"]


async def test_history_show_names_the_saved_rolls_expression_in_the_readers_words(campaign):
    """A roll made by a saved roll's name keeps the expression it stood for, under a label
    of the reader's language (not the log's word `saved`); a secret one, once revealed, too."""
    await campaign.slash("/rolls save name:atk expression:1d20+5", as_="gm")
    campaign.script_dice([12, 3])
    await campaign.slash("/roll dice:atk", as_="gm")  # entry #2
    await campaign.slash("/roll dice:atk secret:true", as_="gm")  # entry #3
    await campaign.slash("/reveal entry:3", as_="gm")
    for seq in (2, 3):
        shown = await campaign.slash(f"/history show entry:{seq}", as_="player1")
        assert "**saved roll**: 1d20+5" in shown.field("Options"), shown.text()
    await campaign.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    russian = await campaign.slash("/history show entry:2", as_="player1")
    assert "**сохранённый бросок**: 1d20+5" in russian.field("Параметры"), russian.text()
