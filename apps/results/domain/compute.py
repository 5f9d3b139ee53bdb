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

from apps.penalties.domain.effects import AdjustedScore, adjusted_notes
from apps.results.domain.model import (
    PlayerResult,
    PlayNote,
    PlayRecord,
    SessionResults,
    SheetLine,
)
from apps.results.domain.percentages import player_percentages
from apps.results.domain.rankings import Standing, alternate_places, general_ranking
from apps.results.domain.topage import TOP, taker_notes

TAKER, DEFENDER = "taker", "defender"
SEATS = ("N", "S", "E", "W")

Adjustments = Mapping[tuple[str, int, int], AdjustedScore]


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


def play_notes(
    plays: Iterable[PlayRecord], adjustments: Adjustments | None = None
) -> list[PlayNote]:
    """Every play with its notes (None while the score is missing), by étui, then position,
    section and table. Raises ValueError for an adjustment that does not name exactly one
    play."""
    adjustments = adjustments or {}
    by_etui: dict[int, list[PlayRecord]] = defaultdict(list)
    for play in plays:
        by_etui[play.deal_number].append(play)
    played = Counter(_play_key(play) for etui_plays in by_etui.values() for play in etui_plays)
    unknown = sorted(key for key in adjustments if played[key] != 1)
    if unknown:
        raise ValueError(
            f"marque ajustée pour une donne non jouée ou jouée plusieurs fois : {unknown}"
        )
    notes: list[PlayNote] = []
    for etui_plays in by_etui.values():
        topped = [p.score is not None and _counts_score(p, adjustments) for p in etui_plays]
        scores = [play.score for play, counted in zip(etui_plays, topped, strict=True) if counted]
        topage = iter(taker_notes(scores))
        notes += (
            _note(play, next(topage) if counted else None, adjustments)
            for play, counted in zip(etui_plays, topped, strict=True)
        )
    notes.sort(key=lambda n: (n.play.deal_number, n.play.position, n.play.section, n.play.table))
    return notes


def _sheets(notes: list[PlayNote], lines: Mapping[str, str]) -> dict[str, list[SheetLine]]:
    """Each player's feuille de route in playing order (position, then étui: a player plays
    an étui once per position), with the seat each held at that table (in Howell players
    change seats). Raises ValueError for a player who has no line."""
    sheets: dict[str, list[SheetLine]] = {player: [] for player in lines}
    for note in sorted(notes, key=lambda n: (n.play.position, n.play.etui)):
        play = note.play
        defenders = zip(play.defenders, play.defender_seats, note.defender_notes, strict=True)
        sides = [(play.taker, play.taker_seat, TAKER, note.taker_note)]
        sides += [(player, seat, DEFENDER, player_note) for player, seat, player_note in defenders]
        for player, seat, role, player_note in sides:
            sheet = sheets.get(player)
            if sheet is None:
                raise ValueError(f"le joueur {player} (étui {play.etui}) n'a pas de ligne")
            sheet.append(
                SheetLine(
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
            )
    return sheets


def _player_fields(sheet: list[SheetLine], penalty: float, line: str | None) -> dict:
    """A player's percentages, penalty, final percentage, TOPs, line and sheet."""
    percentages = player_percentages(
        [entry.note for entry in sheet if entry.role == TAKER],
        [entry.note for entry in sheet if entry.role == DEFENDER],
    )
    overall = percentages.overall
    return {
        **percentages._asdict(),
        "penalty": penalty,
        "final": None if overall is None else overall - penalty,
        "tops": sum(entry.note == TOP for entry in sheet),
        "line": line,
        "sheet": tuple(sheet),
    }


def _ranked(fields: Mapping[str, dict], by_tops: bool) -> tuple[PlayerResult, ...]:
    """The players in general-ranking order, with their general and alternate places."""
    standings = [Standing(player, f["final"], f["tops"], f["line"]) for player, f in fields.items()]
    alternate = alternate_places(standings, by_tops=by_tops)
    return tuple(
        PlayerResult(
            player=s.player, rank=rank, rank_alternate=alternate.get(s.player), **fields[s.player]
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
    notes = play_notes(plays, adjustments)
    fields = {
        player: _player_fields(sheet, penalties.get(player, 0.0), lines[player])
        for player, sheet in _sheets(notes, lines).items()
    }
    return SessionResults(_ranked(fields, by_tops), tuple(notes), _missing(notes, adjustments))
