"""Checking a campaign's log from its entries alone: the chain, the commitments, every revealed
die, secret rolls against their commitments, the heads posted in the channel and the state.

A turn may have more than one seed: a GM's undo of a turn end reopens the turn with a new
seed (the old one was revealed), so each die is checked against the seed whose commitment
was in force for its turn at its entry (the newest `seed_commitment` of that turn before
it). Seeds are therefore known by their commitment, not by their turn. The archive records
of entries an undo names (`undid`) were removed with them and are not looked for.

A turn's `seed_commitment` may also commit its held seed (`held_sha256`): an entry whose
`dice` says `"seed": "held"` (a hidden entry kept past its turn's end) draws from it, under
the held derivation name; it is revealed in `held_reveal` (a list of `{turn, seed}`), by the
entry that publishes the turn's last held entry, the turn's closing entry, or an undo. Logs
written before held seeds have neither and verify as before.

Every entry's roll rows, and a core `/roll`'s result, are also checked against their own
faces (bot/verify_rolls.py): that needs no seed, so it holds in the open turn too.

Shared by `/history verify` (entries read from the database) and `python -m bot verify
EXPORT.json` (entries read from an export), so both name the same first failure. An entry is
given as its hashed form plus `hash` and `prev_hash` (what `/history export` writes).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import field
from typing import Any

from bot.fair_dice import DERIVATION
from bot.fair_dice import HELD_DERIVATION
from bot.fair_dice import KeyedHmac
from bot.fair_dice import derive_faces
from bot.storage.audit import GENESIS
from bot.storage.audit import UNDO_COMMAND
from bot.storage.audit import canonical
from bot.storage.audit import chained_hash
from bot.storage.audit import parse_faces
from bot.storage.state_digest import differing_part
from bot.verify_rolls import outcome_problem
from bot.verify_rolls import row_problem
from bot.verify_rolls import says_roll_result

CHAIN_ONLY = ("hash", "prev_hash")
# The entry a turn ended by its deadline begins with, logged before the message its dice
# depend on is posted (bot/turn_flow.py, `TurnFlow.begin_deadline_end`).
DEADLINE_END = "turn deadline end"


@dataclass(frozen=True)
class Problem:
    """The first failure: a kind (a catalog key suffix), the entry it concerns, details."""

    kind: str
    seq: int | None = None
    params: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Anchors:
    """What the bot posted in the channel, outside its database: chain heads (entry number →
    hash) and turn commitments (turn → sha256 of the seed)."""

    heads: dict[int, str] = field(default_factory=dict)
    commitments: dict[int, str] = field(default_factory=dict)
    # Read from the channel itself (`/history verify`), not from an export: the bot's own
    # messages by id → the entry whose head each carries, and the bot's user id. A turn end
    # at its deadline draws from one of these messages' ids; offline (None) that is not
    # checked, and a player compares the id `/history show` names with the message's own.
    messages: dict[int, int] | None = None
    bot_id: int | None = None


@dataclass(frozen=True)
class Verdict:
    """The result of a whole check."""

    problem: Problem | None
    count: int
    revealed_turns: int
    derived_dice: int
    unprovable: int
    open_turn: int | None
    open_commitment: str | None
    first: int = 1  # an incremental export starts later, continuing from `first_prev`
    first_prev: str = GENESIS

    @property
    def ok(self) -> bool:
        """No failure found."""
        return self.problem is None


def _seed_commitments(entries: Iterable[Mapping[str, Any]]) -> dict[str, int]:
    """Every commitment the log publishes, with its turn."""
    return {
        str(e["outcome"]["seed_commitment"]["sha256"]): int(e["outcome"]["seed_commitment"]["turn"])
        for e in entries
        if isinstance(e.get("outcome"), dict) and "seed_commitment" in e["outcome"]
    }


def _held_commitments(entries: Iterable[Mapping[str, Any]]) -> dict[str, int]:
    """Every held seed's commitment the log publishes, with its turn."""
    found: dict[str, int] = {}
    for e in entries:
        outcome = e.get("outcome")
        committed = outcome.get("seed_commitment") if isinstance(outcome, dict) else None
        if isinstance(committed, dict) and "held_sha256" in committed:
            found[str(committed["held_sha256"])] = int(committed["turn"])
    return found


def _held_reveals(outcome: Any) -> list[tuple[int, bytes]]:
    """The held seeds an entry's outcome reveals, well formed ones only (a malformed one is
    named when its entry is checked)."""
    reveals = outcome.get("held_reveal") if isinstance(outcome, dict) else None
    found = []
    for reveal in reveals if isinstance(reveals, list) else ():
        try:
            found.append((int(reveal["turn"]), bytes.fromhex(str(reveal["seed"]))))
        except (KeyError, TypeError, ValueError):
            continue
    return found


