"""A play-test of Space pirates read in Russian found texts that said something else than
the bot does: periods that include their last turn told "until turn N" («до хода N»,
which reads "before turn N"), faction names declined after «у», the log naming operations
by commands that do not exist, a summary's lines run together, an upkeep question about
ships that are gone, «теперь служит:», the buy-off offer's number option called `bribe`,
and one refusal printing a faction name unescaped.

Player1 plays Vega, player2 Orion, player3 (Russian) Lyra.
"""

from __future__ import annotations

import tests.e2e.test_space_pirates as base
from tests.e2e.play import flat
from tests.e2e.play import refused_alone
from tests.e2e.play import saved_state
from tests.e2e.test_space_pirates import end_turn
from tests.e2e.test_space_pirates import two_cruisers_fight_one_raider

pirates = base.pirates
after_a_raid = base.after_a_raid


async def in_russian(table) -> None:
    await table.slash("/campaign settings set setting:core.language value:ru", as_="gm")


async def test_immunity_is_told_through_its_last_turn(pirates):
    """SP-I15: Lyra's route is defended in turn 1's resolution, so no route raid hits her in
    turns 2–4. The summary and her status say it lasts through turn 4 («по 4-й ход
    включительно»), not "until turn 4" («до хода 4»: before turn 4)."""
    await two_cruisers_fight_one_raider(pirates, who="player3")

    mine = flat((await pirates.slash("/pirates status", as_="player3")).embed.description)
    assert "Иммунитет торговых путей по 4-й ход включительно" in mine, mine
    assert "до хода" not in mine, mine
    told = flat((await pirates.slash("/pirates status faction:Lyra", as_="gm")).embed.description)
    assert "Route immunity through turn 4" in told, told
    listed = flat((await pirates.slash("/history list", as_="gm")).embed.description)
    assert "Line defended: immunity through turn 4" in listed, listed
    assert "until turn" not in listed and "to turn" not in listed, listed


async def test_russian_contact_lines_name_the_other_factions_after_a_noun(pirates):
    """SP-7.1: contact goes both ways; in Russian the line names the other factions after
    «у фракций» / «у фракции», quoted, as names that cannot be declined are written."""
    await in_russian(pirates)

    both = await pirates.slash("/pirates contacts factions:Orion, Lyra", as_="player1")
    one = await pirates.slash("/pirates contacts factions:Orion", as_="player1")

    told = flat(both.embed.description)
    assert "контакт с фракцией «Vega» теперь есть и у фракций «Orion», «Lyra»" in told, told
    dropped = flat(one.embed.description)
    assert "у фракции «Lyra» больше нет контакта с фракцией «Vega»" in dropped, dropped
    assert "у Orion" not in told + dropped and "у Lyra" not in told + dropped


async def test_the_log_names_operations_by_the_commands_players_type(after_a_raid):
    """`/history list` names the base's location and a hire by their real commands
    (`/pirates base locate`, `/pirates mercenaries hire`; «пираты база найти» in a Russian
    campaign), not by commands that do not exist (`pirates locate`, `pirates hire`)."""
    table = after_a_raid
    locate = await table.slash("/pirates base locate location:Moon", as_="player1")
    await table.click(locate, "Confirm", as_="player1")
    hire = await table.slash("/pirates mercenaries hire value:200", as_="player1")
    await table.click(hire, "Confirm", as_="player1")

    listed = (await table.slash("/history list", as_="gm")).embed.description
    await in_russian(table)
    russian = (await table.slash("/history list", as_="player3")).embed.description

    assert "**pirates base locate**" in listed and "**pirates mercenaries hire**" in listed
    assert "**pirates locate**" not in listed and "**pirates hire**" not in listed, listed
    assert "**пираты база найти**" in russian, russian
    assert "**пираты наёмники нанять**" in russian, russian


