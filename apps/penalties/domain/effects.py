"""Effects of the referee's decisions on notes and percentages (fascicule 3, ch. 4 « Code
d'arbitrage », and ch. 2, article 18 « Retards »).

- « Marque ajustée »: a play of an étui gets notes set by the referee instead of, or bounded
  around, the notes of its topage (``AdjustedScore``, ``adjusted_notes``).
- « Pénalité »: percentage points taken off a player's result once every étui is topé,
  marques ajustées included (``penalties_total``, ``lateness_penalty``).
"""

import math
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from functools import partial

from apps.scoring.domain.deal import Side
from apps.scoring.domain.notes import TOP

ZERO = 0.0
FAULTY_MAXIMUM = 40.0  # « maxi 40 % »: the faulty side's note on a 40/60 play
INNOCENT_MINIMUM = 60.0  # « mini 60 % »: the other side's note on a 40/60 play
RENONCE_ON_RENONCE_NOTE = 40.0  # « renonce consommée sur renonce consommée : 40 % et 40 % »
SLOW_PLAY_NOTE = 40.0  # « lenteur … donne neutralisée : 40 % au(x) joueur(s) fautif(s) »
FORGOTTEN_CARD_NOTE = 60.0  # « carte oubliée … 60 % à l'autre camp » (au preneur)

LATENESS_STEP_MINUTES = 5  # article 18: « par fraction de 5 minutes de retard »
LATENESS_STEP_PENALTY = 0.5  # article 18: « 0,5 % d'abaissement du pourcentage »
LATENESS_FORFEIT_MINUTES = 15  # article 18: « après 15 minutes de retard … forfait »

Notes = tuple[float | None, tuple[float | None, float | None, float | None]]


class AdjustmentKind(StrEnum):
    """The marques ajustées of chapter 4."""

    NEUTRALIZED = "neutralized"  # « donne neutralisée »
    ZERO_COLLECTIF = "zero_collectif"  # « zéro collectif »
    FORTY_SIXTY = "40_60"  # « 40/60 : maxi 40 %, mini 60 % »
    FORTY_FORTY = "40_40"  # « renonce consommée sur renonce consommée »
    FORGOTTEN_CARD = "forgotten_card"  # « carte oubliée dans l'étui ou carte à terre »

    @property
    def topped(self) -> bool:
        """Whether the play was played out and its score stays in the étui's topage: the
        40/60 and 40/40 plays; the others are left out of the topage of the other plays."""
        return self in (AdjustmentKind.FORTY_SIXTY, AdjustmentKind.FORTY_FORTY)

    @property
    def sided(self) -> bool:
        """Whether the ruling names the side at fault: the faulty side's note is capped on
        a 40/60 play (« maxi 40 % »), the other side gets 60 % on a forgotten card."""
        return self in (AdjustmentKind.FORTY_SIXTY, AdjustmentKind.FORGOTTEN_CARD)


@dataclass(frozen=True)
class AdjustedScore:
    """A marque ajustée on one play of an étui.

    ``faulty``: the faulty side, for a 40/60 play and a forgotten card. ``faulty_player``:
    the defender who forgot a card. ``zero_players`` and ``forty_players``: on a neutralised
    play, the players the referee gives 0 (« l'arbitre peut toutefois attribuer une note
    Zéro ») or 40 % (« lenteur de jeu »); these notes count in their percentages.
    """

    kind: AdjustmentKind
    faulty: Side | None = None
    faulty_player: str | None = None
    zero_players: frozenset[str] = frozenset()
    forty_players: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        kind = AdjustmentKind(self.kind)
        faulty = None if self.faulty is None else Side(self.faulty)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "faulty", faulty)
        object.__setattr__(self, "zero_players", frozenset(self.zero_players))
        object.__setattr__(self, "forty_players", frozenset(self.forty_players))
        needs_faulty = kind.sided
        if needs_faulty != (faulty is not None):
            raise ValueError(f"camp fautif {'manquant' if needs_faulty else 'inattendu'} ({kind})")
        needs_player = kind is AdjustmentKind.FORGOTTEN_CARD and faulty is Side.DEFENSE
        if needs_player != (self.faulty_player is not None):
            raise ValueError("le défenseur fautif n'est donné que pour sa carte oubliée")
        given = self.zero_players | self.forty_players
        if given and kind is not AdjustmentKind.NEUTRALIZED:
            raise ValueError("des notes individuelles ne se donnent que sur une donne neutralisée")
        if self.zero_players & self.forty_players:
            raise ValueError("un joueur reçoit à la fois 0 et 40 % sur la donne")


def _strangers_refused(adjustment: AdjustedScore, taker: str, defenders: tuple) -> None:
    """The players the adjustment names play the étui (the faulty player, a defender)."""
    strangers = sorted((adjustment.zero_players | adjustment.forty_players) - {taker, *defenders})
    if adjustment.faulty_player is not None and adjustment.faulty_player not in defenders:
        strangers.append(adjustment.faulty_player)
    if strangers:
        raise ValueError(f"joueurs étrangers à la donne : {', '.join(strangers)}")


