"""Issue 18, help and onboarding: `/help` by role with clickable command mentions, the next
set-up step after each step, and refusals that name the GMs."""

from __future__ import annotations

import re

from tests.e2e.play import posting_in


def mention_of(table, qualified_name: str) -> str:
    """The mention Discord renders as a clickable command: `</name sub:ID>`."""
    top = qualified_name.split(" ")[0]
    synced = next(c for c in table.commands if c.name == top)
    return f"</{qualified_name}:{synced.id}>"


def described(embeds, title: str) -> dict[str, str]:
    """The embeds of one list (long lists continue in the next embed) as one description."""
    parts = [e.get("description") or "" for e in embeds if e.get("title") == title]
    assert parts, f"no embed titled {title!r}"
    return {"title": title, "description": "\n".join(parts)}


async def test_help_lists_player_and_gm_commands_as_clickable_mentions(table):
    shown = await table.slash("/help", as_="player1", channel="general")
    assert shown.ephemeral
    embeds = [*shown.embeds, *(e for m in shown.followups for e in m.embeds)]
    players = described(embeds, "Commands for players")
    gms = described(embeds, "Commands for game masters")
    join = mention_of(table, "campaign join")
    assert f"{join} — Claim a faction in this campaign" in players["description"]
    assert mention_of(table, "turn end") in gms["description"]
    assert mention_of(table, "turn end") not in players["description"]
    assert mention_of(table, "corsairs power") in gms["description"]
    assert mention_of(table, "corsairs piracy") in players["description"]


async def test_help_reads_in_the_readers_language(table):
    shown = await table.slash("/help", as_="player3", channel="general")
    players = shown.embeds[0]
    assert players["title"] == "Команды для игроков"
    assert "Занять фракцию в этой кампании" in players["description"]
    assert mention_of(table, "campaign join") in players["description"]


async def test_help_for_one_command_shows_its_options_and_an_example(table):
    shown = await table.slash("/help command:campaign join", as_="player1", channel="general")
    assert shown.ephemeral
    assert shown.embed.title == "/campaign join"
    assert "`faction` (required) — The faction (your side) to play" in shown.embed.field("Options")
    assert shown.embed.field("Example") == "`/campaign join faction:Habsburgs`"
    assert shown.embed.field("Who") == "Any player"
    assert shown.embed.field("Run it") == mention_of(table, "campaign join")
    russian = await table.slash("/help command:corsairs war", as_="player3", channel="general")
    assert russian.embed.title == "/корсары война"
    assert russian.embed.field("Кто") == "Ведущий кампании"
    assert "`воюет` (обязательный)" in russian.embed.field("Параметры")


async def test_help_for_an_unknown_command_says_how_to_find_one(table):
    shown = await table.slash("/help command:teleport", as_="player1", channel="general")
    assert shown.ephemeral and "There is no command “teleport”" in shown.text()


async def test_help_autocomplete_offers_commands_in_the_readers_language(table):
    found = await table.autocomplete("/help command:война", as_="player3", channel="general")
    assert [(c.name, c.value) for c in found] == [("/корсары война", "corsairs war")]


