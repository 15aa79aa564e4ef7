"""What `/company status` shows and what the turn waits for: who owns which Company, where
each piece stands and where it is marked *attempted* (CR-I9), the Joker's owner, occupants
and Holding (CR-I10, CR-I11, CR-I18), and every pending choice with whose answer it awaits."""

from __future__ import annotations

from dataclasses import dataclass

from bot.i18n import Msg
from bot.rules.company_raids.joker import owner_pieces
from bot.rules.company_raids.landing import awaiting_of
from bot.rules.company_raids.landing import open_incidents
from bot.rules.company_raids.models import CompanyRaidsState
from bot.rules.company_raids.models import Piece
from bot.rules.company_raids.narration import options_msg
from bot.rules.company_raids.narration import who
from bot.rules.company_raids.settings import CompanyRaidsSettings
from bot.rules.company_raids.work import Awaiting
from bot.rules.company_raids.work import P
from bot.rules.company_raids.work import company_name
from bot.rules.company_raids.work import piece_name
from bot.text import shown_msg


@dataclass(frozen=True)
class RaidsStatus:
    """The board as tracked, the pending choices, and the lines to show."""

    state: CompanyRaidsState
    awaiting: list[Awaiting]
    owner_pieces: list[str]
    visitors: list[str]
    lines: list[Msg]


def awaiting_line(awaiting: Awaiting) -> Msg:
    """ "Incident #3: waiting for Boris to collect the fine or counterattack"."""
    return shown_msg(
        Msg(
            P + f"waiting.{awaiting.step}",
            incident=awaiting.incident_id,
            who=who(awaiting.faction),
            options=options_msg(awaiting.options, awaiting.step),
        )
    )


def numbers_text(numbers: list[int]) -> str:
    """ "1–3, 5": ascending numbers with each run of consecutive ones as a range."""
    runs: list[list[int]] = []
    for number in sorted(numbers):
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}–{r[-1]}" for r in runs)


def awaiting_lines(awaiting: list[Awaiting]) -> list[Msg]:
    """One line per pending choice; choices waiting for the same answer from the same player
    (the same step and options) share one line naming every incident ("Incidents #1–30:
    waiting for Anna to pay the fine or attempt a capture in each"), in the order of their
    first incident, so a long list stays whole where space is short (`/turn status`)."""
    groups: dict[tuple[str, str | None, tuple[str, ...]], list[Awaiting]] = {}
    for item in awaiting:
        groups.setdefault((item.step, item.faction, item.options), []).append(item)
    lines: list[Msg] = []
    for (step, faction, options), items in groups.items():
        if len(items) == 1:
            lines.append(awaiting_line(items[0]))
            continue
        numbers = numbers_text([item.incident_id for item in items])
        lines.append(
            shown_msg(
                Msg(
                    P + f"waiting_many.{step}",
                    incidents=numbers,
                    count=len(items),
                    who=who(faction),
                    options=options_msg(options, step),
                )
            )
        )
    return lines


def waiting_lines(state: CompanyRaidsState, settings: CompanyRaidsSettings) -> list[Msg]:
    """Every pending choice (those awaiting the same answer from the same player on one
    line), and a Joker Holding the owner has yet to declare (CR-I11)."""
    lines = awaiting_lines([awaiting_of(state, settings, i) for i in open_incidents(state)])
    joker = state.joker
    if settings.track_joker_holding and joker.holding_due and joker.owner is not None:
        lines.append(shown_msg(Msg(P + "waiting.holding", faction=joker.owner)))
    return lines


def _piece_line(state: CompanyRaidsState, key: str, piece: Piece, owners: list[str]) -> Msg:
    if piece.destroyed:
        where = Msg(P + "where.destroyed")
    elif piece.in_joker:
        where = Msg(P + ("where.joker_owner" if key in owners else "where.joker_visitor"))
    elif piece.company is not None:
        where = Msg(P + "where.company", company=company_name(state, piece.company))
    else:
        where = Msg(P + "where.elsewhere")
    marks = ", ".join(company_name(state, key) for key in piece.attempted)
    attempted: Msg | str = Msg(P + "where.attempted", companies=marks) if marks else ""
    return Msg(
        P + "status.piece",
        piece=piece.name,
        owner=piece.owner,
        value=piece.value,
        where=where,
        attempted=attempted,
    )


# The keys naming none, one or several pieces of a kind in the Joker.
OWNER_PIECES = ("status.no_owner_pieces", "status.owner_piece", "status.owner_pieces")
VISITORS = ("status.no_visitors", "status.visitor", "status.visitors")


def _occupants(state: CompanyRaidsState, keys: list[str], forms: tuple[str, str, str]) -> Msg:
    """ "owner piece Banker", "visitors Corsair, Scout", "no visitors": the pieces of one
    kind in the Joker. A list of names takes the singular for one name and the plural for
    several (21 names are plural), so the form is not a count's plural form."""
    none, one, several = forms
    if not keys:
        return Msg(P + none)
    names = ", ".join(piece_name(state, key) for key in keys)
    return Msg(P + (one if len(keys) == 1 else several), pieces=names)


def status(state: CompanyRaidsState, settings: CompanyRaidsSettings) -> RaidsStatus:
    """For `/company status`."""
    owners = owner_pieces(state, settings)
    visitors = [key for key in state.joker.occupants if key not in owners]
    lines: list[Msg] = []
    for company in state.companies.values():
        lines.append(
            Msg(
                P + ("status.company" if company.holding else "status.company_no_holding"),
                company=company.name,
                owner=company.owner or Msg(P + "who.nobody"),
                fine=company.fine,
                holding=company.holding,
            )
        )
    if not state.companies:
        lines.append(Msg(P + "status.no_companies"))
    lines += [_piece_line(state, key, piece, owners) for key, piece in state.pieces.items()]
    if not state.pieces:
        lines.append(Msg(P + "status.no_pieces"))
    joker = state.joker
    if joker.owner is None:
        lines.append(Msg(P + "status.joker_unowned"))
    else:
        lines.append(Msg(P + "status.joker_owner", owner=joker.owner))
    if joker.occupants:
        lines.append(
            Msg(
                P + "status.joker_occupants",
                owners=_occupants(state, owners, OWNER_PIECES),
                visitors=_occupants(state, visitors, VISITORS),
            )
        )
    if settings.track_joker_holding and joker.owner is not None:
        holding = ", ".join(company_name(state, key) for key in state.holding_of(joker.owner))
        if holding:
            lines.append(Msg(P + "status.joker_holding", companies=holding))
        else:
            lines.append(Msg(P + "status.joker_no_holding"))
    lines = [shown_msg(line) for line in lines]
    awaiting = [awaiting_of(state, settings, i) for i in open_incidents(state)]
    waiting = waiting_lines(state, settings)
    lines += waiting or [Msg(P + "status.nothing_pending")]
    return RaidsStatus(
        state=state, awaiting=awaiting, owner_pieces=owners, visitors=visitors, lines=lines
    )
