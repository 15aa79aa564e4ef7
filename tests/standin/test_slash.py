"""Typed slash lines become the interaction data Discord's client would send."""

from __future__ import annotations

from typing import Any

import pytest

from bot.standin import ClientRefused
from bot.standin import StandIn
from bot.standin.slash import SlashParser
from bot.standin.state import SyncedCommand

NOTE = {
    "name": "note",
    "description": "Write a note",
    "name_localizations": {"ru": "заметка"},
    "options": [
        {
            "name": "text",
            "description": "The note",
            "type": 3,
            "required": True,
            "name_localizations": {"ru": "текст"},
        },
        {"name": "pin", "description": "Pin it", "type": 5},
        {"name": "count", "description": "How many", "type": 4, "autocomplete": True},
    ],
}


@pytest.fixture
def standin() -> StandIn:
    return StandIn()


def parse(standin: StandIn, line: str, player: str = "player1", **kwargs: Any) -> dict[str, Any]:
    command = SyncedCommand(1, standin.guild.id, NOTE)
    parser = SlashParser(standin.guild, [command])
    return parser.parse(line, standin.guild.member(player), **kwargs).data


def values(data: dict[str, Any]) -> dict[str, Any]:
    return {o["name"]: o["value"] for o in data["options"]}


def test_value_runs_until_the_next_known_option(standin: StandIn) -> None:
    data = parse(standin, "/note text:see http://x.org/a b: c pin:yes")

    assert values(data) == {"text": "see http://x.org/a b: c", "pin": True}
    assert data["guild_id"] == str(standin.guild.id)


def test_quoted_value_may_contain_option_names(standin: StandIn) -> None:
    assert values(parse(standin, '/note text:"pin:no is text" pin:no')) == {
        "text": "pin:no is text",
        "pin": False,
    }


def test_player_may_type_localized_names(standin: StandIn) -> None:
    data = parse(standin, "/заметка текст:привет", player="player3")

    assert data["name"] == "note"
    assert values(data) == {"text": "привет"}


def test_localized_names_only_for_that_locale(standin: StandIn) -> None:
    with pytest.raises(ClientRefused, match="no synced command /заметка"):
        parse(standin, "/заметка текст:привет", player="player1")


def test_autocomplete_marks_the_focused_option_and_keeps_it_raw(standin: StandIn) -> None:
    data = parse(standin, "/note text:hi count:1", autocomplete=True)

    focused = [o for o in data["options"] if o.get("focused")]
    assert focused == [{"name": "count", "type": 4, "value": "1", "focused": True}]


def test_autocomplete_on_option_without_autocomplete_is_refused(standin: StandIn) -> None:
    with pytest.raises(ClientRefused, match="does not autocomplete"):
        parse(standin, "/note text:hi", autocomplete=True)


def test_option_given_twice_is_refused(standin: StandIn) -> None:
    with pytest.raises(ClientRefused, match="given twice"):
        parse(standin, "/note text:a text:b")


def test_mentions_in_discord_syntax_resolve(standin: StandIn) -> None:
    player2 = standin.guild.member("player2")
    command = SyncedCommand(
        2,
        None,
        {
            "name": "who",
            "description": "d",
            "options": [{"name": "user", "description": "u", "type": 6, "required": True}],
        },
    )
    parser = SlashParser(standin.guild, [command])

    call = parser.parse(f"/who user:<@{player2.id}>", standin.guild.member("gm"))

    assert call.data["options"][0]["value"] == str(player2.id)
    assert call.data["resolved"]["users"][str(player2.id)]["username"] == "player2"
    assert "guild_id" not in call.data
