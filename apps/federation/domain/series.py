"""The séries of the federation's players (fascicule 3, ch. 2 « Déroulement des
championnats par séries »; the national ranking moves players between them at each
season's end): their codes as the federation's files write them, highest first, and their
names as the regulation spells them (« 1ère série », « 2ème série », « promotion »). The one
home of the séries: the licensees and their imports, the championships, the season's
potential and the national ranking read them here."""

from enum import StrEnum


class Series(StrEnum):
    FIRST = "1"
    SECOND = "2"
    PROMOTION = "P"
    UNRANKED = "NC"  # « non classé »


ORDER = tuple(Series)  # highest first
RANKED = ORDER[:-1]  # the séries a player is ranked in: 1ère, 2ème, Promotion
NAMES = {
    Series.FIRST: "1ère série",
    Series.SECOND: "2ème série",
    Series.PROMOTION: "Promotion",
    Series.UNRANKED: "non classé",
}
