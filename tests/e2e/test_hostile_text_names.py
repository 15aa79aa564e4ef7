"""Names and reasons typed with Markdown and mentions read exactly as typed wherever the bot
shows them back, escaped once: the log (`/history list`), the turn's summary, `/turn
status`, a GM's confirmation and refusals. Never bold, struck, hidden or a mention pill, and
never a backslash a player did not type."""

from __future__ import annotations

from tests.e2e.confirming import confirmed

HOSTILE = "**B_o`l|d** ~~x~~ <@&1> @everyone ||spoiler|| # Head"
ZW = "\u200b"
LITERAL = (
    f"\\*\\*B\\_o\\`l\\|d\\*\\* \\~\\~x\\~\\~ <{ZW}@&1> @{ZW}everyone \\|\\|spoiler\\|\\| # Head"
)


async def end_turn(table, turn):
    question = await table.slash("/turn end", as_="gm")
    return await table.click(question, f"End turn {turn}", as_="gm")


async def log_of(table, as_="player2") -> str:
    listed = await table.slash("/history list", as_=as_)
    return listed.embed.description


async def start(table, ruleset, *factions):
    """A campaign of one ruleset; player1, player2 … join as `factions`."""
    await table.slash(f"/campaign create name:Test rulesets:{ruleset}", as_="gm")
    for i, faction in enumerate(factions, start=1):
        joined = await table.slash(f"/campaign join faction:{faction}", as_=f"player{i}")
        assert not joined.ephemeral, joined.text()


async def test_an_undo_reason_reads_as_typed_in_the_log(table):
    """The GM's reason for an undo is kept in the log as typed: `/history list` shows it
    literally, as the undo's own answer does."""
    await start(table, "fleet_combat", "Red")
    await table.slash("/roll dice:1d6", as_="player1")
    question = await table.slash(f"/history undo reason:{HOSTILE}", as_="gm")
    done = await table.click(question, "Undo", as_="gm")
    assert f"Undone by <@{table.member('gm').id}>: {LITERAL}" in done.embed.description

    assert f"#3 (roll) undone: {LITERAL}." in await log_of(table)


async def test_fleet_combat_names_read_as_typed_in_the_log_and_refusals(table):
    """A faction and a board point named with Markdown and mentions: the log of the fleet
    commands, the refusal of allies who attacked each other (FC-I5) and of a fleet that is
    not there read them literally."""
    await start(table, "fleet_combat", HOSTILE, "Blue")
    await table.slash(f"/combat fleet set point:{HOSTILE} ships:2 cruiser", as_="player1")
    await table.slash(f"/combat fleet set point:{HOSTILE} ships:2 cruiser", as_="player2")
    await table.slash(f"/combat attack point:{HOSTILE} targets:Blue", as_="player1")

    log = await log_of(table)
    assert f"Blue's fleet at {LITERAL}: 2 cruisers." in log, log
    assert "**B_o" not in log and "<@&1>" not in log and "@everyone" not in log

    refused = await table.slash(f"/combat allies battle:1 factions:{HOSTILE}, Blue", as_="gm")
    assert refused.ephemeral
    assert refused.embed.description == (
        f"{LITERAL}, Blue have declared attacks on each other and cannot be allies (FC-I5)."
    )
    missing = await confirmed(table, "/combat fleet remove point:Vega", as_="player1")
    assert missing.ephemeral
    assert missing.embed.description == (
        f"{LITERAL} has no fleet at Vega. Its fleets are at: {LITERAL}."
    )


