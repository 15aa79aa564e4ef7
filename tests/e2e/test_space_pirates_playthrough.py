"""Space pirates played in Russian from turn to turn, as a table plays it: what read wrong
along the way (SP-I35, SP-I40, SP-I44, SP-I45).

Player1 plays Vega, player3 (Russian) Lyra. Faces are scripted in the order the engine
rolls them.
"""

from __future__ import annotations

import tests.e2e.test_space_pirates as base
from tests.e2e.test_fleet_combat import refusal
from tests.e2e.test_space_pirates import end_turn
from tests.e2e.test_space_pirates import question_of

pirates = base.pirates
after_a_raid = base.after_a_raid

REFUSE = "Refuse and fight"


async def test_a_turn_end_that_finishes_the_last_turns_pirates_says_which_turn_is_which(
    pirates,
):
    """SP-I40, SP-I45: Vega leaves turn 1's buy-off unanswered; ending turn 2 first ends
    turn 1's resolution with the default (decline: the route is raided), then resolves turn
    2. The summary says which lines are turn 1's, forced, and which are turn 2's, in the
    campaign's language."""
    await pirates.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    await pirates.slash("/pirates route add name:Rich goods:2350", as_="player1")
    pirates.script_dice([1, 4, 6])
    ended = await end_turn(pirates, 1, label="Завершить ход")
    assert question_of(ended, "Заплатить 600")

    pirates.script_dice([20])
    ended = await end_turn(pirates, 2, label="Завершить ход")

    summary = next(m for m in ended.followups if m.embeds and "конец хода 2" in m.embed.title)
    lines = summary.embed.description.splitlines()
    assert lines[0].startswith("Сначала заканчивается розыгрыш хода 1"), lines
    assert "ответы по умолчанию" in lines[0]
    assert lines[1].startswith("Vega: налёт на путь Rich"), lines
    assert lines[2] == "Розыгрыш хода 2:", lines
    assert lines[3].startswith("Vega: налёта нет (d20 20"), lines
    assert "SP-I45" in summary.embed.footer


async def test_the_two_resolutions_of_one_turn_end_are_told_apart_in_english(pirates):
    """SP-I45: the same turn end in an English campaign."""
    await pirates.slash("/pirates route add name:Rich goods:2350", as_="player1")
    pirates.script_dice([1, 4, 6])
    await end_turn(pirates, 1)
    pirates.script_dice([20])
    ended = await end_turn(pirates, 2)
    summary = next(m for m in ended.followups if m.embeds and "end of turn 2" in m.embed.title)
    lines = summary.embed.description.splitlines()
    assert lines[0].startswith("First, turn 1's resolution ends"), lines
    assert lines[1:] == [
        "Vega: Rich raided: 2350 income lost, streak 1",
        "Turn 2's resolution:",
        "Vega: no raid (d20 20 > 3)",
    ]


async def test_the_russian_retreat_question_agrees_with_one_ship_left(pirates):
    """SP-I44: Lyra's one cruiser faces three raiders; before round 2 the question reads
    «в строю 1 корабль» (not «осталось 1 корабль»)."""
    await pirates.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    await pirates.slash(
        "/campaign settings set setting:space_pirates.defender_may_retreat value:true", as_="gm"
    )
    await pirates.slash("/pirates route add name:Линия goods:100 ships:крейсер", as_="player3")
    pirates.script_dice([1, 6])
    ended = await end_turn(pirates, 1, label="Завершить ход")
    pirates.script_dice([1, 1, 1, 1, 1])  # round 1: every shot misses
    refuse = "Отказаться и сражаться"
    declined = await pirates.click(question_of(ended, refuse), refuse, as_="player3")

    asked = question_of(declined, "Отступить")

    prompt = asked.embeds[0]["description"].splitlines()[-1]
    assert prompt == (
        "Дальше раунд 2: у вашей стороны в строю 1 корабль, у пиратов — 3 корабля. "
        "Сражаться дальше или отступить?"
    ), prompt


async def test_a_report_asked_while_its_resolution_waits_says_it_is_not_written_yet(pirates):
    """SP-I45: while Lyra's buy-off waits, `/pirates report turn:1` says the report is
    written once the resolution goes on (not that there is none); after the answer it is
    there."""
    await pirates.slash("/pirates route add name:Шёлк goods:2350", as_="player3")
    pirates.script_dice([1, 4, 6])
    ended = await end_turn(pirates, 1)

    early = await pirates.slash("/pirates report turn:1", as_="player3")

    assert refusal(early).startswith("Отчёт фракции «Lyra» за ход 1 ещё не составлен: ")
    await pirates.click(question_of(ended, "Pay 600"), "Pay 600", as_="player3")
    report = await pirates.slash("/pirates report turn:1", as_="player3")
    assert not report.ephemeral or report.embeds, report.text()
    assert "d20: 1" in report.embed.description
    none = await pirates.slash("/pirates report turn:5", as_="player3")
    assert refusal(none).startswith("Нет отчёта о пиратах для фракции «Lyra»")