def _given_note(adjustment: AdjustedScore, player: str) -> float | None:
    """The note the referee gives ``player`` on a neutralised play: 0, 40 % or none."""
    if player in adjustment.zero_players:
        return ZERO
    return SLOW_PLAY_NOTE if player in adjustment.forty_players else None


def adjusted_notes(
    adjustment: AdjustedScore,
    taker: str,
    defenders: tuple[str, str, str],
    taker_note: float | None,
) -> Notes:
    """The notes of the taker and of each defender of an adjusted play; ``taker_note`` is
    the play's note from the topage (None when not topé). None: no note, the play leaves
    that player's percentages (« le pourcentage final du joueur sera établi sur l'ensemble
    des autres donnes »).

    - Donne neutralisée: no note, but the 0 or 40 % the referee gives a player.
    - Zéro collectif: « les deux camps marquent 0 sur la donne ».
    - 40/60: « la note du camp fautif ne peut excéder 40 % … la note du camp non fautif ne
      peut pas être inférieure à 60 % »; the notes stay complementary.
    - Renonce sur renonce: « 40 % et 40 % ».
    - Carte oubliée: by the taker, « 0 au camp fautif et 60 % à l'autre camp »; by a
      defender, « 60 % au preneur, 0 au défenseur fautif et donne neutralisée pour les 2
      autres défenseurs ».
    """
    _strangers_refused(adjustment, taker, defenders)
    match adjustment.kind, adjustment.faulty:
        case AdjustmentKind.NEUTRALIZED, _:
            given = partial(_given_note, adjustment)
            return given(taker), (given(defenders[0]), given(defenders[1]), given(defenders[2]))
        case AdjustmentKind.ZERO_COLLECTIF, _:
            return _sides(ZERO, ZERO)
        case AdjustmentKind.FORTY_FORTY, _:
            return _sides(RENONCE_ON_RENONCE_NOTE, RENONCE_ON_RENONCE_NOTE)
        case AdjustmentKind.FORTY_SIXTY, _ if taker_note is None:
            return _sides(None, None)
        case AdjustmentKind.FORTY_SIXTY, Side.TAKER:
            bounded = min(taker_note, FAULTY_MAXIMUM)
            return _sides(bounded, TOP - bounded)
        case AdjustmentKind.FORTY_SIXTY, Side.DEFENSE:
            bounded = max(taker_note, INNOCENT_MINIMUM)
            return _sides(bounded, TOP - bounded)
        case AdjustmentKind.FORGOTTEN_CARD, Side.TAKER:
            return _sides(ZERO, FORGOTTEN_CARD_NOTE)
        case _:
            faulty = adjustment.faulty_player
            notes = tuple(ZERO if defender == faulty else None for defender in defenders)
            return FORGOTTEN_CARD_NOTE, notes


def _sides(taker_note: float | None, defence_note: float | None) -> Notes:
    return taker_note, (defence_note, defence_note, defence_note)


@dataclass(frozen=True)
class PenaltyRecord:
    """A penalty in percentage points. ``etui``: the étui of the fault, None for a fault of
    the session (lateness, telephone …); ``cumulative``: False for a fault that does not add
    to the player's other faults on that étui."""

    player: str
    etui: int | None
    percent: float
    cumulative: bool


def penalties_total(records: Iterable[PenaltyRecord]) -> dict[str, float]:
    """Each player's percentage points taken off their result (« Pénalité : un pourcentage
    est déduit à l'issue de la séance »). Cumulative penalties add up; of a player's
    non-cumulative penalties on one étui only the heaviest counts (« si plusieurs fautes
    sont commises par un joueur sur la même donne : pas de cumul des pénalités »; « pas de
    cumul des fautes sur reconstitution : 0,5 % si donne jouable ; 1,5 % si non jouable »)."""
    counted: dict[str, list[float]] = defaultdict(list)
    heaviest: dict[tuple[str, int | None], float] = {}
    for record in records:
        if record.percent < 0:
            raise ValueError(f"pénalité négative pour {record.player} : {record.percent}")
        if record.cumulative:
            counted[record.player].append(record.percent)
        else:
            key = (record.player, record.etui)
            heaviest[key] = max(heaviest.get(key, ZERO), record.percent)
    for (player, _), percent in heaviest.items():
        counted[player].append(percent)
    return {player: math.fsum(percents) for player, percents in counted.items()}


def lateness_forfeit(minutes_late: int) -> bool:
    """Article 18: « après 15 minutes de retard, l'arbitre doit déclarer forfait »."""
    return minutes_late > LATENESS_FORFEIT_MINUTES


def lateness_penalty(minutes_late: int) -> float:
    """Article 18: 0.5 percentage point per started 5 minutes of lateness (« par fraction de
    5 minutes de retard »). A player late beyond 15 minutes is forfeit, not penalised."""
    if minutes_late < 0:
        raise ValueError(f"retard négatif : {minutes_late} min")
    if lateness_forfeit(minutes_late):
        raise ValueError(f"{minutes_late} min de retard : le joueur est déclaré forfait")
    return LATENESS_STEP_PENALTY * math.ceil(minutes_late / LATENESS_STEP_MINUTES)
