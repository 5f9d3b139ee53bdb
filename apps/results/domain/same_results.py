"""When two sources hold the same results, whatever brought them (a room in Donne, a
tournament file, a file from other software), so that the national ranking counts them
once: recognised by who earned what, not by bytes, names or dates.

- Awards: the same licences with the same PCN and PP for at least 90 % of the licensees
  with a non-zero award in either source are the same results; from 60 % they are close
  (alerted, not refused). 0-point lines are left out: dropping or adding them changes
  nothing.
- Plays: a source whose plays (licence, étui, score) are contained in the other's, 90 % of
  them at least, holds the same results: a session of a tournament imported alone, or the
  same evening with a replacement or a forfeit written otherwise; from 60 % they are close.
  Sessions are left out of a play: a session imported alone becomes a first session.

Two genuine tournaments of the same players (a festival's weekend) differ in their awards
and in their plays: neither rule holds for them.

Pure: plain data in (licensees as any hashable key), a verdict out.
"""

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from apps.results.domain.fingerprint import GUEST, PlayedLine

SAME_SHARE = Fraction(9, 10)
CLOSE_SHARE = Fraction(6, 10)
# A source with fewer plays than this is too small to be recognised by its plays alone (a
# few étuis of the same players may agree by chance).
MIN_PLAYS = 24

Awards = Mapping[Hashable, tuple[int, int]]  # licensee -> (PCN, PP)
Play = tuple[Hashable, int, int]  # (licensee, étui, score)


class Likeness(StrEnum):
    SAME = "same"  # the same results: counted once
    CLOSE = "close"  # looked at before homologation


@dataclass(frozen=True)
class Verdict:
    """How alike two sources are: ``likeness`` (None: not alike), the share that decided
    it, and by what (« attributions » or « donnes jouées »)."""

    likeness: Likeness | None
    share: Fraction
    by: str

    @property
    def percent(self) -> int:
        return int(self.share * 100)


UNLIKE = Verdict(None, Fraction(0), "")


def awarded(awards: Awards) -> dict[Hashable, tuple[int, int]]:
    """The lines with a non-zero award: the ones that make a source's results."""
    return {licensee: (pcn, pp) for licensee, (pcn, pp) in awards.items() if pcn or pp}


def awards_share(mine: Awards, theirs: Awards) -> Fraction:
    """The share of the licensees with a non-zero award in either source whose PCN and PP
    are the same in both."""
    mine, theirs = awarded(mine), awarded(theirs)
    either = mine.keys() | theirs.keys()
    if not either:
        return Fraction(0)
    agree = sum(1 for licensee, values in mine.items() if theirs.get(licensee) == values)
    return Fraction(agree, len(either))


def plays_share(mine: Iterable[Play], theirs: Iterable[Play]) -> Fraction:
    """The share of the smaller source's plays that the other holds (0 when it has fewer
    than MIN_PLAYS)."""
    mine, theirs = set(mine), set(theirs)
    smaller, larger = (mine, theirs) if len(mine) <= len(theirs) else (theirs, mine)
    if len(smaller) < MIN_PLAYS:
        return Fraction(0)
    return Fraction(len(smaller & larger), len(smaller))


def licensed_plays(lines: Iterable[PlayedLine]) -> set[Play]:
    """The plays of scored lines: (licence, étui, score) for each seat a licensee held;
    guests, empty seats and sessions left out."""
    return {
        (seat, line.etui, line.score)
        for line in lines
        for seat in line.seats
        if seat and not seat.startswith(GUEST)
    }


def _likeness(share: Fraction) -> Likeness | None:
    if share >= SAME_SHARE:
        return Likeness.SAME
    if share >= CLOSE_SHARE:
        return Likeness.CLOSE
    return None


def results_verdict(
    *,
    awards: tuple[Awards, Awards] | None = None,
    plays: tuple[Iterable[Play], Iterable[Play]] | None = None,
) -> Verdict:
    """The verdict on two sources from their awards and, where both have them, their
    plays: the closer of the two."""
    verdicts = []
    if awards is not None:
        share = awards_share(*awards)
        verdicts.append(Verdict(_likeness(share), share, "attributions"))
    if plays is not None:
        share = plays_share(*plays)
        verdicts.append(Verdict(_likeness(share), share, "donnes jouées"))
    alike = [verdict for verdict in verdicts if verdict.likeness is not None]
    if not alike:
        return UNLIKE
    return max(alike, key=lambda verdict: verdict.share)
