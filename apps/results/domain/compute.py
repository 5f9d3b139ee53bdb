"""A session's results from its travellers (fascicule 3, ch. 1 « Le classement en duplicate
individuel »): topage of every étui, each player's feuille de route and percentages, then the
classement général and the classement alterné.

Each étui is topé over all its plays whose score is entered, in every section together
(docs/interpretations.md): plays are grouped by the deal they hold
(``PlayRecord.deal_number``: in 3x4 Howell étuis 25 to 32 hold the deals of 1 to 8) and
keep their own étui number everywhere else. Plays without a score have no note yet and
are counted in ``missing``; results are live while scores come in.

Marques ajustées (ch. 4, « Marque ajustée ») are keyed by (section, table, étui), the
étui as played at that table. A play
neutralised, given a zéro collectif or a forgotten card is left out of the topage of the
other plays of its étui; a 40/60 or 40/40 play is topé with them, then given its adjusted
notes (``adjusted_notes``). A play without a note leaves the player's percentages; the 0 or
40 % the referee gives a player on a neutralised play counts. Penalties are taken off once
every étui is topé (« Pénalité »).
"""

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from operator import itemgetter

from apps.penalties.domain.effects import AdjustedScore, adjusted_notes
from apps.results.domain.model import (
    PlayerResult,
    PlayNote,
    PlayRecord,
    SessionResults,
    Sheets,
    complement,
)
from apps.results.domain.percentages import player_percentages
from apps.results.domain.rankings import Standing, alternate_places, general_ranking
from apps.results.domain.topage import TOP, taker_notes

SEATS = ("N", "S", "E", "W")

Adjustments = Mapping[tuple[str, int, int], AdjustedScore]

# A play's place in an étui's order: position, section, table (``PlayRecord``'s fields).
_IN_ETUI_ORDER = itemgetter(2, 1, 3)


def _play_key(play: PlayRecord) -> tuple[str, int, int]:
    return play.section, play.table, play.etui


def _counts_score(play: PlayRecord, adjustments: Adjustments) -> bool:
    """Whether the play's score counts: in its étui's topage, and in ``missing`` while it
    is not entered. Not so for a marque ajustée that sets the play aside."""
    adjustment = adjustments.get(_play_key(play))
    return adjustment is None or adjustment.kind.topped


def _note(play: PlayRecord, taker_note: float | None, adjustments: Adjustments) -> PlayNote:
    adjustment = adjustments.get(_play_key(play))
    if adjustment is None:
        return PlayNote(play, taker_note)
    taker, defenders = adjusted_notes(adjustment, play.taker, play.defenders, taker_note)
    return PlayNote(play, taker, adjustment.kind, defenders)


def _adjustments_checked(plays: list[PlayRecord], adjustments: Adjustments) -> None:
    """Raises ValueError for an adjustment that does not name exactly one play."""
    played = Counter(key for play in plays if (key := _play_key(play)) in adjustments)
    unknown = sorted(key for key in adjustments if played[key] != 1)
    if unknown:
        raise ValueError(
            f"marque ajustée pour une donne non jouée ou jouée plusieurs fois : {unknown}"
        )


def _etui_notes(etui_plays: list[PlayRecord], adjustments: Adjustments) -> list[PlayNote]:
    """The notes of the plays of one étui (of one deal), in the order given."""
    if not adjustments:  # the common case, kept short: a session's thousands of plays
        topage = iter(taker_notes([p.score for p in etui_plays if p.score is not None]))
        return [PlayNote(p, None if p.score is None else next(topage)) for p in etui_plays]
    topped = [p.score is not None and _counts_score(p, adjustments) for p in etui_plays]
    counted_scores = [p.score for p, counted in zip(etui_plays, topped, strict=True) if counted]
    topage = iter(taker_notes(counted_scores))
    return [
        _note(play, next(topage) if counted else None, adjustments)
        for play, counted in zip(etui_plays, topped, strict=True)
    ]


