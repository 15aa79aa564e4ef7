"""A deadline typed as a date and a time (`when:2026-12-24 18:00`) in the terminal stand-in
reads the time as part of the value, as Discord's client does."""

from __future__ import annotations


async def test_a_deadline_typed_with_a_time_of_day_keeps_the_time_in_its_value(campaign):
    reply = await campaign.slash("/turn deadline set when:2099-12-24 18:00", as_="gm")
    assert reply.ephemeral, reply.text()  # more than a year away: refused, not misparsed
    assert reply.embed.description == "`2099-12-24 18:00` is more than a year away."
