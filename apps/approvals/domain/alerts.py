"""Integrity alerts before homologation: what a careful officer of the chain (committee,
zone, federation) wants to look at before passing a tournament on or approving it, each
with its evidence. An alert never blocks: the officer approves, sends back, or notes why
it is fine.

Pure: plain facts in, alerts out. Each kind is one small function in ``ALERT_KINDS``,
registered with ``@alert_kind``; it looks at one tournament (an ``Event``) beside the
others the selector gathered (``Context``) and returns its alerts.
"""

from collections import Counter, defaultdict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal

from apps.approvals.domain.conditions import index_shortfall
from apps.awards.domain.claims import StageTables, awards_claim_problems
from apps.results.domain.same_results import Likeness, Play, Verdict, results_verdict
from apps.scoring.domain.deal import duplicate_score_reason
from apps.tournaments.domain.indices import index_text

# « sharing most of its players and at least 90 % of its scores »
SHARED_SCORES = Decimal("0.9")
# A score further than this from every other score of its étui is looked at.
LONE_SCORE_GAP = 200
NAMES_SHOWN = 10  # licensees named in one alert, the others counted


@dataclass(frozen=True)
class Place:
    """Where a tournament was played: its club, and its venue when one is given."""

    club_id: int
    club: str
    venue: str = ""

    def differs(self, other: "Place") -> bool:
        """Another club, or two venues given that are not the same."""
        if self.club_id != other.club_id:
            return True
        mine, theirs = _folded(self.venue), _folded(other.venue)
        return bool(mine and theirs and mine != theirs)

    @property
    def label(self) -> str:
        return f"{self.club}, {self.venue}" if self.venue else self.club


def _folded(text: str) -> str:
    return " ".join(text.split()).casefold()


@dataclass(frozen=True)
class Score:
    """One line of a traveller: the taker's score of an étui at a table."""

    session: int
    etui: int
    score: int
    where: str = ""  # « table 3, position 2 »

    @property
    def played(self) -> tuple[int, int, int]:
        return (self.session, self.etui, self.score)


@dataclass(frozen=True)
class ClaimedAward:
    """A player's PCN and PP as a file from other software claims them."""

    licensee: int
    pcn: int
    pp: int


@dataclass(frozen=True)
class Event:
    """A tournament as the alerts see it: played in Donne (its scores, its plays and its
    computed awards), or received as a file from other software (``external``: its
    claimed awards, no score).

    ``ref``: a stable name of the tournament among the others (the selector's, as
    apps.approvals.sameness names sources); ``players``: its field (first session) as its
    bordereau states it; ``licensees``: who played; ``plays``: (licence, étui, score) as
    apps.results.domain.same_results reads them; ``championship``: a championship stage,
    whose index is the regulation's, not a grant; ``stage``: for a file, the tables of the
    stage it names."""

    ref: str
    name: str
    date: date
    place: Place
    players: int
    index: Decimal = Decimal(1)
    licensees: frozenset[int] = frozenset()
    scores: tuple[Score, ...] = ()
    claimed: tuple[ClaimedAward, ...] = ()
    awards: tuple[ClaimedAward, ...] = ()  # computed by Donne, for a tournament of Donne
    plays: frozenset[Play] = frozenset()
    session_players: tuple[int, ...] = ()  # as its bordereau states them, first first
    external: bool = False
    championship: bool = False
    stage: StageTables | None = None

    @property
    def described(self) -> str:
        return f"« {self.name} » du {self.date:%d/%m/%Y} ({self.place.label})"

    @property
    def lines(self) -> dict[int, tuple[int, int]]:
        """Its awards by licensee: claimed by a file, computed by Donne for a tournament."""
        return {a.licensee: (a.pcn, a.pp) for a in (self.claimed or self.awards)}


@dataclass(frozen=True)
class Context:
    """The tournaments an event is compared with (itself may be among them), by ref, and
    the licensees' names as alerts write them."""

    events: Mapping[str, Event] = field(default_factory=dict)
    names: Mapping[int, str] = field(default_factory=dict)

    def others(self, event: Event) -> list[Event]:
        return sorted(
            (other for ref, other in self.events.items() if ref != event.ref),
            key=lambda other: (other.date, other.name, other.ref),
        )


@dataclass(frozen=True)
class Alert:
    """One thing to look at: its kind, a key stable while its evidence holds (a note is
    kept against it), the French message with the evidence, and the other tournaments
    it names (refs), shown as links."""

    kind: str
    key: str
    message: str
    others: tuple[str, ...] = ()


Check = Callable[[Event, Context], list[Alert]]


@dataclass(frozen=True)
class AlertKind:
    title: str  # French, as the inbox names the kind
    check: Check


ALERT_KINDS: dict[str, AlertKind] = {}


