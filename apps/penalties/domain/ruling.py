"""The checks of a referee's ruling on a fault of the catalogue (fascicule 3, ch. 4 « Code
d'arbitrage »): the sanction is the one printed unless the referee departs from it, and a
departure gives its reason; a marque ajustée falls on one étui played at one table, one
per étui, and names the side at fault where its kind needs one (``AdjustmentKind.sided``);
the players get a note of their own (« 0 au joueur fautif », « 40 % au(x) joueur(s)
fautif(s) ») only on a cancelled board; a card forgotten by a defender names that
defender.

Each problem is a (field, code) pair, worded by the services (``penalties.services``)."""

from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum

from apps.penalties.domain.effects import AdjustmentKind
from apps.scoring.domain.deal import Side


class PlayersNoteKind(StrEnum):
    """The note the players concerned get on a cancelled board."""

    ZERO = "zero"  # « l'arbitre peut toutefois attribuer une note Zéro »
    FORTY = "forty"  # « lenteur de jeu … 40 % au(x) joueur(s) fautif(s) »


@dataclass(frozen=True)
class Sanction:
    """What a ruling sets: the penalty in percentage points, the marque ajustée, the side
    at fault and the players' note ("" for none)."""

    penalty: Decimal | None
    adjustment: str = ""
    faulty_side: str = ""
    players_note: str = ""


def ruling_given(
    printed: Sanction,
    *,
    penalty: Decimal | None = None,
    adjustment: str | None = None,
    faulty_side: str | None = None,
    players_note: str | None = None,
) -> Sanction:
    """The ruling: what the referee gives, the printed sanction for what they leave out."""
    return Sanction(
        printed.penalty if penalty is None else penalty,
        printed.adjustment if adjustment is None else adjustment,
        printed.faulty_side if faulty_side is None else faulty_side,
        printed.players_note if players_note is None else players_note,
    )


def ruling_departs(ruling: Sanction, printed: Sanction) -> bool:
    """Whether the ruling departs from the printed sanction. Naming the side at fault where
    the catalogue leaves it to the incident (a renonce is the taker's or the defence's)
    follows the catalogue; changing a printed one departs."""
    side_departs = bool(printed.faulty_side) and ruling.faulty_side != printed.faulty_side
    kept = (printed.penalty, printed.adjustment, printed.players_note)
    return side_departs or (ruling.penalty, ruling.adjustment, ruling.players_note) != kept


def _unknown(ruling: Sanction) -> list[tuple[str, str]]:
    known = (
        ("adjustment", ruling.adjustment, AdjustmentKind, "unknown_adjustment"),
        ("faulty_side", ruling.faulty_side, Side, "unknown_side"),
        ("players_note", ruling.players_note, PlayersNoteKind, "unknown_note"),
    )
    return [
        (field, code)
        for field, value, kinds, code in known
        if value and value not in {kind.value for kind in kinds}
    ]


def ruling_problems(
    ruling: Sanction,
    printed: Sanction,
    *,
    override_reason: str,
    at_etui: bool,
    adjustment_taken: bool,
) -> list[tuple[str, str]]:
    """Everything wrong with the ruling before its players are known. ``at_etui``: the
    table and the étui are named; ``adjustment_taken``: that étui already has a marque
    ajustée at that table."""
    unknown = _unknown(ruling)
    if unknown:
        return unknown
    problems = []
    if ruling.players_note and ruling.adjustment != AdjustmentKind.NEUTRALIZED:
        problems.append(("players_note", "note_off_cancelled_board"))
    if ruling_departs(ruling, printed) and not override_reason.strip():
        problems.append(("override_reason", "reason_missing"))
    if ruling.adjustment:
        if not at_etui:
            problems.append(("etui", "etui_missing"))
        if AdjustmentKind(ruling.adjustment).sided and not ruling.faulty_side:
            problems.append(("faulty_side", "side_missing"))
        if adjustment_taken:
            problems.append(("adjustment", "etui_adjusted"))
    return problems


def names_a_side(adjustment: str) -> bool:
    """Whether a ruling with this marque ajustée ("" for none) names the side at fault."""
    return bool(adjustment) and AdjustmentKind(adjustment).sided


def forgotten_by_defender(adjustment: str, faulty_side: str) -> bool:
    """A card forgotten by a defender: the marque ajustée names that defender."""
    return (adjustment, faulty_side) == (AdjustmentKind.FORGOTTEN_CARD, Side.DEFENSE)


def players_problems(ruling: Sanction, players: int) -> list[tuple[str, str]]:
    """Whether the ruling names the players it needs (``players``: how many)."""
    if (ruling.penalty or ruling.players_note) and not players:
        return [("players", "players_missing")]
    if forgotten_by_defender(ruling.adjustment, ruling.faulty_side) and players != 1:
        return [("players", "defender_missing")]
    return []
