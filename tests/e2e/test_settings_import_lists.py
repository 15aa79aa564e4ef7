"""A settings import's question writes each list as `/campaign settings show` and `set` do:
comma-separated, without TOML's brackets and quotes, an empty list named."""

from __future__ import annotations

from bot import settings_file
from bot.rules.company_raids.settings import CompanyRaidsSettings
from bot.rules.ottoman_piracy.models import OttomanPiracySettings

FILE = '[ottoman_piracy]\nforced_reward_order = ["card", "vp", "squadron"]\n'


async def test_the_import_question_writes_a_list_as_settings_show_does(campaign):
    """The GM imports a file giving the forced reward order: `show` writes the order as
    "vp, squadron, card", and the question asks it old → new the same way (the new one in
    the order the GM gave), as the import's public answer then writes it."""
    shown = await campaign.slash("/campaign settings show ruleset:ottoman_piracy", as_="gm")
    assert "`forced_reward_order` = **vp, squadron, card**" in shown.text()
    files = {"s.toml": FILE.encode()}

    asked = await campaign.slash("/campaign settings import file:s.toml", as_="gm", files=files)

    assert asked.embed.description.splitlines()[0] == (
        "`ottoman_piracy.forced_reward_order`: vp, squadron, card → **card, vp, squadron**"
    )
    done = await campaign.click(asked, "Import", as_="gm")
    assert done.followups[0].embed.title == "Settings imported: 1 setting changed"
    posted = done.followups[0].embed.description
    assert "`ottoman_piracy.forced_reward_order` = **card, vp, squadron**" in posted, posted


def test_an_emptied_list_reads_none_in_the_readers_language() -> None:
    """The question's lines (and the import's log entry, which keeps them) name an emptied
    list in the reader's language, and write a set in the order `show` does."""
    before = {"company_raids": CompanyRaidsSettings(), "ottoman_piracy": OttomanPiracySettings()}
    changed = {
        "company_raids": {"capture_faces": set(), "duel_hit_faces": {6, 2}},
        "ottoman_piracy": {"forced_reward_order": ["card", "vp", "squadron"]},
    }

    emptied, faces, order = settings_file.changes(before, changed)

    assert emptied.render("en") == "`company_raids.capture_faces`: 4, 6 → **(none)**"
    assert emptied.render("ru") == "`company_raids.capture_faces`: 4, 6 → **(пусто)**"
    assert faces.render("en") == "`company_raids.duel_hit_faces`: 2, 4, 6 → **2, 6**"
    assert order.render("ru").endswith(": vp, squadron, card → **card, vp, squadron**")
