"""The PCN and PP the results' pages, exports and sheets show beside the results. They are
stored and read by the awards app, above this one: it registers its reader here
(``awards_reader_register``, in its AppConfig.ready), so that the results know nothing of
how awards are kept. Without a reader, no award is shown."""

from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True)
class AwardsShown:
    """What a results page shows of the tournament's awards: the job computing them (None
    before any), and each registration's award."""

    job: object | None
    by_registration: dict

    @property
    def columns(self) -> bool:
        return bool(self.by_registration)

    def of(self, registration_id: int | None):
        return self.by_registration.get(registration_id)


class AwardsReader(Protocol):
    def awards_shown(self, tournament) -> AwardsShown: ...

    def awards_by_registration(self, tournament) -> dict: ...

    def award_of(self, registration_id: int): ...


readers: list[AwardsReader] = []  # the awards app's, once registered


def awards_reader_register(reader: AwardsReader) -> None:
    if reader not in readers:
        readers.append(reader)


def awards_shown(tournament) -> AwardsShown:
    """The tournament's awards as its pages show them (none while play goes on)."""
    return readers[0].awards_shown(tournament) if readers else AwardsShown(None, {})


def awards_by_registration(tournament) -> dict:
    """{registration id: award} of the tournament's computed awards."""
    return readers[0].awards_by_registration(tournament) if readers else {}


def award_of(registration_id: int):
    """A player's award in the tournament of this registration, if any."""
    return readers[0].award_of(registration_id) if readers else None