def play_notes(
    plays: Iterable[PlayRecord], adjustments: Adjustments | None = None
) -> list[PlayNote]:
    """Every play with its notes (None while the score is missing), by étui, then position,
    section and table. Raises ValueError for an adjustment that does not name exactly one
    play."""
    adjustments = adjustments or {}
    by_deal: dict[int, list[PlayRecord]] = defaultdict(list)
    for play in plays:
        by_deal[play.deal_number].append(play)
    if adjustments:
        _adjustments_checked(
            [p for etui_plays in by_deal.values() for p in etui_plays], adjustments
        )
    notes: list[PlayNote] = []
    for deal in sorted(by_deal):
        notes += _etui_notes(sorted(by_deal[deal], key=_IN_ETUI_ORDER), adjustments)
    return notes


class _Tally:
    """A player's notes known as taker and as defender, gathered play by play."""

    __slots__ = ("attack", "defence")

    def __init__(self) -> None:
        self.attack: list[float] = []
        self.defence: list[float] = []


def _tallies(notes: Iterable[PlayNote], lines: Mapping[str, str | None]) -> dict[str, _Tally]:
    """Each player's tally. Raises ValueError for a player who has no line."""
    tallies = {player: _Tally() for player in lines}
    for note in notes:
        play = note.play
        try:
            taker = tallies[play.taker]
            defenders = [tallies[player] for player in play.defenders]
        except KeyError as unknown:
            player = unknown.args[0]
            raise ValueError(f"le joueur {player} (étui {play.etui}) n'a pas de ligne") from None
        taker_note, adjusted = note.taker_note, note.adjusted_defender_notes
        if taker_note is not None:
            taker.attack.append(taker_note)
        if adjusted is None:  # the common case: each defender has the complement
            if taker_note is not None:
                defence = complement(taker_note)
                for tally in defenders:
                    tally.defence.append(defence)
            continue
        for tally, value in zip(defenders, adjusted, strict=True):
            if value is not None:
                tally.defence.append(value)
    return tallies


def _player_fields(tally: _Tally, penalty: float, line: str | None) -> dict:
    """A player's percentages, penalty, final percentage, TOPs and line."""
    percentages = player_percentages(tally.attack, tally.defence)
    overall = percentages.overall
    return {
        **percentages._asdict(),
        "penalty": penalty,
        "final": None if overall is None else overall - penalty,
        "tops": tally.attack.count(TOP) + tally.defence.count(TOP),
        "line": line,
    }


def _ranked(fields: Mapping[str, dict], sheets: Sheets, by_tops: bool) -> tuple[PlayerResult, ...]:
    """The players in general-ranking order, with their general and alternate places."""
    standings = [Standing(player, f["final"], f["tops"], f["line"]) for player, f in fields.items()]
    alternate = alternate_places(standings, by_tops=by_tops)
    return tuple(
        PlayerResult(
            player=s.player,
            rank=rank,
            rank_alternate=alternate.get(s.player),
            sheets=sheets,
            **fields[s.player],
        )
        for s, rank in general_ranking(standings, by_tops=by_tops)
    )


def _missing(notes: Iterable[PlayNote], adjustments: Adjustments) -> int:
    return sum(note.play.score is None and _counts_score(note.play, adjustments) for note in notes)


def _penalties_checked(penalties: Mapping[str, float], lines: Mapping[str, str | None]) -> None:
    unknown = sorted(set(penalties) - set(lines))
    if unknown:
        raise ValueError(f"pénalité pour des joueurs sans ligne : {', '.join(unknown)}")


def session_results_compute(
    plays: Iterable[PlayRecord],
    lines: Mapping[str, str | None],
    penalties: Mapping[str, float] | None = None,
    adjustments: Adjustments | None = None,
    *,
    by_tops: bool = True,
) -> SessionResults:
    """The session's results. ``lines`` gives every player of the session the seat they keep
    all session, None in a Howell (players with no play yet are listed, unranked);
    ``penalties`` are percentage points taken off a player's % global (final = overall -
    penalty), and the rankings go by the final percentage. TOPs count the notes of exactly
    100 %. ``adjustments`` are the marques ajustées by (section, table, étui). ``by_tops``:
    ties broken by TOPs (a championship, art. 20), else equal percentages share."""
    adjustments = adjustments or {}
    penalties = penalties or {}
    _penalties_checked(penalties, lines)
    notes = tuple(play_notes(plays, adjustments))
    fields = {
        player: _player_fields(tally, penalties.get(player, 0.0), lines[player])
        for player, tally in _tallies(notes, lines).items()
    }
    ranked = _ranked(fields, Sheets(notes), by_tops)
    return SessionResults(ranked, notes, _missing(notes, adjustments))