async def test_each_set_up_step_says_the_next_one(table):
    """The GM's set-up order (join → /corsairs power → /corsairs war) is told, not found by
    trial: each reply's "Next step" names the command to run next, as a mention."""
    created = await table.slash(
        "/campaign create name:Med rulesets:ottoman_piracy", as_="gm", channel="campaign"
    )
    assert mention_of(table, "campaign join") in created.embed.field("Next step")
    joined = await table.slash("/campaign join faction:Ottomans", as_="player1")
    await table.slash("/campaign join faction:Habsburgs", as_="player2")
    step = joined.embed.field("Next step")
    assert "who plays the Ottomans" in step and mention_of(table, "corsairs power") in step
    ottoman = await table.slash("/corsairs power power:ottoman player:@player1", as_="gm")
    assert "each power the Ottomans may attack" in ottoman.embed.field("Next step")
    target = await table.slash("/corsairs power power:hapsburg player:@player2", as_="gm")
    step = target.embed.field("Next step")
    assert mention_of(table, "corsairs war") in step
    assert mention_of(table, "corsairs impulse") in step
    assert mention_of(table, "corsairs piracy") in step
    war = await table.slash("/corsairs war power:hapsburg at_war:true", as_="gm")
    step = war.embed.field("Next step")
    # OP-I2: piracy waits for an Ottoman impulse; until the first, the step names it.
    assert "starts the Ottomans' impulse" in step and mention_of(table, "corsairs impulse") in step
    info = await table.slash("/campaign info", as_="player2")
    assert info.embed.field("Next step") == step
    await table.slash("/corsairs impulse power:ottoman", as_="gm")
    info = await table.slash("/campaign info", as_="player2")
    assert "The campaign is set up" in info.embed.field("Next step")


async def test_a_gm_only_refusal_names_the_gms_without_pinging_them(campaign):
    await campaign.slash("/campaign gm add role:@&GM", as_="gm")
    refused = await campaign.slash("/turn end", as_="player1")
    assert refused.ephemeral
    gm = campaign.member("gm").id
    description = refused.embed.description
    assert description.startswith("Only a GM of this campaign can do that. Ask a GM:")
    assert f"<@{gm}>" in description
    assert re.search(r"<@&\d+>", description)  # the GM role, named
    assert refused.pings == frozenset()


async def test_help_names_options_as_discord_shows_them_and_speaks_the_readers_language(table):
    """Review #11, #26: a renamed option is listed (and exemplified) under the name the command
    accepts; a Russian reader sees the command and its options as they type them, the
    example included."""
    shown = await table.slash("/help command:combat order", as_="player1", channel="general")
    options = shown.embed.field("Options")
    assert "`class` (required)" in options
    assert "ship_class" not in options and "ship_class" not in shown.embed.field("Example")
    assert "class:…" in shown.embed.field("Example")
    russian = await table.slash(
        "/help command:company add-company", as_="player3", channel="general"
    )
    assert russian.embed.title == "/компания добавить-компанию"
    assert russian.embed.field("Вызвать") == "/компания добавить-компанию"
    assert "`название` (обязательный)" in russian.embed.field("Параметры")
    assert russian.embed.field("Пример") == "`/компания добавить-компанию название:… штраф:…`"


async def test_joining_a_company_raids_campaign_names_the_registrations_next(table):
    """Review #31: after `/campaign join` in a company raids campaign the next step is to
    register Companies and pieces (mentions of both commands), then pieces alone; once the
    player has both, the campaign is set up for them."""
    await table.slash("/campaign create name:Raids rulesets:company_raids", as_="gm")
    joined = await table.slash("/campaign join faction:Anna Corp", as_="player1")
    step = joined.embed.field("Next step")
    assert step.startswith("Register your Companies with")
    assert mention_of(table, "company add-company") in step
    assert mention_of(table, "company add-piece") in step
    await table.slash("/company add-company name:Steelworks fine:100", as_="player1")
    info = await table.slash("/campaign info", as_="player1")
    assert info.embed.field("Next step").startswith("Register your pieces with")
    await table.slash("/company add-piece name:Broker value:300", as_="player1")
    info = await table.slash("/campaign info", as_="player1")
    assert "The campaign is set up" in info.embed.field("Next step")
    other = await table.slash("/campaign join faction:Bert Corp", as_="player2")
    assert other.embed.field("Next step").startswith("Register your Companies with")


