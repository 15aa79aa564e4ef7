"""`/history stats` after a piracy (OP-3, OP-5): the Ottoman player's `/corsairs piracy`
rolls the Habsburgs' anti-piracy dice too; they count for the Habsburg player.

Player1 plays the Ottomans, player2 the Habsburgs (at war with the Ottomans).
"""

from __future__ import annotations

from .play import seat_piracy

# OP-E1 / OP-6: 2 Habsburg dice (Messina, Malta), then 2 Ottoman dice (1 corsair left,
# Barbarossa).
OP_E1 = (
    "/corsairs piracy zone:Ionian Sea target:hapsburg corsairs:2 leaders:barbarossa "
    "adjacent_squadrons:1 adjacent_place:Messina "
    "fortresses:Malta (Hospitallers), Corfu (Papacy) ports:2"
)


async def test_history_stats_credits_the_anti_piracy_dice_to_the_targets_player(campaign):
    """The Ottoman player typed the command, but the `5, 2` were the Habsburgs' dice: the
    stats give each player two dice, the Habsburg player's under the Habsburg faction."""
    await seat_piracy(campaign)
    campaign.script_dice([5, 2, 6, 5])
    declared = await campaign.slash(OP_E1, as_="player1")
    assert not declared.ephemeral, declared.text()

    stats = await campaign.slash("/history stats", as_="player3")

    ottoman, hapsburg = (campaign.member(p).id for p in ("player1", "player2"))
    fields = {f.name: f.value.splitlines()[:2] for f in stats.embed.fields}
    assert fields == {
        "Player One": [f"<@{ottoman}> · **Ottomans**", "2 dice rolled"],
        "Player Two": [f"<@{hapsburg}> · **Habsburgs**", "2 dice rolled"],
    }
