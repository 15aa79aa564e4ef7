"""`/campaign gm add` names GMs who can act: the @everyone role (every member of the server,
which the bot never counts as a GM role) and a bot (which runs no command) are refused,
privately, in the GM's language, and nothing is logged: no answer says someone became a GM
who did not, and no refusal later tells a player to ask them."""

from __future__ import annotations


async def gm_names(table) -> str:
    return (await table.slash("/campaign info", as_="player1")).field("Game masters")


async def test_the_everyone_role_is_refused_as_a_gm_role(campaign):
    refused = await campaign.slash("/campaign gm add role:@@everyone", as_="gm")
    assert refused.ephemeral
    assert refused.embed.description == (
        "`@everyone` cannot be a GM role: it is every member of the server, players "
        "included. Name a role only the GMs have, or a user."
    ), refused.text()
    gm = campaign.member("gm").id
    assert await gm_names(campaign) == f"<@{gm}>"
    asked = await campaign.slash("/turn deadline set when:48h", as_="player1")
    assert "everyone" not in asked.text(), asked.text()
    listed = await campaign.slash("/history list", as_="gm")
    assert "campaign gm add" not in listed.text()


async def test_a_bot_is_refused_as_a_gm(campaign):
    bot = campaign.member("Privateer").id
    refused = await campaign.slash("/campaign gm add user:@Privateer", as_="gm")
    assert refused.ephemeral
    assert refused.embed.description == (
        f"<@{bot}> is a bot: it runs no command, so it cannot act as a GM. Name a person or a role."
    ), refused.text()
    assert str(bot) not in await gm_names(campaign)


async def test_the_refusals_speak_the_gms_language(campaign):
    await campaign.slash("/campaign gm add user:@player3", as_="gm")
    everyone = await campaign.slash("/campaign gm add role:@@everyone", as_="player3")
    assert everyone.embed.description == (
        "`@everyone` не может быть ролью ведущих: это все участники сервера, и игроки тоже. "
        "Укажите роль, которая есть только у ведущих, или пользователя."
    ), everyone.text()
    bot = campaign.member("Privateer").id
    robot = await campaign.slash("/campaign gm add user:@Privateer", as_="player3")
    assert robot.embed.description == (
        f"<@{bot}> — бот: он не выполняет команд и не может быть ведущим. "
        "Укажите человека или роль."
    ), robot.text()