async def test_a_faction_with_pieces_and_no_company_is_not_told_to_register_companies(table):
    """A faction's next player, when the faction plays pieces but holds no Company (it never
    had one, or lost it), is not sent to register Companies: the faction is set up."""
    await table.slash("/campaign create name:Raids rulesets:company_raids", as_="gm")
    await table.slash("/campaign join faction:Anna Corp", as_="player1")
    await table.slash("/company add-piece name:Broker value:300", as_="player1")
    await table.slash("/campaign leave", as_="player1")
    joined = await table.slash("/campaign join faction:Anna Corp", as_="player2")
    assert "Register your Companies" not in joined.text()
    assert "The campaign is set up" in joined.embed.field("Next step"), joined.text()


async def test_each_ruleset_names_its_own_first_registration(table):
    """Review #31: naval orders, space pirates and fleet combat each name their own first
    step after a join (in the campaign's language), not "the campaign is set up"."""
    for channel, ruleset, command in (
        ("campaign", "naval_orders", "navy forces register"),
        ("general", "space_pirates", "pirates route add"),
        ("campaign-thread", "fleet_combat", "combat fleet set"),
    ):
        await table.slash(
            f"/campaign create name:{ruleset} rulesets:{ruleset}", as_="gm", channel=channel
        )
        joined = await table.slash("/campaign join faction:Blue", as_="player1", channel=channel)
        step = joined.embed.field("Next step")
        assert step.startswith("Register your"), step
        assert mention_of(table, command) in step


async def test_help_finds_a_command_typed_by_its_russian_name(table):
    """A reader who sees `/бой приказ` in Discord types that name, with or without the slash."""
    shown = await table.slash("/help command:бой приказ", as_="player3", channel="general")
    assert shown.ephemeral and shown.embed.title == "/бой приказ"
    again = await table.slash("/help command:/Бой  Приказ", as_="player1", channel="general")
    assert again.embed.title == "/combat order"


async def test_help_with_a_blank_command_shows_the_overview(table):
    shown = await table.slash("/help command: /", as_="player1", channel="general")
    assert shown.ephemeral and shown.embeds[0]["title"] == "Commands for players"


async def test_help_tells_a_russian_reader_the_name_to_type_beside_each_mention(table):
    """Discord shows a command's mention under its English name whatever the reader's
    language (and a mention of the Russian name does nothing when clicked): the Russian list
    follows each mention with the name the reader's picker offers; the English one shows the
    mention alone."""
    russian = await table.slash("/help", as_="player3", channel="general")
    embeds = [*russian.embeds, *(e for m in russian.followups for e in m.embeds)]
    players = described(embeds, "Команды для игроков")["description"]
    gms = described(embeds, "Команды для ведущих")["description"]
    assert f"{mention_of(table, 'navy order')} · /флот_приказы приказ — " in players
    assert f"{mention_of(table, 'campaign join')} · /кампания вступить — " in players
    assert f"{mention_of(table, 'turn end')} · /ход завершить — " in gms
    english = await table.slash("/help", as_="player1", channel="general")
    embeds = [*english.embeds, *(e for m in english.followups for e in m.embeds)]
    players = described(embeds, "Commands for players")["description"]
    assert f"{mention_of(table, 'navy order')} — Give" in players
    assert "·" not in players and "/флот_приказы" not in players


async def test_a_russian_campaigns_next_step_names_the_command_to_type_beside_its_mention(table):
    """The "Next step" of a campaign that posts in Russian follows each mention with the
    name its players type (`/кампания вступить`); in English the mention stands alone."""
    created = await table.slash("/campaign create name:Балтика rulesets:naval_orders", as_="gm")
    join = mention_of(table, "campaign join")
    assert created.embed.field("Next step") == f"Each player claims a faction with {join}."
    await posting_in(table, "ru")
    info = await table.slash("/campaign info", as_="player3")
    assert info.embed.field("Следующий шаг") == (
        f"Каждый игрок выбирает фракцию командой {join} (/кампания вступить)."
    )
    joined = await table.slash("/campaign join faction:Россия", as_="player3")
    step = joined.embed.field("Следующий шаг")
    register = mention_of(table, "navy forces register")
    assert f"командой {register} (/флот_приказы соединения зарегистрировать);" in step, step
