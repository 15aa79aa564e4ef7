"""A Russian player tells answering a buy-off offer from withdrawing a bribe. The Russian
seed keeps two words apart: «Подкуп пиратов» (paying pirates to raid another faction,
SP-I33) and «Откупиться от пиратов» (paying them to leave you alone, SP-I34). `/pirates
offer` answers a buy-off: it reads «/пираты откуп номер:…»; `/pirates withdraw` takes a
bribe back: «/пираты отозвать-подкуп номер:…»; their replies are titled apart too.

Vega (player1) and Orion (player2) play in English, Lyra (player3) in Russian.
"""

from __future__ import annotations

import re

import tests.e2e.test_space_pirates as base
from tests.e2e.test_space_pirates_operations import offers_at_placement
from tests.e2e.test_space_pirates_operations import open_offers

pirates = base.pirates
after_a_raid = base.after_a_raid


def option(table, command: str, *path: str) -> dict:
    """A command (or its option, by the English names along `path`) as Discord lists it."""
    found = table.command(command)
    for name in path:
        found = next(o for o in found["options"] if o["name"] == name)
    return found


def russian(found: dict) -> tuple[str, str]:
    """The Russian name and description of a command or option."""
    return found["name_localizations"]["ru"], found["description_localizations"]["ru"]


async def test_the_russian_command_list_names_a_buy_off_and_a_bribe_apart(pirates):
    """In a Russian command list `/pirates offer` is the buy-off («откуп»), and the number it
    takes is the offer's («номер»), not a bribe's; `/pirates withdraw` says it takes a
    bribe back; only the bribe's own commands speak of «подкуп»."""
    offer = russian(option(pirates, "pirates", "offer"))
    number = russian(option(pirates, "pirates", "offer", "number"))
    assert offer[0] == "откуп" and number[0] == "номер"
    assert "подкуп" not in " ".join(offer + number)
    assert "откуп" in offer[1] and "откуп" in number[1]

    withdraw = russian(option(pirates, "pirates", "withdraw"))
    which = russian(option(pirates, "pirates", "withdraw", "bribe"))
    assert withdraw[0] == "отозвать-подкуп" and which[0] == "номер"
    assert "откуп" not in " ".join(withdraw + which)
    assert russian(option(pirates, "pirates", "bribe"))[0] == "подкуп"


async def bribe(table, briber: str, victim: str, confirm: str, faces: list[int]) -> str:
    """`briber`'s player bribes the pirates to raid `victim` and confirms the quote (the
    button `confirm`, in the player's language), the fleet's strength dice scripted to
    `faces`; returns the bribe's number."""
    quote = await table.slash(f"/pirates bribe victim:{victim}", as_=briber)
    table.script_dice(faces)
    placed = await table.click(quote, confirm, as_=briber)
    return re.search(r"[#№](\d+)", placed.embed.description)[1]


async def test_a_russian_player_reads_a_buy_off_and_a_withdrawn_bribe_apart(after_a_raid):
    """SP-I33, SP-I34 under `at_placement` with withdrawal after the roll. Orion bribes the
    pirates against Lyra: her status names «/пираты откуп» to answer, and her answer is
    titled «Откуп от пиратов». Lyra bribes them against Vega and withdraws: «Отзыв подкупа»."""
    table = after_a_raid
    await offers_at_placement(table)
    await table.slash("/pirates route add name:Silk goods:500", as_="player3")
    await table.slash("/pirates contacts factions:Lyra", as_="player2")
    await bribe(table, "player2", "Lyra", "Confirm", [4, 6])
    status = await table.slash("/pirates status", as_="player3")
    assert "(ответ — /пираты откуп)" in status.embed.description, status.text()
    (offered,) = await open_offers(table, "player3")
    paid = await table.slash(f"/pirates offer number:{offered} pay:true", as_="player3")
    assert paid.embed.title.startswith("Откуп от пиратов — Lyra"), paid.text()

    await table.slash("/pirates contacts factions:Vega", as_="player3")
    placed = await bribe(table, "player3", "Vega", "Подтвердить", [3, 3])
    withdrawn = await table.slash(f"/pirates withdraw bribe:{placed}", as_="player3")
    assert withdrawn.embed.title.startswith("Отзыв подкупа — Lyra"), withdrawn.text()