async def test_the_upkeep_question_asks_for_the_pay_instead_of_reporting_it_unpaid(
    after_a_raid,
):
    """SP-I35, SP-I45: Vega's contract (hired for 1000) wants its 200 upkeep at the end of
    turn 2. The question asks Vega to pay or end the contract, in the campaign's language;
    `/turn status` keeps its "has not paid" line."""
    table = after_a_raid
    quote = await table.slash("/pirates mercenaries hire value:1000", as_="player1")
    hired = await table.click(quote, "Confirm", as_="player1")
    contract = hired.embed.description.split("#")[1].split(" ")[0]
    await table.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    table.script_dice([20, 20])

    ended = await end_turn(table, 2, label="Завершить ход")

    asked = question_of(ended, "Заплатить 200")
    assert asked.embeds[0]["description"] == (
        f"Наёмники по контракту №{contract} требуют платы за содержание за этот ход: 200. "
        "Заплатите его или расторгните контракт — тогда его корабли уйдут."
    ), asked.embeds[0]["description"]
    assert "SP-I35" in asked.embeds[0]["footer"]["text"]
    status = await table.slash("/turn status", as_="gm")
    assert "не оплатила и не расторгла" in " ".join(f.value for f in status.embed.fields)


async def base_destroyed_at_turn_2(pirates):
    """Vega locates the pirate base and assaults it with a dreadnought, which destroys it at
    the end of turn 2; returns that turn end's answer."""
    await base.base_after_an_undefended_raid(pirates)
    locate = await pirates.slash("/pirates base locate location:Kuiper belt", as_="player1")
    await pirates.click(locate, "Confirm", as_="player1")
    assault = await pirates.slash("/pirates base assault ships:dreadnought", as_="player1")
    await pirates.click(assault, "Confirm", as_="player1")
    # round 1: 3 hits, defence 1, 1, 1 (cap 1); raiders 1, 1; round 2: the same, one raider
    pirates.script_dice([4, 4, 4, 1, 1, 1, 1, 1, 4, 4, 4, 1, 1, 1, 1])
    return await end_turn(pirates, 2)


async def test_the_base_assault_is_in_the_attackers_report_round_by_round(pirates):
    """SP-I31, SP-I32: Vega's dreadnought destroys the pirate base at the end of turn 2;
    `/pirates report turn:2` opens with the assault and its pages show the battle round by
    round, as a raid's do (it was logged, but no command showed it)."""
    await base_destroyed_at_turn_2(pirates)

    report = await pirates.slash("/pirates report turn:2", as_="player1")

    first = report.embed.description.splitlines()
    assert first[0].startswith("Vega destroyed the pirate base"), first
    assert report.embed.footer.startswith("Page 1 of 3"), report.embed.footer
    second = await pirates.click(report, "Next ▶", as_="player1")
    rounds = second.embed.description
    assert rounds.startswith("Attack on the pirate base: battle round 1 of 2"), rounds
    assert "Vega's 1 dreadnought → the pirate base fleet's raiders" in rounds, rounds
    third = await pirates.click(second, "Next ▶", as_="player1")
    assert third.embed.description.startswith("Attack on the pirate base: battle round 2 of 2")
    assert "The battle is over; still standing: Vega" in third.embed.description


async def test_a_base_assault_alone_gets_its_attackers_report_button(pirates):
    """SP-I31, SP-I32: Vega's only event at the end of turn 2 is the assault on the pirate
    base (the base destroyed, no pirates after it). The summary still has a "Report: Vega"
    button: Vega opens the assault's three pages from it; Lyra may not read them."""
    ended = await base_destroyed_at_turn_2(pirates)

    labels = [b.label for m in ended.followups for b in m.buttons]
    assert "Report: Vega" in labels, labels
    buttons = question_of(ended, "Report: Vega")
    assert [b.label for b in buttons.buttons] == ["Report: Vega"]
    report = await pirates.click(buttons, "Report: Vega", as_="player1")
    assert report.ephemeral
    assert report.embed.description.startswith("Vega destroyed the pirate base"), report.text()
    assert report.embed.footer.startswith("Page 1 of 3"), report.embed.footer
    other = await pirates.click(buttons, "Report: Vega", as_="player3")
    assert refusal(other), other.text()


async def test_a_base_assault_carried_on_by_its_retreat_answer_gets_its_report_button(pirates):
    """SP-I31, SP-I44: with retreats allowed, Vega's assault on the pirate base stops after
    round 1 to ask whether to retreat; Vega fights on and destroys the base. The answered
    question carries a "Report: Vega" button opening the assault's report."""
    await pirates.slash(
        "/campaign settings set setting:space_pirates.defender_may_retreat value:true", as_="gm"
    )
    await base.base_after_an_undefended_raid(pirates)
    locate = await pirates.slash("/pirates base locate location:Kuiper belt", as_="player1")
    await pirates.click(locate, "Confirm", as_="player1")
    assault = await pirates.slash("/pirates base assault ships:dreadnought", as_="player1")
    await pirates.click(assault, "Confirm", as_="player1")
    pirates.script_dice([4, 4, 4, 1, 1, 1, 1, 1])
    ended = await end_turn(pirates, 2)
    asked = question_of(ended, "Fight on")
    pirates.script_dice([4, 4, 4, 1, 1, 1, 1])

    fought = await pirates.click(asked, "Fight on", as_="player1")

    assert "Report: Vega" in [b.label for b in fought.buttons], fought.text()
    report = await pirates.click(fought, "Report: Vega", as_="player1")
    assert report.embed.description.startswith("Vega destroyed the pirate base"), report.text()
