"""Whom a message pings under `allowed_mentions`, and the rule that it pings only whom it names."""

from __future__ import annotations

from bot.standin.mentions import Pings
from bot.standin.mentions import check_mentions
from bot.standin.mentions import pings

CONTENT = "<@11> <@!12> <@&21>: Blue attacks you at @everyone, and @here"


def rules(body):
    return [v.rule for v in check_mentions(body)]


def test_without_allowed_mentions_discord_pings_every_mention() -> None:
    assert pings(CONTENT, None) == Pings(frozenset({11, 12}), frozenset({21}), everyone=True)


def test_allowed_mentions_none_pings_nobody() -> None:
    none = {"parse": [], "users": [], "roles": [], "replied_user": False}

    assert not pings(CONTENT, none)
    assert rules({"content": CONTENT, "allowed_mentions": none}) == []


def test_named_users_and_roles_are_pinged_and_nobody_else() -> None:
    named = {"parse": [], "users": ["11"], "roles": ["21"]}

    assert pings(CONTENT, named) == Pings(frozenset({11}), frozenset({21}))
    assert rules({"content": CONTENT, "allowed_mentions": named}) == []


def test_a_parse_entry_pings_whom_the_message_does_not_name() -> None:
    for parse in (["users"], ["roles"], ["everyone"]):
        assert rules({"content": CONTENT, "allowed_mentions": {"parse": parse}}) == [
            "mentions.unnamed"
        ]


def test_a_message_body_with_text_must_say_whom_it_pings() -> None:
    assert rules({"content": "no word on pings"}) == ["mentions.missing"]
    assert rules({"embeds": [{"title": "<@11> in an embed never pings"}]}) == []


def test_parse_users_with_a_users_list_is_refused_by_discord() -> None:
    both = {"parse": ["users"], "users": ["11"]}

    assert "allowed_mentions.conflict" in rules({"content": "x", "allowed_mentions": both})