async def test_the_resolve_confirmation_names_the_point_once_escaped(table):
    """FC-I6, FC-I7: the GM's confirmation of `/combat resolve` says who has given no fire
    orders, the point as typed, without backslashes nobody typed."""
    await start(table, "fleet_combat", "Red", "Blue")
    await table.slash(f"/combat fleet set point:{HOSTILE} ships:2 cruiser", as_="player1")
    await table.slash(f"/combat fleet set point:{HOSTILE} ships:2 cruiser", as_="player2")
    await table.slash(f"/combat attack point:{HOSTILE} targets:Blue", as_="player1")

    question = await table.slash("/combat resolve battle:1", as_="gm")
    assert question.embed.description.startswith(
        f"Battle #1 at {LITERAL}, round 1: no fire orders yet from Red, Blue;"
    ), question.embed.description


async def test_space_pirates_names_read_as_typed_after_the_turn_end(table):
    """SP-I45: the turn's summary, what the turn waits for (/turn status), the refusal of a
    report not yet written and the log name the raided route and its owner as typed."""
    await start(table, "space_pirates", HOSTILE, "Orion")
    await table.slash(f"/pirates route add name:{HOSTILE} goods:2350", as_="player1")
    table.script_dice([1, 4, 6])
    ended = await end_turn(table, 1)

    summary = ended.followups[0].embed.description
    assert summary == (
        f"{LITERAL}: pirates at {LITERAL}: buy-off offered for 600 — the resolution waits"
        f" for {LITERAL}'s answer"
    ), summary
    status = await table.slash("/turn status", as_="gm")
    waits = status.embed.field("Space pirates")
    assert waits == (
        f"{LITERAL} has not answered the buy-off offer #1 (route raid, {LITERAL}, 600)"
    ), waits
    report = await table.slash("/pirates report turn:1", as_="player1")
    assert report.ephemeral
    assert report.embed.description.startswith(
        f"{LITERAL}'s pirate report for turn 1 is not written yet"
    )
    log = await log_of(table)
    assert f"Route #1 {LITERAL} registered" in log, log
    assert "**B_o" not in log and "<@&1>" not in log and "@everyone" not in log


async def test_ottoman_piracy_names_read_as_typed_in_lines_and_plain_in_labels(table):
    """OP-1.2, OP-5.6: the faction given a power reads as typed in the answer; a custom
    power and the place of its squadron read as the GM typed them, without backslashes, on
    the reward button and in the power autocomplete (labels show no Markdown), and once
    escaped in a refusal that quotes the power."""
    power = "**Kn_ights** <@&1>"
    await start(table, "ottoman_piracy", HOSTILE, "Rhodes", "France")
    told = await table.slash("/corsairs power power:ottoman player:@player1", as_="gm")
    player1 = f"<@{table.member('player1').id}>"
    assert told.embed.description == (
        f"The power Ottomans is now played by the faction {LITERAL} ({player1})."
    )
    await table.slash(f"/corsairs power power:{power} player:@player2", as_="gm")
    await table.slash(f"/corsairs war power:{power} at_war:true", as_="gm")
    await table.slash("/corsairs impulse power:ottoman", as_="gm")

    choices = await table.autocomplete("/corsairs war power:", as_="gm")
    assert f"{power} — Rhodes" in [c.name for c in choices]
    refused = await table.slash(f"/corsairs hand cards:3 power:{power}", as_="player1")
    assert refused.ephemeral
    assert refused.embed.description == f"You do not play \\*\\*Kn\\_ights\\*\\* <{ZW}@&1>."
    table.script_dice([6, 6, 6, 6])
    asked = await table.slash(
        f"/corsairs piracy zone:Aegean Sea target:{power} corsairs:2 ports:1"
        " adjacent_squadrons:1 adjacent_place:__Ma_lta__",
        as_="player1",
    )
    labels = [b.label for b in asked.buttons]
    assert f"Eliminate a squadron ({power}) at __Ma_lta__" in labels, labels


