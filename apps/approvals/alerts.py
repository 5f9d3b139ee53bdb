"""Reads of the integrity alerts (apps.approvals.domain.alerts): the facts of the
tournaments of an inbox and of the others they are compared with (the sources whose
awards are alike, apps.approvals.sameness, the tournaments that share most of their
players, and those played the same day by one of their players), gathered in a fixed
number of queries whatever the number of tournaments; each alert with its links and the
notes the officers made of it."""

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import Count, F
from django.urls import reverse

from apps.approvals.domain.alerts import (
    ALERT_KINDS,
    Alert,
    ClaimedAward,
    Context,
    Event,
    Place,
    Score,
    integrity_alerts,
    shares_most_players,
)
from apps.approvals.models import AlertNote, ExternalAward, Homologation
from apps.approvals.permissions import homologations_for_user
from apps.approvals.sameness import FILE, awards_alike, file_ref, ref_split, tournament_ref
from apps.awards.domain.claims import StageTables, sessions_bound_refusal
from apps.awards.models import Award, AwardSet
from apps.awards.services import PotentialNotFrozen, stage_tables
from apps.results.selectors import tournaments_plays
from apps.scoring.models import Play
from apps.tournaments.domain.workflow import RESULT_STATUSES, Status
from apps.tournaments.models import Registration, Tournament

# The tournaments others are compared with: duplicate tarot, played or being played.
PLAYED = (Status.RUNNING, *RESULT_STATUSES)


@dataclass(frozen=True)
class ShownAlert:
    """An alert as the inbox shows it: its kind's title, links to the other tournaments
    it names, and the notes officers made of it (each level's)."""

    alert: Alert
    title: str
    links: tuple[tuple[str, str], ...]
    notes: tuple[AlertNote, ...]

    @property
    def noted(self) -> bool:
        return bool(self.notes)


def _name(last: str, first: str, licence: str | None) -> str:
    name = f"{last.upper()} {first}".strip()
    return f"{name} ({licence})" if licence else name


