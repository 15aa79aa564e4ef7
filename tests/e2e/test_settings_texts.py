"""What a GM reads about settings and what `/help` shows of a command: an ordered list in
its own order, an empty list named, a list a ruleset cannot do without refused, core settings
a file does not change named with their command, every option of a long command shown."""

from __future__ import annotations

from bot.rules.space_pirates.settings import DEFAULT_RESOLUTION_ORDER
from tests.e2e.confirming import confirmed
from tests.e2e.play import text_of


async def test_an_ordered_list_is_shown_in_the_order_the_gm_gave(table):
    """OP-I10: the forced reward order tries its rewards first to last; the reply and the
    settings show it as stored, not sorted into the allowed values' order."""
    await table.slash("/campaign create name:Order rulesets:ottoman_piracy", as_="gm")
    shown = text_of(await table.slash("/campaign settings show ruleset:ottoman_piracy", as_="gm"))
    assert "`forced_reward_order` = **vp, squadron, card** (squadron, card, vp)" in shown

    changed = await table.slash(
        "/campaign settings set setting:ottoman_piracy.forced_reward_order"
        " value:card, vp, squadron",
        as_="gm",
    )
    assert changed.embed.title == (
        "`ottoman_piracy.forced_reward_order` is now **card, vp, squadron**."
    )
    shown = text_of(await table.slash("/campaign settings show ruleset:ottoman_piracy", as_="gm"))
    assert "`forced_reward_order` = **card, vp, squadron** (squadron, card, vp)" in shown
    listed = await table.slash("/history list", as_="gm")
    assert "forced\\_reward\\_order set to card, vp, squadron." in listed.embed.description


async def test_space_pirates_resolution_order_is_shown_as_set(table):
    """SP-I40: the turn's resolution order is shown in the order the GM typed it."""
    await table.slash("/campaign create name:Steps rulesets:space_pirates", as_="gm")
    backwards = ", ".join(reversed(DEFAULT_RESOLUTION_ORDER))
    changed = await table.slash(
        f"/campaign settings set setting:space_pirates.resolution_order value:{backwards}",
        as_="gm",
    )
    assert changed.embed.title == f"`space_pirates.resolution_order` is now **{backwards}**."


async def test_a_list_the_ruleset_needs_is_refused_empty_and_an_empty_list_is_named(table):
    """NO-I1: with no order enabled no force could ever be given one: refused, the setting
    unchanged. A list that may be empty (CR-I2) reads "(none)", not "****"."""
    await table.slash("/campaign create name:Empty rulesets:naval_orders, company_raids", as_="gm")
    refused = await table.slash(
        "/campaign settings set setting:naval_orders.enabled_orders value:", as_="gm"
    )
    assert refused.ephemeral
    assert refused.text().count("cannot be left empty") == 1
    assert "`naval_orders.enabled_orders` cannot be left empty" in " ".join(refused.text().split())
    shown = text_of(await table.slash("/campaign settings show ruleset:naval_orders", as_="gm"))
    assert "`enabled_orders` = **cruise, move, raid, blockade, escort, landing, build," in shown
    duel = await table.slash(
        "/campaign settings set setting:company_raids.duel_hit_faces value:", as_="gm"
    )
    assert duel.ephemeral and "cannot be left empty" in duel.text()

    emptied = await table.slash(
        "/campaign settings set setting:company_raids.capture_faces value:", as_="gm"
    )
    assert emptied.embed.title == "`company_raids.capture_faces` is now **(none)**."
    shown = text_of(await table.slash("/campaign settings show ruleset:company_raids", as_="gm"))
    assert "`capture_faces` = **(none)** — " in shown
    assert "`duel_hit_faces` = **2, 4, 6** — " in shown
    listed = await table.slash("/history list", as_="gm")
    assert "capture\\_faces set to (none)." in listed.embed.description
    russian = await table.slash("/campaign settings show ruleset:company_raids", as_="player3")
    assert "`capture_faces` = **(пусто)** — " in text_of(russian)


async def test_a_file_names_the_command_of_core_settings_it_does_not_change(table):
    """`/campaign settings show` lists the language and the schedule under Core: the export
    names each with the command that changes it, an import that sets one says that command,
    and the exported file loads back unchanged."""
    await table.slash("/campaign create name:File rulesets:naval_orders", as_="gm")
    exported = await table.slash("/campaign settings export", as_="gm")
    text = exported.attachments[0].text
    core = text.split("[core]")[1].split("[naval_orders]")[0]
    for name in ("language", "time_zone", "reminders", "on_deadline"):
        assert (
            f"# {name} is not set in this file: change it with /campaign settings set"
            f" setting:core.{name} value:…"
        ) in core
    same = await confirmed(
        table, "/campaign settings import file:s.toml", as_="gm", files={"s.toml": text.encode()}
    )
    assert "nothing changed" in same.text()

    edited = (
        '[core]\nfactions_per_player = 2\nlanguage = "ru"\n\n[naval_orders]\nenabled_orders = []\n'
    )
    refused = await confirmed(
        table, "/campaign settings import file:s.toml", as_="gm", files={"s.toml": edited.encode()}
    )
    assert refused.ephemeral
    assert refused.embed.description.splitlines() == [
        "Line 3: a file does not change `core.language`, so this file was not applied: remove"
        " the line and import the file again; `core.language` is set with `/campaign settings"
        " set setting:core.language value:…`",
        "Line 6: `naval_orders.enabled_orders` cannot be left empty: the ruleset needs at least"
        " 1 value. Allowed: cruise, move, raid, blockade, escort, landing, build, repair,"
        " disband",
    ]


