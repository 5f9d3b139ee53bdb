"""What a session's results are made of (fascicule 3, ch. 1 « Le classement en duplicate
individuel »): the plays of each étui, their notes, and each player's feuille de route,
percentages and ranks. Players are opaque keys chosen by the caller (for example a
registration id); seats are N, S, E, W. A session's thousands of plays, notes and sheet
lines are named tuples: light to build, as the results are computed again on every change;
a feuille de route is built from its plays when it is read."""

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from typing import NamedTuple

from apps.movements.domain.etuis import defender_seats


class PlayRecord(NamedTuple):
    """One line of a traveller: an étui played at a table, at a position."""

    etui: int
    section: str
    position: int
    table: int
    taker: str  # player key
    taker_seat: str  # N, S, E or W
    defenders: tuple[str, str, str]  # player keys, in the order of defender_seats
    score: int | None  # the taker's score as written on the traveller; None: not entered
    # The deal the étui holds, when another étui holds it too (3x4 Howell: étuis 25 to 32
    # duplicate 1 to 8): plays are topped by deal, and named by their étui.
    deal: int | None = None

    @property
    def defender_seats(self) -> tuple[str, str, str]:
        return defender_seats(self.taker_seat)

    @property
    def deal_number(self) -> int:
        return self.etui if self.deal is None else self.deal


DefenderNotes = tuple[float | None, float | None, float | None]


def complement(taker_note: float) -> float:
    """Each defender's note beside the taker's: its complement to 100 (the topage notes
    the taker, the defence shares the rest)."""
    return 100 - taker_note


class PlayNote(NamedTuple):
    """A play's notes. On a play with a marque ajustée (fascicule 3, ch. 4) ``adjustment``
    names it (an ``AdjustmentKind`` value) and ``adjusted_defender_notes`` holds each
    defender's note; otherwise each defender gets the complement of the taker's note."""

    play: PlayRecord
    taker_note: float | None  # 0 to 100; None while the score is missing, or no note
    adjustment: str | None = None
    adjusted_defender_notes: DefenderNotes | None = None

    @property
    def defender_notes(self) -> DefenderNotes:
        """Each defender's note, in the order of ``PlayRecord.defenders``."""
        if self.adjusted_defender_notes is not None:
            return self.adjusted_defender_notes
        note = None if self.taker_note is None else complement(self.taker_note)
        return note, note, note

    @property
    def defence_note(self) -> float | None:
        """The defence's note; None when the defenders do not share one (a defender's
        forgotten card)."""
        first, *others = self.defender_notes
        return first if all(note == first for note in others) else None


TAKER, DEFENDER = "taker", "defender"


class SheetLine(NamedTuple):
    """One étui of a player's feuille de route."""

    etui: int
    section: str
    position: int
    table: int
    seat: str
    role: str  # "taker" or "defender"
    score: int | None  # the taker's score
    note: float | None  # the player's note, 0 to 100
    adjustment: str | None = None  # the play's marque ajustée (``PlayNote.adjustment``)

    @property
    def side_score(self) -> int | None:
        """The score of the player's side: the taker's score, its opposite for a defender
        (a defence that sets the taker 56 down reads +56, not -56)."""
        if self.score is None:
            return None
        return self.score if self.role == TAKER else -self.score


def sheet_line(note: PlayNote, place: int) -> SheetLine:
    """The line of a player's feuille de route for a play and their ``place`` in it: 0 the
    taker, 1 to 3 the defenders in ``PlayRecord.defenders``' order."""
    play = note.play
    if place:
        seat, role = play.defender_seats[place - 1], DEFENDER
        player_note = note.defender_notes[place - 1]
    else:
        seat, role, player_note = play.taker_seat, TAKER, note.taker_note
    return SheetLine(
        play.etui,
        play.section,
        play.position,
        play.table,
        seat,
        role,
        play.score,
        player_note,
        note.adjustment,
    )


_IN_PLAYING_ORDER = attrgetter("position", "etui")  # a player plays an étui once a position


class Sheets:
    """Every player's feuille de route in a session, built from its notes the first time
    one is read (a live ranking reads none): in playing order (position, then étui), with
    the seat the player held at each table (in a Howell players change seats)."""

    def __init__(self, notes: Sequence[PlayNote]):
        self.notes = notes
        self._by_player: dict[str, tuple[SheetLine, ...]] | None = None

    def of(self, player: str) -> tuple[SheetLine, ...]:
        if self._by_player is None:
            lines: dict[str, list[SheetLine]] = defaultdict(list)
            for note in self.notes:
                play = note.play
                for place, each in enumerate((play.taker, *play.defenders)):
                    lines[each].append(sheet_line(note, place))
            self._by_player = {
                each: tuple(sorted(held, key=_IN_PLAYING_ORDER)) for each, held in lines.items()
            }
        return self._by_player.get(player, ())


@dataclass(frozen=True)
class PlayerResult:
    player: str
    line: str | None  # the seat kept all session (N, S, E, W); None in a Howell
    attack: float | None  # % attaque: mean of the notes as taker
    defence: float | None  # % défense: mean of the notes as defender
    overall: float | None  # % global = ¼ attack + ¾ defence
    penalty: float  # percentage points taken off the overall
    final: float | None  # overall minus penalty
    tops: int  # notes of 100 %, for ties (chapter 2, article 20)
    rank: int | None  # classement général (ties share a rank)
    rank_alternate: int | None  # classement alterné
    sheets: Sheets = field(compare=False, repr=False)  # the session's

    @property
    def sheet(self) -> tuple[SheetLine, ...]:
        """The player's feuille de route (``Sheets``)."""
        return self.sheets.of(self.player)


FORFEIT = "forfeit"  # left the seat before its end: declared forfait and replaced
SHORT = "short"  # entered the seat during play and played less than half of its étuis


@dataclass(frozen=True)
class Unranked:
    """A player the session does not rank, and why: ``etuis`` they played of the seat's
    ``seat_etuis``; ``other`` is who replaced a forfeit player, or whom a short entrant
    replaced (None: the place was vacant)."""

    player: str
    reason: str  # FORFEIT or SHORT
    etuis: int
    seat_etuis: int
    other: str | None
    result: PlayerResult | None = None  # their notes and percentages, with no rank


@dataclass(frozen=True)
class SessionResults:
    players: tuple[PlayerResult, ...]  # in general-ranking order
    notes: tuple[PlayNote, ...]  # every play, by étui then position
    missing: int  # plays whose score is not entered yet
    # The players the session does not rank (apps.results.domain.forfeits), by key.
    unranked: tuple[Unranked, ...] = ()