class _Facts:
    """What the alerts compare, gathered query by query (each one for every tournament)."""

    def __init__(self, homologations: list[Homologation]):
        self.tournaments = {h.tournament_id: h for h in homologations if h.tournament_id}
        self.files = {h.pk: h for h in homologations if h.tournament_id is None}
        self.players: dict[str, set[int]] = defaultdict(set)
        self.claimed: dict[str, list[ClaimedAward]] = defaultdict(list)
        self.awards: dict[str, list[ClaimedAward]] = defaultdict(list)
        self.scores: dict[str, list[Score]] = defaultdict(list)
        self.plays: dict[str, frozenset] = {}
        self.names: dict[int, str] = {}
        self._own_players()
        self._awards(set(self.tournaments))
        alike_tournaments, alike_files = self._alike()
        other_tournaments = (
            alike_tournaments
            | self._sharing_tournaments()
            | self._tournaments_sharing_files()
            | self._same_day_tournaments()
        )
        other_files = alike_files | self._files_sharing_tournaments() | self._same_day_files()
        self.other_tournaments = other_tournaments - set(self.tournaments)
        self.other_files = other_files - set(self.files)
        self._other_players()
        self._awards(self.other_tournaments)
        played = set(self.tournaments) | self.other_tournaments
        self._scores(played)
        for pk, plays in tournaments_plays(list(played)).items():
            self.plays[tournament_ref(pk)] = frozenset(plays)

    def _own_players(self) -> None:
        rows = Registration.objects.filter(
            tournament_id__in=self.tournaments, waiting=False
        ).values_list(
            "tournament_id",
            "licensee_id",
            "licensee__last_name",
            "licensee__first_name",
            "licensee__licence_number",
        )
        for tournament, licensee, last, first, licence in rows:
            self.players[tournament_ref(tournament)].add(licensee)
            self.names[licensee] = _name(last, first, licence)
        awards = ExternalAward.objects.filter(homologation_id__in=self.files).values_list(
            "homologation_id",
            "licensee_id",
            "pcn",
            "pp",
            "licensee__last_name",
            "licensee__first_name",
            "licensee__licence_number",
        )
        for homologation, licensee, pcn, pp, last, first, licence in awards:
            self.players[file_ref(homologation)].add(licensee)
            self.claimed[file_ref(homologation)].append(ClaimedAward(licensee, pcn, pp))
            self.names[licensee] = _name(last, first, licence)

    def _sharing(
        self, pairs: Iterable[dict], ref, other_key: str, *, same_kind: bool = True
    ) -> set[int]:
        """The others (``other_key`` of each pair) that share most of the players of one of
        ours (``own``, named by ``ref``); one of ours is not its own other when both are of
        the same kind (tournaments, or files)."""
        return {
            pair[other_key]
            for pair in pairs
            if not (same_kind and pair[other_key] == pair["own"])
            and shares_most_players(pair["shared"], len(self.players[ref(pair["own"])]))
        }

    def _sharing_tournaments(self) -> set[int]:
        if not self.tournaments:
            return set()
        pairs = (
            Registration.objects.filter(
                waiting=False,
                tournament__game=Tournament.Game.DUPLICATE_TAROT,
                tournament__status__in=PLAYED,
                licensee__registrations__tournament_id__in=self.tournaments,
                licensee__registrations__waiting=False,
            )
            .values("tournament_id", own=F("licensee__registrations__tournament_id"))
            .annotate(shared=Count("pk"))
        )
        return self._sharing(pairs, tournament_ref, "tournament_id")

    def _awards(self, tournaments) -> None:
        """The computed awards of these tournaments of Donne."""
        rows = Award.objects.filter(
            award_set__tournament_id__in=tournaments, award_set__state=AwardSet.State.DONE
        ).values_list("award_set__tournament_id", "licensee_id", "pcn", "pp")
        for tournament, licensee, pcn, pp in rows:
            self.awards[tournament_ref(tournament)].append(ClaimedAward(licensee, pcn, pp))

    def _alike(self) -> tuple[set[int], set[int]]:
        """The tournaments and files, whatever their date, whose awards hold the same or
        close results as one of ours (apps.approvals.sameness)."""
        own = {**self.awards, **self.claimed}  # ours only, so far
        found = awards_alike(
            {ref: {a.licensee: (a.pcn, a.pp) for a in awards} for ref, awards in own.items()}
        )
        tournaments, files = set(), set()
        for alike in found.values():
            for item in alike:
                kind, pk = ref_split(item.ref)
                (files if kind == FILE else tournaments).add(pk)
        return tournaments, files

    def _files_sharing_tournaments(self) -> set[int]:
        """Files of the same day that name most of the players of one of our tournaments."""
        if not self.tournaments:
            return set()
        pairs = (
            ExternalAward.objects.filter(
                homologation__date__in={h.date for h in self.tournaments.values()},
                licensee__registrations__tournament_id__in=self.tournaments,
                licensee__registrations__waiting=False,
            )
            .values("homologation_id", own=F("licensee__registrations__tournament_id"))
            .annotate(shared=Count("pk"))
        )
        return self._sharing(pairs, tournament_ref, "homologation_id", same_kind=False)

    def _tournaments_sharing_files(self) -> set[int]:
        """Tournaments played the same day by most of the players one of our files names."""
        if not self.files:
            return set()
        pairs = (
            Registration.objects.filter(
                waiting=False,
                tournament__game=Tournament.Game.DUPLICATE_TAROT,
                tournament__status__in=PLAYED,
                tournament__date__in={h.date for h in self.files.values()},
                licensee__externalaward__homologation_id__in=self.files,
            )
            .values("tournament_id", own=F("licensee__externalaward__homologation_id"))
            .annotate(shared=Count("pk"))
        )
        return self._sharing(pairs, file_ref, "tournament_id", same_kind=False)

    def _own_licensees_and_days(self) -> tuple[set[int], set]:
        licensees = set().union(*self.players.values()) if self.players else set()
        days = {h.date for h in (*self.tournaments.values(), *self.files.values())}
        return licensees, days

    def _same_day_tournaments(self) -> set[int]:
        licensees, days = self._own_licensees_and_days()
        return set(
            Registration.objects.filter(
                licensee_id__in=licensees,
                tournament__date__in=days,
                waiting=False,
                tournament__game=Tournament.Game.DUPLICATE_TAROT,
                tournament__status__in=PLAYED,
            )
            .exclude(tournament_id__in=self.tournaments)
            .values_list("tournament_id", flat=True)
            .distinct()
        )

    def _same_day_files(self) -> set[int]:
        licensees, days = self._own_licensees_and_days()
        return set(
            ExternalAward.objects.filter(licensee_id__in=licensees, homologation__date__in=days)
            .exclude(homologation_id__in=self.files)
            .values_list("homologation_id", flat=True)
            .distinct()
        )

    def _other_players(self) -> None:
        rows = Registration.objects.filter(
            tournament_id__in=self.other_tournaments, waiting=False
        ).values_list("tournament_id", "licensee_id")
        for tournament, licensee in rows:
            self.players[tournament_ref(tournament)].add(licensee)
        awards = ExternalAward.objects.filter(homologation_id__in=self.other_files).values_list(
            "homologation_id", "licensee_id", "pcn", "pp"
        )
        for homologation, licensee, pcn, pp in awards:
            self.players[file_ref(homologation)].add(licensee)
            self.claimed[file_ref(homologation)].append(ClaimedAward(licensee, pcn, pp))

    def _scores(self, tournaments: set[int]) -> None:
        rows = Play.objects.filter(
            table__movement__session__tournament_id__in=tournaments, score__isnull=False
        ).values_list(
            "table__movement__session__tournament_id",
            "table__movement__session__number",
            "etui",
            "score",
            "table__section",
            "table__table",
            "table__position",
        )
        for tournament, session, etui, score, section, table, position in rows.order_by(
            "table__movement__session__number", "etui", "table__sequence", "table__table"
        ):
            where = f"table {table} {section}, position {position}"
            self.scores[tournament_ref(tournament)].append(Score(session, etui, score, where))

    def event(
        self,
        ref: str,
        *,
        name,
        day,
        place,
        players,
        index,
        external,
        championship,
        sessions=(),
        stage=None,
    ):
        return Event(
            ref=ref,
            name=name,
            date=day,
            place=place,
            players=players,
            index=index,
            licensees=frozenset(self.players.get(ref, ())),
            scores=tuple(self.scores.get(ref, ())),
            claimed=tuple(self.claimed.get(ref, ())),
            awards=tuple(self.awards.get(ref, ())),
            plays=self.plays.get(ref, frozenset()),
            session_players=tuple(sessions),
            external=external,
            championship=championship,
            stage=stage,
        )


