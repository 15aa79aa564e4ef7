"""SP-I43 as a co-owner meets it: ships lost defending a shared route in another owner's raid
are told to their own player (the summary line their ping points to, their own report's
record), not only in the victim's report."""

from __future__ import annotations

from space_pirates_helpers import DEFAULTS
from space_pirates_helpers import resolve
from space_pirates_helpers import shared_route

from bot.dice import Dice
from bot.rules.space_pirates.messages import lost_elsewhere_lines
from bot.rules.space_pirates.reports import ShipsLostElsewhere
from bot.rules.space_pirates.reports import lost_key
from bot.rules.space_pirates.turn import answer_buy_off

# Aurora's raid: d20 1, strength 6; after the refusal the cruiser rolls 1, 1, the three
# raiders 6, 6, 6, the cruiser's defence 1, 1, 1: destroyed. Boreas' own roll: 20.
RAID = (1, 6)
BATTLE = (1, 1, 6, 6, 6, 1, 1, 1)


def texts(lines, locale="en"):
    return [line.render(locale) for line in lines]


def test_sp_i43_the_co_owner_reads_its_lost_cruiser_in_the_summary_and_is_reached():
    """SP-I43: the summary line of Aurora's raid names what Boreas lost, and the players the
    answer reached (their report buttons, and the turn end's ping) include Boreas."""
    paused = resolve(shared_route(), 2, Dice.scripted(RAID))
    offer = paused.state.waiting[0].choice_id
    done = answer_buy_off(
        paused.state, DEFAULTS, offer, "Aurora", False, Dice.scripted((*BATTLE, 20))
    )
    told = texts(done.lines)
    assert told[0] == ("Aurora: Shared raided: 60 income lost, streak 1 (Boreas lost 1 cruiser)"), (
        told
    )
    assert "потери фракции «Boreas»: 1 крейсер" in done.lines[0].render("ru")
    raid = next(r for r in done.outcome["raids"] if r["faction"] == "Aurora")
    assert raid["lost_by"] == ["Boreas"]


def test_sp_i43_the_co_owners_own_report_keeps_the_loss():
    """SP-I43: the answer archives, in Boreas' own series, the raid on Aurora that cost
    Boreas its cruiser: where, how the battle ended, the ships lost."""
    paused = resolve(shared_route(), 2, Dice.scripted(RAID))
    offer = paused.state.waiting[0].choice_id
    done = answer_buy_off(
        paused.state, DEFAULTS, offer, "Aurora", False, Dice.scripted((*BATTLE, 20))
    )
    kept = [a for a in done.archive if a.key == lost_key(2, "Boreas", "Aurora")]
    assert len(kept) == 1
    lost = kept[0].body
    assert isinstance(lost, ShipsLostElsewhere)
    assert (lost.owner, lost.victim, lost.seq, lost.lost) == (
        "Boreas",
        "Aurora",
        1,
        {"Boreas": {"cruiser": 1}},
    )
    assert texts(lost_elsewhere_lines(lost)) == [
        "Boreas' ships defended Shared when the pirates attacked Aurora (route raid; "
        "resolution of turn 2, attack 1): the pirates won the battle",
        "Losses of Boreas: 1 cruiser",
    ]
    assert not any(a.key == lost_key(2, "Aurora", "Boreas") for a in done.archive)


def test_sp_i43_a_turn_end_that_forces_the_raid_pings_the_co_owner():
    """SP-I43, SP-I45: the next turn's end forces Aurora's open offer (decline); the battle
    costs Boreas its cruiser, so that turn end pings Boreas too."""
    paused = resolve(shared_route(), 2, Dice.scripted(RAID))
    ended = resolve(paused.state, 3, Dice.scripted((*BATTLE, 20, 20, 20)))
    assert "Boreas" in ended.affected
    assert any("(Boreas lost 1 cruiser)" in line for line in texts(ended.lines)), texts(ended.lines)