def trusted_seeds(entries: Iterable[Mapping[str, Any]]) -> dict[str, bytes]:
    """The revealed seeds that match a commitment published for their turn (from a pre-scan
    of the log), by commitment, so dice are checked at their own entry; a seed that does not
    match is named at its reveal. Held seeds likewise, against the held commitments."""
    entries = list(entries)
    commitments = _seed_commitments(entries)
    held = _held_commitments(entries)
    found: dict[str, bytes] = {}
    for e in entries:
        for turn, seed in _held_reveals(e.get("outcome")):
            digest = hashlib.sha256(seed).hexdigest()
            if held.get(digest) == turn:
                found[digest] = seed
        reveal = (
            e.get("outcome", {}).get("seed_reveal") if isinstance(e.get("outcome"), dict) else None
        )
        if not reveal:
            continue
        try:
            seed = bytes.fromhex(str(reveal["seed"]))
        except ValueError:
            continue
        digest = hashlib.sha256(seed).hexdigest()
        if commitments.get(digest) == int(reveal["turn"]):
            found[digest] = seed
    return found


class LogChecker:
    """Feed entries oldest first with `add`; `finish` with the stored head, anchors and state."""

    def __init__(
        self,
        seeds: Mapping[str, bytes],
        seqs: set[int] | None = None,
        start: tuple[int, str] | None = None,
    ) -> None:
        self.seeds = dict(seeds)  # commitment → revealed seed
        self._keys: dict[str, KeyedHmac] = {}
        self.seqs = seqs  # every entry number present (an export), to tell moved from removed
        # An incremental export: its first entry number and the hash before it. What lies
        # before (posted heads, commitments, secret rolls made earlier) is the earlier copy's.
        self.first, self.first_prev = start if start is not None else (1, GENESIS)
        self.prev = self.first_prev
        self.expected = self.first
        self.count = 0
        self.problem: Problem | None = None
        self.hashes: dict[int, str] = {}
        self.commitments: dict[int, tuple[str, int]] = {}  # turn → (sha256, entry) in force
        self.published: dict[str, int] = {}  # every commitment seen → its turn
        self.committed_in: dict[int, list[int]] = {}  # turn → every entry committing it
        self.held_commitments: dict[int, tuple[str, int]] = {}  # turn → held (sha256, entry)
        self.published_held: dict[str, int] = {}  # every held commitment seen → its turn
        self.undone: set[int] = set()  # entries a compensating entry names
        # entry → (commitment, turn, interaction, campaign, seed commitment in force, held,
        # derived: its dice came from a seed, not test dice or the operating system)
        self.secrets: dict[int, tuple[str, int, int, int, str | None, bool, bool]] = {}
        self.revealed: set[int] = set()
        self.derived_dice = 0
        self.unprovable = 0
        self.last_state: tuple[int, dict[str, Any]] | None = None
        self.archive: dict[tuple[str, str, int], tuple[str, int]] = {}
        self.deadline_ends: dict[int, int] = {}  # turn → its latest `turn deadline end` entry
        # (turn, message id its dice came from) → (first entry, actor, deadline end before it)
        self.message_draws: dict[tuple[int, int], tuple[int, int, int | None]] = {}

    def add(self, entry: Mapping[str, Any]) -> Problem | None:
        """Check one entry; returns (and keeps) the first problem."""
        if self.problem is None:
            try:
                self.problem = self._check(entry)
            except (KeyError, TypeError, ValueError, IndexError, AttributeError):
                # A field missing or of the wrong kind: the entry was not written by the bot.
                seq = entry.get("seq") if isinstance(entry.get("seq"), int) else self.expected
                self.problem = Problem("edited", seq, {"count": self.count})
        return self.problem

    def _check(self, e: Mapping[str, Any]) -> Problem | None:
        seq = int(e["seq"])
        if seq != self.expected:
            moved = self.seqs is not None and self.expected in self.seqs
            return Problem(
                "reordered" if moved else "removed", self.expected, {"count": self.count}
            )
        if "prev_hash" in e and e["prev_hash"] != self.prev:
            return Problem("reordered", seq, {"count": self.count})
        outcome = e.get("outcome") if isinstance(e.get("outcome"), dict) else {}
        assert isinstance(outcome, dict)
        campaign, turn = int(e["campaign_id"]), int(e["turn"])
        dice = e.get("dice") or {}
        held = dice.get("seed") == "held"
        problem = None
        if e.get("rolls"):
            if dice.get("source") == "derived":
                problem = self._derive(
                    e["rolls"],
                    self._in_force(turn, held),
                    campaign,
                    turn,
                    seq,
                    int(dice["interaction"]),
                    held=held,
                )
            else:
                self.unprovable += 1
        if problem is None and "secret_commitment" in outcome:
            # only derived dice re-derive (a held roll of a turn opened before held seeds
            # came from the operating system)
            derived = dice.get("source", "derived") == "derived"
            self.secrets[seq] = (
                str(outcome["secret_commitment"]),
                turn,
                int(dice.get("interaction", 0)),
                campaign,
                self._in_force(turn, held) if derived else None,
                held,
                derived,
            )
        if problem is None and "secret_reveal" in outcome:
            problem = self._secret_reveal(seq, outcome["secret_reveal"])
        if problem is None and "seed_reveal" in outcome:
            problem = self._seed_reveal(seq, outcome["seed_reveal"])
        if problem is None and "held_reveal" in outcome:
            problem = self._held_reveal(seq, outcome["held_reveal"])
        if problem is None and "seed_commitment" in outcome:
            committed = outcome["seed_commitment"]
            self.commitments[int(committed["turn"])] = (str(committed["sha256"]), seq)
            self.published[str(committed["sha256"])] = int(committed["turn"])
            self.committed_in.setdefault(int(committed["turn"]), []).append(seq)
            if "held_sha256" in committed:
                held_sha = str(committed["held_sha256"])
                self.held_commitments[int(committed["turn"])] = (held_sha, seq)
                self.published_held[held_sha] = int(committed["turn"])
        if problem is not None:
            return problem
        form = {k: v for k, v in e.items() if k not in CHAIN_ONLY}
        digest = chained_hash(self.prev, canonical(form))
        if digest != e["hash"]:
            return Problem("edited", seq, {"count": self.count})
        problem = self._said(seq, e, outcome)
        if problem is not None:
            return problem
        if e.get("command") == UNDO_COMMAND:
            self.undone.update(int(s) for s in outcome.get("undid", ()))
        for key, record_seq, record_digest in outcome.get("archive", ()):
            self.archive[(str(e["ruleset"]), str(key), int(record_seq))] = (str(record_digest), seq)
        if e.get("state") is not None:
            self.last_state = (seq, dict(e["state"]))
        self._note_deadline(seq, e, dice)
        self.hashes[seq] = digest
        self.prev = digest
        self.expected += 1
        self.count += 1
        return None

    def _note_deadline(self, seq: int, e: Mapping[str, Any], dice: Mapping[str, Any]) -> None:
        """Keep what ties a turn end at its deadline to the message it drew from: the turn's
        latest logged start (`turn deadline end`) and each turn end's message id."""
        command = e.get("command")
        options = e.get("options") or {}
        if command == DEADLINE_END:
            self.deadline_ends[int(options["turn"])] = seq
        elif command == "turn end" and int(dice.get("interaction", 0)) != 0:
            turn = int(options.get("turn", e["turn"]))
            self.message_draws.setdefault(
                (turn, int(dice["interaction"])),
                (seq, int(e["actor_id"]), self.deadline_ends.get(turn)),
            )

    def _in_force(self, turn: int, held: bool = False) -> str | None:
        """The commitment of the seed that draws turn `turn`'s dice now (`held`: its held
        dice)."""
        committed = (self.held_commitments if held else self.commitments).get(turn)
        return None if committed is None else committed[0]

    def _derive(
        self,
        rolls: Iterable[Any],
        commitment: str | None,
        campaign: int,
        turn: int,
        seq: int,
        interaction: int,
        revealed_in: int | None = None,
        *,
        held: bool = False,
    ) -> Problem | None:
        if commitment is None or commitment not in self.seeds:
            return None  # the seed is not revealed (or its reveal fails and is named there)
        seed = self._keys.get(commitment)
        if seed is None:
            seed = self._keys[commitment] = KeyedHmac(self.seeds[commitment])
        for index, row in enumerate(rolls):
            sides = int(row[3])
            if sides <= 0:
                raise ValueError(sides)  # not a die: the entry was not written by the bot
            faces = parse_faces(str(row[4]))
            expected = derive_faces(
                seed,
                campaign=campaign,
                turn=turn,
                entry=seq,
                roll=index,
                count=len(faces),
                sides=sides,
                interaction=interaction,
                derivation=HELD_DERIVATION if held else DERIVATION,
            )
            self.derived_dice += len(faces)
            for die, (found, derived) in enumerate(zip(faces, expected, strict=True)):
                if found != derived:
                    kind = "face" if revealed_in is None else "secret_face"
                    return Problem(
                        f"held_{kind}" if held else kind,  # drawn from the held seed
                        seq,
                        {
                            "roll": index + 1,
                            "die": die + 1,
                            "sides": sides,
                            "found": found,
                            "derived": derived,
                            "turn": turn,
                            "reveal": revealed_in,
                        },
                    )
        return None

    def _said(self, seq: int, e: Mapping[str, Any], outcome: Mapping[str, Any]) -> Problem | None:
        """What entry `seq`, as written (its hash holds), says of its dice against its faces:
        its own rolls and `/roll` result, and those of a hidden entry it reveals."""
        is_roll = e.get("ruleset") == "core" and e.get("command") == "roll"
        problem = self._statements(seq, e.get("rolls"), outcome, is_roll=is_roll)
        reveal = outcome.get("secret_reveal")
        payload = reveal.get("payload") if isinstance(reveal, dict) else None
        if problem is None and isinstance(reveal, dict) and isinstance(payload, dict):
            options = payload.get("options")
            problem = self._statements(
                int(reveal["entry"]),
                payload.get("rolls"),
                payload.get("outcome"),
                is_roll=isinstance(options, dict) and "dice" in options,
                revealed_in=seq,
            )
        return problem

    def _statements(
        self,
        seq: int,
        rolls: Any,
        outcome: Any,
        *,
        is_roll: bool,
        revealed_in: int | None = None,
    ) -> Problem | None:
        """What entry `seq` says of its dice, against its faces (bot/verify_rolls.py): each
        roll row's total and successes, and (`is_roll`: a core `/roll`) its result replayed
        on its rows; `revealed_in`: the entry that revealed them (a hidden entry's)."""
        rows = rolls if isinstance(rolls, (list, tuple)) else ()
        found = None
        for index, row in enumerate(rows):
            found = row_problem(index, row)
            if found is not None:
                break
        if found is None and is_roll and isinstance(outcome, dict) and says_roll_result(outcome):
            found = outcome_problem(outcome, rows)
        if found is None:
            return None
        kind, params = found
        if revealed_in is None:
            return Problem(kind, seq, params)
        return Problem(f"revealed_{kind}", seq, {**params, "reveal": revealed_in})

    def _secret_reveal(self, seq: int, reveal: Mapping[str, Any]) -> Problem | None:
        target = int(reveal["entry"])
        known = self.secrets.get(target)
        payload = reveal.get("payload")
        if known is None and target < self.first:
            return None  # rolled before this incremental export starts
        if known is None or target in self.revealed:
            return Problem("secret_unknown", seq, {"entry": target})
        digest = hashlib.sha256(canonical(payload).encode("utf-8")).hexdigest()
        if not isinstance(payload, dict) or digest != known[0]:
            return Problem("secret", seq, {"entry": target})
        self.revealed.add(target)
        _, turn, interaction, campaign, in_force, held, derived = known
        rolls = payload.get("rolls", ())
        if not derived:
            # its faces, now shown, cannot be re-derived: counted as a roll in the open is
            if rolls:
                self.unprovable += 1
            return None
        return self._derive(rolls, in_force, campaign, turn, target, interaction, seq, held=held)

    def _seed_reveal(self, seq: int, reveal: Mapping[str, Any]) -> Problem | None:
        turn = int(reveal["turn"])
        committed = self.commitments.get(turn)
        try:
            seed = bytes.fromhex(str(reveal["seed"]))
        except ValueError:
            seed = b""
        if committed is None and self.first > 1:
            return None  # committed before this incremental export starts
        if committed is None or hashlib.sha256(seed).hexdigest() != committed[0]:
            return Problem(
                "seed", seq, {"turn": turn, "commit": committed[1] if committed else None}
            )
        return None

    def _held_reveal(self, seq: int, reveals: Any) -> Problem | None:
        """Each held seed revealed must match a held commitment published for its turn (one
        committed before an incremental export starts is the earlier copy's to check)."""
        for reveal in reveals:
            turn = int(reveal["turn"])
            try:
                seed = bytes.fromhex(str(reveal["seed"]))
            except ValueError:
                seed = b""
            if self.published_held.get(hashlib.sha256(seed).hexdigest()) == turn:
                continue
            committed = self.held_commitments.get(turn)
            if committed is None and self.first > 1:
                continue
            return Problem(
                "held_seed", seq, {"turn": turn, "commit": committed[1] if committed else None}
            )
        return None

    def listed_archive(self) -> bool:
        """Whether any entry still standing lists archive records (they are to be read)."""
        return any(seq not in self.undone for _, seq in self.archive.values())

    def finish(
        self,
        *,
        head: tuple[int, str] | None,
        anchors: Anchors,
        state: Mapping[str, Any] | None,
        archive: Mapping[tuple[str, str, int], str] | None,
    ) -> Verdict:
        """The remaining checks once every entry is in: the stored head, the posted heads and
        commitments, the stored state against the newest digest, the archive records."""
        problem = self.problem or self._finish(head, anchors, state, archive)
        revealed = {turn for sha, turn in self.published.items() if sha in self.seeds}
        open_turns = sorted(t for t, (sha, _) in self.commitments.items() if sha not in self.seeds)
        open_turn = open_turns[-1] if open_turns else None
        return Verdict(
            problem=problem,
            count=self.count,
            revealed_turns=len(revealed),
            derived_dice=self.derived_dice,
            unprovable=self.unprovable,
            open_turn=open_turn,
            open_commitment=None if open_turn is None else self.commitments[open_turn][0],
            first=self.first,
            first_prev=self.first_prev,
        )

    def _anchored(self, turn: int, anchors: Anchors) -> bool:
        """Whether every entry that commits `turn` had its head posted in the channel (a
        turn's end and an undo of one post the head beside the commitment)."""
        return all(seq in anchors.heads for seq in self.committed_in.get(turn, ()))

    def _posted_messages(self, anchors: Anchors) -> Problem | None:
        """A turn the bot ended at its deadline drew its dice from the id of the message it
        posted first, which carries the head of that turn's latest `turn deadline end`
        entry (README, "Provably fair dice"): the channel must hold a message of the bot with
        that very id and head, or the id was chosen, not given by Discord. Read only from the
        channel; turn ends logged before this (message id 0) have nothing to check."""
        if anchors.messages is None or anchors.bot_id is None:
            return None
        for (turn, message), (seq, actor, start) in sorted(
            self.message_draws.items(), key=lambda kv: kv[1][0]
        ):
            if actor != anchors.bot_id:
                continue  # a GM's confirming click: an interaction, not a message
            if start is None or anchors.messages.get(message) != start:
                return Problem("deadline_message", seq, {"turn": turn, "message": str(message)})
        return None

    def _finish(
        self,
        head: tuple[int, str] | None,
        anchors: Anchors,
        state: Mapping[str, Any] | None,
        archive: Mapping[tuple[str, str, int], str] | None,
    ) -> Problem | None:
        if head is not None and head[0] > self.expected - 1:
            return Problem("removed", self.expected, {"count": self.count})
        if head is not None and (head[0] != self.expected - 1 or head[1] != self.prev):
            # The chain does not end at the head the bot recorded: entries were rewritten
            # (or added) and hashed again, not removed: no entry after the last is missing.
            return Problem("head", head[0], {})
        for seq, posted in sorted(anchors.heads.items()):
            if seq < self.first:
                continue  # posted before this incremental export starts
            if self.hashes.get(seq) != posted:
                return Problem("posted_head", seq, {"count": self.count})
        for turn, posted in sorted(anchors.commitments.items()):
            committed = self.commitments.get(turn)
            if committed is None and self.first > 1:
                continue  # committed before this incremental export starts
            if self.first > 1 and posted not in self.published and self._anchored(turn, anchors):
                # The channel keeps a turn's oldest posting: one made before this copy
                # starts (the turn's first commitment, when an undone turn end committed it
                # again since) is the earlier copy's. Each commitment of the turn this copy
                # holds sits in an entry whose posted head (checked above) covers it.
                continue
            # an undone turn end's turn is committed again: any commitment of the turn holds
            if committed is None or self.published.get(posted) != turn:
                return Problem(
                    "posted_commitment", committed[1] if committed else None, {"turn": turn}
                )
        problem = self._posted_messages(anchors)
        if problem is not None:
            return problem
        if state is not None and self.last_state is not None:
            seq, digests = self.last_state
            part = differing_part(state, digests)
            if part is not None:
                return Problem("state", seq, {"part": part})
        if archive is not None:
            for record, (digest, seq) in sorted(self.archive.items(), key=lambda kv: kv[1][1]):
                if seq in self.undone:
                    continue  # removed with its undone command
                body_digest = archive.get(record)
                if body_digest is None:
                    return Problem("archive_removed", seq, {"count": self.count})
                if body_digest != digest:
                    return Problem("archive_edited", seq, {"count": self.count})
        return None