def alert_kind(name: str, title: str) -> Callable[[Check], Check]:
    """Register ``check`` as the alerts of kind ``name``."""

    def register(check: Check) -> Check:
        ALERT_KINDS[name] = AlertKind(title, check)
        return check

    return register


def integrity_alerts(event: Event, context: Context) -> list[Alert]:
    """Every alert of ``event``, kind after kind in the registry's order."""
    return [alert for kind in ALERT_KINDS.values() for alert in kind.check(event, context)]


def shares_most_players(shared: int, players: int) -> bool:
    """More than half of a field of ``players`` is shared."""
    return players > 0 and 2 * shared > players


def _players(count: int) -> str:
    return f"{count} joueur" if count < 2 else f"{count} joueurs"


@alert_kind("same_results", "Résultats d'un autre tournoi")
def same_results(event: Event, context: Context) -> list[Alert]:
    """Another source holding the same or close results by apps.results.domain.same_results
    (awards agreeing licensee by licensee, or plays contained), whatever its date; between
    tournaments of Donne, results identical or sharing most players and at least 90 % of
    the scores (étui by étui) are said so; a file from other software and a tournament of
    Donne whose awards do not tell, played the same day by most of the same players."""
    alerts = []
    for other in context.others(event):
        message = _results_alike(event, other)
        if message:
            key = f"same_results:{other.ref}"
            alerts.append(Alert("same_results", key, message, (other.ref,)))
    return alerts


def _results_alike(event: Event, other: Event) -> str | None:
    if not event.external and not other.external:
        scores = _scores_alike(event, other)
        if scores:
            return scores
    plays = (event.plays, other.plays) if event.plays and other.plays else None
    verdict = results_verdict(awards=(event.lines, other.lines), plays=plays)
    if verdict.likeness is not None:
        return _verdict_said(verdict, other)
    if event.external != other.external:
        return _players_alike(event, other)
    return None


# What agreed, as the message says it.
_AGREED = {
    "attributions": "les mêmes PCN et PP, licencié par licencié",
    "donnes jouées": "le même licencié, le même étui et le même score",
}


def _verdict_said(verdict: Verdict, other: Event) -> str:
    said = "Mêmes résultats que" if verdict.likeness == Likeness.SAME else "Résultats proches de"
    return (
        f"{said} ceux de {other.described} : {verdict.percent} % des {verdict.by}"
        f" identiques ({_AGREED[verdict.by]})."
    )


def _scores_alike(event: Event, other: Event) -> str | None:
    if not event.scores or not other.scores:
        return None
    shared_players = len(event.licensees & other.licensees)
    if not shares_most_players(shared_players, len(event.licensees)):
        return None
    mine = Counter(score.played for score in event.scores)
    theirs = Counter(score.played for score in other.scores)
    shared = sum((mine & theirs).values())
    total = len(event.scores)
    if event.licensees == other.licensees and mine == theirs:
        return (
            f"Résultats identiques à ceux de {other.described} : les mêmes"
            f" {_players(shared_players)} et les mêmes {total} scores d'étuis."
        )
    if shared < SHARED_SCORES * total:
        return None
    share = round(100 * shared / total)
    return (
        f"Résultats presque identiques à ceux de {other.described} :"
        f" {shared_players} joueurs sur {len(event.licensees)} en commun et {shared} scores"
        f" d'étuis sur {total} identiques ({share} %)."
    )


def _players_alike(event: Event, other: Event) -> str | None:
    shared = len(event.licensees & other.licensees)
    if other.date != event.date or not shares_most_players(shared, len(event.licensees)):
        return None
    return (
        f"{shared} des {len(event.licensees)} joueurs de ce tournoi ont aussi joué"
        f" {other.described} : le même tournoi arrive-t-il deux fois, joué dans Donne et"
        " reçu comme fichier d'un autre logiciel ?"
    )


@alert_kind("same_day", "Joueurs de deux tournois le même jour")
def same_day(event: Event, context: Context) -> list[Alert]:
    """A licensee who played in another tournament the same day in another place (another
    club, or another venue), or at the same club when one of the two is a file from other
    software, whose session times are unknown (docs/interpretations.md, « Le même jour au
    même club »); most of the players of one are the same tournament twice (same_results)."""
    alerts = []
    for other in context.others(event):
        if other.date != event.date:
            continue
        elsewhere = event.place.differs(other.place)
        if not elsewhere and not (event.external or other.external):
            continue
        both = sorted(event.licensees & other.licensees, key=lambda pk: context.names.get(pk, ""))
        if not both or (not elsewhere and shares_most_players(len(both), len(event.licensees))):
            continue
        named = [context.names.get(pk, f"licencié n° {pk}") for pk in both[:NAMES_SHOWN]]
        more = f" et {len(both) - NAMES_SHOWN} autres" if len(both) > NAMES_SHOWN else ""
        verb = "a aussi joué" if len(both) == 1 else "ont aussi joué"
        said = f"Le même jour, {', '.join(named)}{more} {verb} {other.described}"
        if elsewhere:
            message = f"{said}, quand ce tournoi se jouait ailleurs ({event.place.label})."
        else:
            message = (
                f"{said}, au même club : un fichier d'un autre logiciel ne dit pas l'heure de"
                " ses séances, les deux tournois se sont-ils joués l'un après l'autre ?"
            )
        alerts.append(Alert("same_day", f"same_day:{other.ref}", message, (other.ref,)))
    return alerts


