"""A player's percentages (fascicule 3, ch. 1, « 2ème étape : calcul du pourcentage de
chaque joueur »): % attaque is the mean of the notes as taker, % défense the mean of the
notes as defender, and % global = ¼ % attaque + ¾ % défense.

Where the regulation is silent: notes not known yet (score not entered) are left out of the
means. A player with no note as taker (the scores of their attacks are not in yet, or, with
2 étuis per table, the movement gave them no étui to take) has no % attaque, and their
% global is their % défense alone; likewise a player with no note as defender is ranked on
their % attaque alone. Filling the missing side with 50 % would pull every such player
towards the average for a reason that has nothing to do with their play. A player with no
note at all has no percentage (None) and is not ranked yet.
"""

import math
from collections.abc import Iterable
from typing import NamedTuple

ATTACK_WEIGHT = 0.25
DEFENCE_WEIGHT = 0.75


class Percentages(NamedTuple):
    attack: float | None
    defence: float | None
    overall: float | None


def notes_mean(notes: Iterable[float | None]) -> float | None:
    """The mean of the known notes; None when none is known."""
    known = [note for note in notes if note is not None]
    return math.fsum(known) / len(known) if known else None


def overall_percentage(attack: float | None, defence: float | None) -> float | None:
    """% global = ¼ attack + ¾ defence; a missing side drops out (see the module)."""
    if attack is None:
        return defence
    if defence is None:
        return attack
    return ATTACK_WEIGHT * attack + DEFENCE_WEIGHT * defence


def player_percentages(
    taker_notes: Iterable[float | None], defender_notes: Iterable[float | None]
) -> Percentages:
    attack = notes_mean(taker_notes)
    defence = notes_mean(defender_notes)
    return Percentages(attack, defence, overall_percentage(attack, defence))
