"""What a player typed, quoted back in a core refusal, reads exactly as typed: no mention
pill, no ping, no bold, and a backtick cannot end the code it is quoted in; a very long
text is cut to a readable quote."""

from __future__ import annotations

from tests.e2e.confirming import confirmed

ZW = "\u200b"  # breaks a mention or @everyone so that it shows as text


async def refusal(table, line: str, as_: str = "gm") -> str:
    reply = await table.slash(line, as_=as_)
    assert reply.ephemeral, reply.text()
    assert reply.pings == frozenset()
    return reply.embed.description


async def test_an_unknown_faction_with_markdown_and_a_mention_is_quoted_as_typed(campaign):
    await campaign.slash("/campaign join faction:Red", as_="player1")
    said = await refusal(
        campaign, "/combat fleet set point:Alpha ships:2 cruiser faction:**Bold** <@123>"
    )
    assert said == (
        f"There is no faction “\\*\\*Bold\\*\\* <{ZW}@123>” in this campaign. Factions: Red."
    )


async def test_a_taken_faction_named_with_at_everyone_is_quoted_as_typed(campaign):
    await campaign.slash("/campaign join faction:**Red** @everyone", as_="player1")
    said = await refusal(campaign, "/campaign join faction:**Red** @everyone", "player2")
    assert said == f"\\*\\*Red\\*\\* @{ZW}everyone is already played by someone else."


async def test_an_unknown_ruleset_with_at_everyone_is_quoted_as_typed(campaign):
    said = await refusal(campaign, "/campaign create name:Other rulesets:@everyone, **b**")
    assert said.startswith(f"Unknown ruleset “@{ZW}everyone”. Available: ")


async def test_a_setting_value_with_backticks_stays_inside_its_code(campaign):
    said = await refusal(
        campaign, "/campaign settings set setting:fleet_combat.die_faces value:`x` **y** <@1>"
    )
    assert said == (
        "`ˋxˋ **y** <@1>` is not a valid value for `fleet_combat.die_faces`. Allowed: 2..100."
    )
    said = await refusal(campaign, "/campaign settings set setting:fleet_combat.`**a**` value:1")
    assert said == "There is no setting named `fleet_combat.ˋ**a**ˋ`. Start typing to see the list."


async def test_a_settings_file_with_a_backtick_in_a_value_stays_inside_its_code(campaign):
    text = '[fleet_combat]\ndie_faces = "`<@1>` **x**"\n'
    reply = await confirmed(
        campaign, "/campaign settings import file:s.toml", as_="gm", files={"s.toml": text.encode()}
    )
    assert reply.ephemeral
    (line,) = reply.embed.description.splitlines()
    assert "ˋ<@1>ˋ **x**" in line and "`<@1>`" not in line, line


async def test_a_2000_character_value_is_quoted_cut_short(campaign):
    typed = "<@1>" * 500  # 2,000 characters
    said = await refusal(
        campaign, f"/campaign settings set setting:fleet_combat.die_faces value:{typed}"
    )
    quoted = "<@1>" * 49 + "<@1…"  # 200 characters
    assert said == f"`{quoted}` is not a valid value for `fleet_combat.die_faces`. Allowed: 2..100."
    hostile = "**@everyone**" * 150  # 1,950 characters
    said = await refusal(campaign, f"/campaign create name:Other rulesets:{hostile}")
    quoted = said.split("”")[0]
    assert "@everyone" not in quoted and "**" not in quoted.replace("\\*\\*", "")
    assert quoted.endswith("…") and len(quoted) < 500


async def test_an_unknown_setting_is_named_as_the_gm_typed_it(campaign):
    said = await refusal(
        campaign, "/campaign settings set setting:fleet_combat.core.language value:ru"
    )
    assert said == (
        "There is no setting named `fleet_combat.core.language`. Start typing to see the list."
    )
    said = await refusal(campaign, "/campaign settings set setting:core.language value:xx")
    assert said == "`xx` is not a valid value for `core.language`. Allowed: en, ru."
    said = await refusal(campaign, "/campaign settings set setting:core.deadline value:soon")
    assert "core.deadline" in said, said


async def test_a_setting_without_its_ruleset_is_refused_with_the_form_to_write(campaign):
    said = await refusal(campaign, "/campaign settings set setting:.die_faces value:6")
    assert said == (
        "Write the setting as `ruleset.name`, e.g. `fleet_combat.die_faces` (got `.die_faces`)."
    )


async def test_an_unknown_command_asked_of_help_is_quoted_as_typed(campaign):
    said = await refusal(campaign, "/help command:**x** <@123> @everyone", as_="player1")
    assert said.startswith(f"There is no command “\\*\\*x\\*\\* <{ZW}@123> @{ZW}everyone”."), said
