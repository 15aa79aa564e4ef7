"""`/campaign settings export` and `/campaign settings import`: the whole file or nothing."""

from __future__ import annotations

from tests.e2e.confirming import confirmed


async def test_export_edit_import_applies_the_file_as_one_audit_entry(campaign):
    """The exported file, edited, changes exactly the edited settings in one log entry."""
    exported = await campaign.slash("/campaign settings export", as_="gm")
    assert exported.ephemeral
    (file,) = exported.attachments
    assert file.filename == "test-campaign-settings.toml"
    text = file.text
    assert "[ottoman_piracy]" in text and "[fleet_combat]" in text and "[core]" in text
    edited = text.replace("hit_min_face = 5", "hit_min_face = 4").replace(
        "factions_per_player = 1", "factions_per_player = 2"
    )
    applied = await confirmed(
        campaign,
        "/campaign settings import file:s.toml",
        as_="gm",
        files={"s.toml": edited.encode()},
    )
    assert not applied.ephemeral, applied.text()
    assert applied.embed.title == "Settings imported: 2 settings changed"
    assert "`ottoman_piracy.hit_min_face` = **4**" in applied.embed.description
    shown = await campaign.slash("/campaign settings show ruleset:ottoman_piracy", as_="gm")
    assert "`hit_min_face` = **4**" in shown.embed.description
    listed = await campaign.slash("/history list", as_="gm")
    assert listed.embed.description.count("campaign settings import") == 1


async def test_an_invalid_file_changes_nothing_and_lists_every_problem(campaign):
    """One bad value refuses the whole file: the good edit beside it is not applied."""
    text = "[ottoman_piracy]\nhit_min_face = 4\nrequire_corsairs = maybe\nmax_rewards = 99\n"
    refused = await confirmed(
        campaign, "/campaign settings import file:s.toml", as_="gm", files={"s.toml": text.encode()}
    )
    assert refused.ephemeral
    assert "Line 3: not valid TOML" in refused.text()
    text = "[ottoman_piracy]\nhit_min_face = 4\nrequire_corsairs = 3\nhit_min_face_x = 1\n"
    refused = await confirmed(
        campaign, "/campaign settings import file:s.toml", as_="gm", files={"s.toml": text.encode()}
    )
    assert refused.ephemeral
    assert refused.embed.title == "The settings file was not applied: 2 problems."
    assert refused.embed.description.splitlines() == [
        "Line 3: `ottoman_piracy.require_corsairs = 3` is not allowed. Allowed: true, false",
        "Line 4: there is no setting `hit_min_face_x` here.",
    ]
    shown = await campaign.slash("/campaign settings show ruleset:ottoman_piracy", as_="gm")
    assert "`hit_min_face` = **5**" in shown.embed.description


async def test_only_a_gm_imports_settings(campaign):
    """Players may read the file but not load one."""
    exported = await campaign.slash("/campaign settings export ruleset:core", as_="player1")
    assert exported.attachments[0].filename == "test-campaign-core.toml"
    refused = await confirmed(
        campaign,
        "/campaign settings import file:s.toml",
        as_="player1",
        files={"s.toml": exported.attachments[0].data},
    )
    assert refused.ephemeral and "Only a GM" in refused.text()


async def test_the_public_import_answer_is_in_the_campaigns_language(campaign):
    """The import's answer is posted for everyone: the campaign's language, whoever imports."""
    await campaign.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    exported = await campaign.slash("/campaign settings export ruleset:ottoman_piracy", as_="gm")
    edited = exported.attachments[0].text.replace("hit_min_face = 5", "hit_min_face = 4")
    applied = await confirmed(
        campaign,
        "/campaign settings import file:s.toml",
        as_="gm",
        files={"s.toml": edited.encode()},
    )
    assert not applied.ephemeral
    assert applied.embed.title.startswith("Настройки загружены"), applied.embed.title