async def test_naval_orders_refusals_quote_force_names_as_typed(table):
    """NO-4.10, NO-I18: a force name typed with Markdown and mentions is quoted literally
    when no force has it, when it is taken, and when another Admiralty's force is named."""
    await start(table, "naval_orders", "Britain", "France")
    await table.slash(
        f"/navy forces register name:{HOSTILE} kind:line location:1 ships:2xIII in_port:false",
        as_="player1",
    )
    unknown = await table.slash("/navy order unit:**Gh_ost** <@&1> order:cruise", as_="player1")
    assert unknown.ephemeral
    assert unknown.embed.description == (
        f"No force named “\\*\\*Gh\\_ost\\*\\* <{ZW}@&1>” is registered (NO-4.10)."
    )
    # Its registration is public once the turn ends: France may know of it then (until
    # then the name is free to France, tests/e2e/test_naval_orders_hidden_names.py).
    question = await table.slash("/turn end", as_="gm")
    await table.click(question, "End turn 1", as_="gm")
    taken = await table.slash(
        f"/navy forces register name:{HOSTILE} kind:line location:2 ships:2xIII", as_="player2"
    )
    assert taken.embed.description == (
        f"The name “{LITERAL}” is already taken by another force (NO-4.10)."
    )
    other = await table.slash(f"/navy order unit:{HOSTILE} order:cruise", as_="player2")
    assert other.embed.description == (
        f"{LITERAL} is not your force: only its own Admiralty (or a GM) acts for it (NO-I18)."
    )


async def test_naval_orders_overview_names_a_force_lacking_orders_as_typed(table):
    """`/navy orders` names its owner's forces that still lack orders (NO-I2) as typed:
    escaped once, no backslash the player did not type."""
    await start(table, "naval_orders", "Britain")
    await table.slash(
        f"/navy forces register name:{HOSTILE} kind:line location:1 ships:III", as_="player1"
    )
    overview = await table.slash("/navy orders", as_="player1")
    shown = overview.embed.description
    assert f"Britain: 1 force lacks orders for turn 1: {LITERAL}." in shown, shown
    assert "\\\\" not in shown


async def test_a_bribe_refusal_names_the_victim_as_typed(table):
    """SP-7.1: a bribe against a faction the briber has no contact with is refused, the
    faction's name quoted literally."""
    await start(table, "space_pirates", HOSTILE, "Orion")
    await table.slash("/pirates route add name:Rich goods:2350", as_="player1")
    refused = await table.slash(f"/pirates bribe victim:{HOSTILE}", as_="player2")
    assert refused.ephemeral
    assert refused.embed.description == f"You have no contact with {LITERAL} (SP-7.1)."


async def test_a_faction_with_the_longest_name_registers_a_piece(table):
    """CR-I16: a faction may be named with up to 64 characters; its piece registers with
    that owner (it was refused as an unexpected error past 60)."""
    longest = "**B_o" + "W" * 59
    await start(table, "company_raids", longest)
    added = await table.slash("/company add-piece name:Broker value:300", as_="player1")
    assert not added.ephemeral, added.text()
    owner = "\\*\\*B\\_o" + "W" * 59
    assert added.embed.description == (
        f"Piece Broker registered: owner {owner}, value 300, elsewhere on the board."
    )


async def test_a_history_filter_by_an_unknown_ruleset_is_refused_quoting_it(table):
    """`/history list ruleset:` takes a ruleset the campaign plays (or core); anything else
    typed is refused, quoted as typed inside its code, however long, instead of a filter
    that named a missing translation."""
    await start(table, "fleet_combat", "Red")
    refused = await table.slash(f"/history list ruleset:{HOSTILE}", as_="player1")
    assert refused.ephemeral
    assert refused.embed.description == (
        "This campaign does not use the ruleset"
        " `**B_oˋl|d** ~~x~~ <@&1> @everyone ||spoiler|| # Head`."
    )
    long = await table.slash("/history list ruleset:" + "x" * 100, as_="player1")
    assert long.ephemeral and "does not use the ruleset" in long.embed.description
    core = await table.slash("/history list ruleset:core", as_="player1")
    assert "Campaign “Test” created." in core.embed.description
