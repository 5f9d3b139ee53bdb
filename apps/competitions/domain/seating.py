"""How a stage's sessions are seated (fascicule 3, ch. 2, art. 7 and 17).

- The first session: « Les positions de départ des autres joueurs sont tirées au sort ou
  définies de façon à équilibrer les lignes (serpentin par exemple) suivant les règles
  définies dans le règlement régional » (art. 17): at a regional stage the organiser
  chooses, drawn unless they say otherwise. The Open's regional final is drawn:
  « Mise en place aléatoire et non pas équilibrée pour ne protéger personne » (art. 7).
  The national final is balanced, the players of one committee kept apart (art. 17): not a
  choice either.
- The following sessions, at every stage: « le placement des joueurs est effectué par
  serpentin … en fonction des résultats de la ou des séances précédentes » (art. 17 ¶2).
"""

from enum import StrEnum

from apps.competitions.domain.kinds import KINDS, CompetitionKind


class FirstSeating(StrEnum):
    DRAW = "draw"
    SERPENTINE = "serpentine"  # lines balanced by serpentine


def first_seatings(
    kind: CompetitionKind, *, national: bool, regional_final: bool
) -> tuple[FirstSeating, ...]:
    """The seatings a stage's first session may have, its default first."""
    if national:
        return (FirstSeating.SERPENTINE,)
    if KINDS[kind].drawn_regional_final and regional_final:
        return (FirstSeating.DRAW,)
    return (FirstSeating.DRAW, FirstSeating.SERPENTINE)


def first_seating_refusal(
    kind: CompetitionKind, seating: str, *, national: bool, regional_final: bool
) -> str | None:
    """Why the stage's first session may not be seated so (None: it may)."""
    if seating in first_seatings(kind, national=national, regional_final=regional_final):
        return None
    if national:
        return (
            "la finale nationale est placée de façon à équilibrer les lignes, les joueurs "
            "d'un même comité séparés (art. 17)"
        )
    if seating in {choice.value for choice in FirstSeating}:
        return (
            "la finale régionale de l'Open est placée par tirage au sort, « aléatoire et non "
            "pas équilibrée pour ne protéger personne » (art. 7)"
        )
    return "placement inconnu"