async def test_help_shows_every_option_of_a_long_command_uncut(table):
    """`/corsairs piracy` has more options than one field holds: they go on in a second
    field, each whole; the Russian example names a leader as its option's description does."""
    shown = await table.slash("/help command:corsairs piracy", as_="player1", channel="general")
    options = shown.embed.field("Options") + "\n" + shown.embed.field("Options (continued)")
    assert "…" not in options
    for name in ("zone", "ottoman_squadrons", "allied_squadrons_in_zone"):
        assert f"`{name}` (" in options
    assert options.splitlines()[-1] == (
        "`allied_squadrons_in_zone` (optional) — Squadrons of the ally at war in the zone"
        " itself (dice only if set, OP-I4)"
    )
    assert all(len(f.value) <= 1024 for f in shown.embed.fields)

    russian = await table.slash("/help command:corsairs piracy", as_="player3", channel="general")
    options = russian.embed.field("Параметры") + russian.embed.field("Параметры (продолжение)")
    assert "…" not in options
    assert "(лишние удары топят их, только если так настроено, OP-I7)" in options
    assert "`флотоводцы` (необязательный) — Флотоводцы в зоне: барбаросса, драгут, оба" in options
    assert russian.embed.field("Пример") == (
        "`/корсары пиратство зона:Тирренское море цель:Габсбурги корсары:4 флотоводцы:барбаросса`"
    )


async def test_a_file_setting_the_language_is_refused_whole_and_imports_without_that_line(table):
    """The play-test's file sets `core.language` beside two settings a file may change. The
    import is all or nothing: the refusal says the file was not applied and what to do, and
    nothing changed; without the language line the same file is asked about and applied,
    and the language is set with its own command."""
    await table.slash("/campaign create name:File rulesets:fleet_combat", as_="gm")
    rest = "factions_per_player = 2\n[fleet_combat]\nretreat_min_round = 1\n"
    with_language = '[core]\nlanguage = "ru"\n' + rest

    refused = await confirmed(
        table,
        "/campaign settings import file:s.toml",
        as_="gm",
        files={"s.toml": with_language.encode()},
    )

    assert refused.ephemeral
    assert refused.embed.title == "The settings file was not applied: 1 problem."
    assert refused.embed.description == (
        "Line 2: a file does not change `core.language`, so this file was not applied: remove"
        " the line and import the file again; `core.language` is set with `/campaign settings"
        " set setting:core.language value:…`"
    )
    shown = text_of(await table.slash("/campaign settings show ruleset:core", as_="gm"))
    assert "`factions_per_player` = **1**" in shown
    applied = await confirmed(
        table,
        "/campaign settings import file:s.toml",
        as_="gm",
        files={"s.toml": ("[core]\n" + rest).encode()},
    )
    assert not applied.ephemeral, applied.text()
    shown = text_of(await table.slash("/campaign settings show ruleset:core", as_="gm"))
    assert "`factions_per_player` = **2**" in shown


async def test_the_time_zone_value_autocompletes_zoneinfos_time_zones(table):
    """`core.time_zone` offers the time zones the bot knows, as `core.language` offers its
    languages: those matching what was typed (case and spaces aside), a part of the name
    starting with it first, at most 25 (Discord's limit); the one picked is accepted."""
    await table.slash("/campaign create name:Clock rulesets:fleet_combat", as_="gm")
    typed = "/campaign settings set setting:core.time_zone value:"

    moscow = await table.autocomplete(typed + "moscow", as_="gm", focused="value")
    assert [c.value for c in moscow] == ["Europe/Moscow"]
    york = await table.autocomplete(typed + "new york", as_="gm", focused="value")
    assert [c.value for c in york] == ["America/New_York"]
    europe = await table.autocomplete(typed + "eur", as_="gm", focused="value")
    assert len(europe) == 25
    assert [c.value for c in europe][:2] == ["Europe/Amsterdam", "Europe/Andorra"]
    assert all("eur" in c.value.lower() for c in europe)
    everything = await table.autocomplete(typed, as_="gm", focused="value")
    assert len(everything) == 25

    chosen = await table.slash(typed + moscow[0].value, as_="gm")
    assert not chosen.ephemeral, chosen.text()
    assert "Europe/Moscow" in chosen.embed.title


async def test_a_deadlines_action_and_the_core_yes_no_settings_autocomplete(table):
    """`core.on_deadline` offers what a deadline can do, and the core's yes/no settings
    their two values, as every ruleset's enum and yes/no settings do."""
    await table.slash("/campaign create name:Clock rulesets:fleet_combat", as_="gm")
    typed = "/campaign settings set setting:core.{} value:{}"

    deadline = await table.autocomplete(typed.format("on_deadline", ""), as_="gm", focused="value")
    assert [c.value for c in deadline] == ["ping_gms", "end_turn"]
    ending = await table.autocomplete(typed.format("on_deadline", "end"), as_="gm", focused="value")
    assert [c.value for c in ending] == ["end_turn"]
    secret = typed.format("secret_rolls_for_players", "")
    assert [c.value for c in await table.autocomplete(secret, as_="gm", focused="value")] == [
        "true",
        "false",
    ]
    chosen = await table.slash(typed.format("on_deadline", "end_turn"), as_="gm")
    assert not chosen.ephemeral, chosen.text()