def _etuis(event: Event) -> dict[tuple[int, int], list[Score]]:
    etuis: dict[tuple[int, int], list[Score]] = defaultdict(list)
    for score in event.scores:
        etuis[(score.session, score.etui)].append(score)
    return dict(sorted(etuis.items()))


def _etui_name(event: Event, session: int, etui: int) -> str:
    several = len({score.session for score in event.scores}) > 1
    return f"Étui {etui} de la séance {session}" if several else f"Étui {etui}"


def _shown(score: Score) -> str:
    return f"{score.score} ({score.where})" if score.where else str(score.score)


def _all_scores(scores: list[Score]) -> str:
    return ", ".join(str(score.score) for score in scores)


@alert_kind("impossible_score", "Score qu'aucune donne ne donne")
def impossible_score(event: Event, context: Context) -> list[Alert]:
    """A score no Garde deal with 4 players can give (apps.scoring.domain.deal)."""
    alerts = []
    for (session, etui), scores in _etuis(event).items():
        wrong = [(s, duplicate_score_reason(s.score)) for s in scores]
        wrong = [(s, reason) for s, reason in wrong if reason]
        if not wrong:
            continue
        said = " ; ".join(f"{_shown(score)} : {reason}" for score, reason in wrong)
        message = (
            f"{_etui_name(event, session, etui)} : aucune donne ne donne ce score — {said}."
            f" Scores de l'étui : {_all_scores(scores)}."
        )
        alerts.append(Alert("impossible_score", f"impossible_score:{session}:{etui}", message))
    return alerts


@alert_kind("lone_score", "Score loin de tous les autres de l'étui")
def lone_score(event: Event, context: Context) -> list[Alert]:
    """A score more than 200 points from every other score of its étui."""
    alerts = []
    for (session, etui), scores in _etuis(event).items():
        lone = [
            score
            for i, score in enumerate(scores)
            if len(scores) > 1
            and all(
                abs(score.score - other.score) > LONE_SCORE_GAP
                for j, other in enumerate(scores)
                if j != i
            )
        ]
        if not lone:
            continue
        message = (
            f"{_etui_name(event, session, etui)} : {', '.join(_shown(s) for s in lone)} à plus"
            f" de {LONE_SCORE_GAP} points de tous les autres scores de l'étui"
            f" ({_all_scores(scores)})."
        )
        alerts.append(Alert("lone_score", f"lone_score:{session}:{etui}", message))
    return alerts


@alert_kind("small_field", "Participation inférieure à l'indice")
def small_field(event: Event, context: Context) -> list[Alert]:
    """A field smaller than the claimed index needs (« Application des Indices »: 52
    players for 1,2, 100 for 1,5), counted at its first session; for a file from other
    software, the players it names are shown beside."""
    granted = None if event.championship else index_shortfall(event.index, event.players)
    if granted is None:
        return []
    counted = f"le bordereau annonce {_players(event.players)}"
    if event.external and event.claimed:
        counted += f", le fichier en nomme {len(event.claimed)}"
    message = (
        f"Indice {index_text(event.index)} ({granted.title}) : il faut au moins"
        f" {granted.min_players} joueurs ; {counted}."
    )
    return [Alert("small_field", f"small_field:{event.index}", message)]


@alert_kind("impossible_awards", "Attributions qu'aucun classement ne donne")
def impossible_awards(event: Event, context: Context) -> list[Alert]:
    """Claimed PCN and PP that no ranking of the tournament could give (fascicule 3, ch. 5,
    « Transmission »: the CCR president « contrôle … la bonne attribution des Pcn et PP »;
    apps.awards.domain.claims): a file received before the check, or whose details (index,
    players) were corrected since. Each problem names the values the tables expect; a
    championship file without the tables of a Donne stage is said unchecked, never passed."""
    if not event.claimed or not event.session_players:
        return []
    if event.championship and event.stage is None:
        message = (
            "Championnat : aucune étape de Donne n'en donne les tableaux ; ses PCN et PP"
            " ne sont pas contrôlés."
        )
        return [Alert("impossible_awards", "impossible_awards:stage", message)]
    problems = awards_claim_problems(
        [(award.pcn, award.pp) for award in event.claimed],
        session_players=event.session_players,
        index=event.index,
        stage=event.stage,
    )
    return [
        Alert("impossible_awards", f"impossible_awards:{p.points}:{p.value}", p.message)
        for p in problems
    ]
