"""The end-of-turn step and the "who are we waiting for" lines.

Company raids resolve each incident at once, when a player or the GM triggers it (section 1):
nothing resolves or resets between turns. *Attempted* marks last until the piece leaves the
Company (CR-I9), not until the turn ends; pending choices stay open (README "Pending
choices"). The step therefore only reports what is still awaited, once per turn.
"""

from __future__ import annotations

from bot.i18n import Msg
from bot.rules.company_raids.landing import open_incidents
from bot.rules.company_raids.models import CompanyRaidsState
from bot.rules.company_raids.settings import CompanyRaidsSettings
from bot.rules.company_raids.status import waiting_lines
from bot.rules.company_raids.work import P
from bot.rulesets import TurnContext
from bot.rulesets import TurnStepResult


def end_of_turn(
    ctx: TurnContext[CompanyRaidsState, CompanyRaidsSettings],
) -> TurnStepResult[CompanyRaidsState]:
    """Record the turn as resolved and list the pending choices carried into the next turn.
    Rolls nothing; running it twice for the same turn changes nothing more."""
    state = ctx.state
    if ctx.turn <= state.last_resolved_turn:
        return TurnStepResult(state=state, outcome={"already_resolved": ctx.turn})
    new = state.model_copy(update={"last_resolved_turn": ctx.turn})
    waiting = waiting_lines(new, ctx.settings)
    return TurnStepResult(
        state=new,
        lines=waiting or [Msg(P + "turn.nothing")],
        quiet=not waiting,
        outcome={
            "pending_incidents": [incident.id for incident in open_incidents(new)],
            "joker_owner": new.joker.owner,
            "joker_holding_due": new.joker.holding_due,
        },
    )


def waiting_for(state: CompanyRaidsState, settings: CompanyRaidsSettings, turn: int) -> list[Msg]:
    """One line per pending choice naming whose answer it awaits, and a Joker Holding still
    to declare (CR-I11)."""
    return waiting_lines(state, settings)