async def test_the_log_keeps_each_line_of_a_summary_a_sentence(pirates):
    """Turn 1 ends with no raid on Vega or Orion: in `/history list` the two factions'
    lines are separate sentences; a line ending in a bracket ("… (d20 20 > 1)") no longer
    runs into the next faction's."""
    await pirates.slash("/pirates route add name:Line goods:100", as_="player1")
    await pirates.slash("/pirates route add name:Far goods:100", as_="player2")
    pirates.script_dice([20, 20])
    await end_turn(pirates, 1)

    listed = flat((await pirates.slash("/history list", as_="gm")).embed.description)

    assert "Vega: no raid (d20 20 > 1). Orion: no raid (d20 20 > 1)." in listed, listed


async def test_the_upkeep_question_of_a_contract_with_no_ships_says_so(after_a_raid):
    """SP-I35: a contract whose ships are all destroyed stays in force and owes upkeep; its
    upkeep question says it has no ships left (not that "its ships will leave")."""
    table = after_a_raid
    hire = await table.slash("/pirates mercenaries hire value:200", as_="player1")
    await table.click(hire, "Confirm", as_="player1")

    def emptied(state):
        for signed in state["contracts"]:
            signed["ships"] = []

    await saved_state(table, "space_pirates", emptied)
    await in_russian(table)
    table.script_dice([20, 20])
    ended = await end_turn(table, 2, label="Завершить ход")

    asked = next(m for m in ended.followups if any("Заплатить" in b.label for b in m.buttons))
    text = flat(asked.embeds[0]["description"])
    assert "не осталось кораблей, но он действует и требует платы за содержание" in text, text
    assert "корабли уйдут" not in text, text


async def test_a_contract_stationed_is_told_where_it_serves(after_a_raid):
    """SP-I35: in Russian, «Наёмники по контракту №N теперь служат на торговом пути №1»:
    the mercenaries serve there (their `место_службы`), not «Контракт №N служит:» with a
    stray colon, nor a contract that «стоит» there."""
    table = after_a_raid
    hire = await table.slash("/pirates mercenaries hire value:200", as_="player1")
    hired = await table.click(hire, "Confirm", as_="player1")
    contract = int(flat(hired.embed.description).split("Contract #")[1].split()[0])
    await in_russian(table)

    moved = await table.slash(
        f"/pirates mercenaries station contract:{contract} station:route target:1", as_="player1"
    )

    told = flat(moved.embed.description)
    assert f"Наёмники по контракту №{contract} теперь служат на торговом пути №1" in told, told
    assert "служит:" not in told


async def test_the_buy_off_offer_is_answered_by_its_number_option(pirates):
    """SP-I34: `/pirates offer` takes the offer's `number` (Russian «номер»), not a
    `bribe` option, a bribe being the opposite operation (SP-I33); `/pirates withdraw`
    keeps its `bribe`."""
    english = flat((await pirates.slash("/help command:pirates offer", as_="player1")).text())
    russian = flat((await pirates.slash("/help command:pirates offer", as_="player3")).text())
    withdraw = flat((await pirates.slash("/help command:pirates withdraw", as_="player1")).text())

    assert "`number` (required)" in english and "`bribe`" not in english, english
    assert "/pirates offer number:" in english, english
    assert "`номер`" in russian, russian
    assert "`bribe` (required)" in withdraw, withdraw


async def test_a_faction_limit_refusal_escapes_the_names_it_quotes(table):
    """A player holding "@everyone" who tries to join a second faction is refused privately
    with the name escaped, as every other message writes it (no highlighted mention)."""
    await table.slash("/campaign create name:K rulesets:space_pirates", as_="gm")
    await table.slash("/campaign join faction:@everyone **Bold**", as_="player1")

    told = await refused_alone(table, "/campaign join faction:Other", as_="player1")

    assert "@\u200beveryone" in told and "\\*\\*Bold\\*\\*" in told, told
    assert "@everyone" not in told, told