def _stage_tables(homologation: Homologation) -> StageTables | None:
    """The tables of the stage a received file names; None without a stage, or while they
    are not known (an Open's potential not frozen, sessions beyond the bounds)."""
    sessions = homologation.session_players
    if homologation.stage is None or not sessions or sessions_bound_refusal(sessions):
        return None
    try:
        return stage_tables(homologation.stage, sessions[0])
    except PotentialNotFrozen:
        return None


def _own_event(facts: _Facts, homologation: Homologation) -> Event:
    tournament = homologation.tournament
    ref = tournament_ref(homologation.tournament_id) if tournament else file_ref(homologation.pk)
    club = homologation.club
    return facts.event(
        ref,
        name=homologation.name,
        day=homologation.date,
        place=Place(club.pk, club.name, tournament.venue if tournament else ""),
        players=homologation.players,
        index=homologation.index,
        external=tournament is None,
        championship=homologation.championship,
        sessions=homologation.session_players,
        stage=_stage_tables(homologation),
    )


def _other_events(facts: _Facts) -> tuple[dict[str, Event], dict[str, tuple[str, str]]]:
    """The other tournaments as events, and each one's link (name, address)."""
    events, links = {}, {}
    tournaments = Tournament.objects.filter(pk__in=facts.other_tournaments).values_list(
        "pk", "name", "date", "venue", "club_id", "club__name", "index", "kind"
    )
    for pk, name, day, venue, club_id, club, index, kind in tournaments:
        ref = tournament_ref(pk)
        events[ref] = facts.event(
            ref,
            name=name,
            day=day,
            place=Place(club_id, club, venue),
            players=len(facts.players.get(ref, ())),
            index=index,
            external=False,
            championship=kind == Tournament.Kind.CHAMPIONSHIP,
        )
        links[ref] = (name, reverse("tournaments:detail", args=[pk]))
    files = Homologation.objects.filter(pk__in=facts.other_files).values_list(
        "pk", "name", "date", "club_id", "club__name", "players", "index", "championship"
    )
    for pk, name, day, club_id, club, players, index, championship in files:
        ref = file_ref(pk)
        events[ref] = facts.event(
            ref,
            name=name,
            day=day,
            place=Place(club_id, club),
            players=players,
            index=index,
            external=True,
            championship=championship,
        )
        links[ref] = (name, reverse("approvals:homologation", args=[pk]))
    return events, links


def homologation_alerts(homologations, user=None) -> dict[int, list[ShownAlert]]:
    """Each homologation's integrity alerts (by its pk), with the links to the other
    tournaments they name (a file from other software only where ``user`` may open it)
    and the notes made of them."""
    homologations = list(homologations)
    if not homologations:
        return {}
    facts = _Facts(homologations)
    own = {h.pk: _own_event(facts, h) for h in homologations}
    others, links = _other_events(facts)
    for homologation in homologations:
        if homologation.tournament_id is None:
            links[own[homologation.pk].ref] = (
                homologation.name,
                reverse("approvals:homologation", args=[homologation.pk]),
            )
        else:
            links[own[homologation.pk].ref] = (
                homologation.name,
                reverse("tournaments:detail", args=[homologation.tournament_id]),
            )
    if user is not None and facts.other_files:
        visible = set(
            homologations_for_user(user)
            .filter(pk__in=facts.other_files)
            .values_list("pk", flat=True)
        )
        for pk in facts.other_files - visible:
            links.pop(file_ref(pk), None)
    context = Context({**others, **{e.ref: e for e in own.values()}}, facts.names)
    notes: dict[tuple[int, str], list[AlertNote]] = defaultdict(list)
    for note in AlertNote.objects.filter(homologation__in=homologations).select_related("noted_by"):
        notes[(note.homologation_id, note.key)].append(note)
    return {
        pk: [
            ShownAlert(
                alert,
                ALERT_KINDS[alert.kind].title,
                tuple(links[ref] for ref in alert.others if ref in links),
                tuple(notes.get((pk, alert.key), ())),
            )
            for alert in integrity_alerts(event, context)
        ]
        for pk, event in own.items()
    }
