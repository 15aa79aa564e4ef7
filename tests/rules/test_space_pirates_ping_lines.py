"""What the turn's end ping tells a Space pirates player (`affected_lines`): each attack
in the summary's own words, never more. A bribed attack's victim reads that it was bribed,
never who paid (SP-I33)."""

from __future__ import annotations

from space_pirates_helpers import bribed_raid_refused_and_fought
from space_pirates_helpers import resolve
from space_pirates_helpers import shared_route

from bot.dice import Dice


def test_the_victim_of_a_bribed_raid_reads_it_was_bribed_and_not_by_whom():
    """SP-I33, SP-I34 `at_placement`: Aurora refused the offer of Boreas's bribed raid and
    the resolution fights it at once (no defenders: the pirates win). Aurora's ping line is
    the attack as the summary tells it, "(bribed)"; nothing in it, in either language,
    names Boreas, and Boreas gets no line."""
    result = bribed_raid_refused_and_fought()

    assert list(result.affected_lines) == ["Aurora"] == result.affected
    [line] = result.affected_lines["Aurora"]
    assert line.render("en").startswith("R1 raided (bribed): ")
    assert line.render("ru").startswith("налёт на путь R1 (подкуп): ")
    for language in ("en", "ru"):
        told = line.render(language)
        summary = "\n".join(m.render(language) for m in result.lines)
        assert "Boreas" not in told and told in summary


def test_the_co_owner_reads_the_cruiser_it_lost_defending_in_both_languages():
    """SP-I43, SP-I45: the next turn's end forces Aurora's open offer (decline) and the
    battle costs Boreas its cruiser: Aurora's ping line is her raid, Boreas' the cruiser
    lost defending her route, as the summary line names them."""
    paused = resolve(shared_route(), 2, Dice.scripted((1, 6)))
    ended = resolve(paused.state, 3, Dice.scripted((1, 1, 6, 6, 6, 1, 1, 1, 20, 20, 20)))

    told = {f: [m.render("en") for m in lines] for f, lines in ended.affected_lines.items()}
    assert told == {
        "Aurora": ["Shared raided: 60 income lost, streak 1"],
        "Boreas": ["Shared, raid on Aurora — Boreas lost 1 cruiser"],
    }
    [lost] = ended.affected_lines["Boreas"]
    assert lost.render("ru") == (
        "путь Shared, налёт на фракцию «Aurora» — потери фракции «Boreas»: 1 крейсер"
    )
    summary = " ".join(m.render("en") for m in ended.lines)
    assert "Aurora: Shared raided: 60 income lost, streak 1 (Boreas lost 1 cruiser)" in summary
