"""REST API of the other games, read only, for the tournaments whose results the user
may read: belote's matches, pinochle's games and free-play tarot's tables, each with its
sheet as the rules compute it."""

from django.db.models import Prefetch
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import serializers

from apps.accounts.api import ScopedReadViewSet
from apps.games.domain import belote, free_tarot, pinochle
from apps.games.models import (
    BeloteDeal,
    BeloteMatch,
    FreeDeal,
    FreeSeat,
    FreeTable,
    PinochleGame,
    PinochleHand,
)
from apps.games.selectors import deal_rules, free_deal_rules, hand_rules
from apps.games.services import DEAL_FIELDS, HAND_FIELDS
from apps.tournaments.permissions import tournaments_with_results_for_user


class PlayerSerializer(serializers.Serializer):
    registration = serializers.IntegerField(source="pk")
    name = serializers.CharField(source="licensee.full_name")


class DealSerializer(serializers.ModelSerializer):
    class Meta:
        model = BeloteDeal
        fields = DEAL_FIELDS


class BeloteMatchSerializer(serializers.ModelSerializer):
    first = PlayerSerializer()
    second = PlayerSerializer(allow_null=True)
    submitted = serializers.SerializerMethodField()
    deals = DealSerializer(many=True)
    totals = serializers.SerializerMethodField()
    winner = serializers.SerializerMethodField()

    class Meta:
        model = BeloteMatch
        fields = ["id", "tournament", "round", "table", "first", "second", "submitted", "deals",
                  "totals", "winner"]  # fmt: skip

    def _sheet(self, match) -> belote.MatchSheet | None:
        if match.bye:
            return None
        return belote.match_sheet([deal_rules(deal) for deal in match.deals.all()])

    def get_submitted(self, match) -> bool:
        return match.submitted_at is not None

    def get_totals(self, match) -> list[int] | None:
        sheet = self._sheet(match)
        return None if sheet is None else list(sheet.totals)

    def get_winner(self, match) -> int | None:
        """The winner's registration."""
        sheet = self._sheet(match)
        if sheet is None or sheet.winner is None:
            return None
        return (match.first_id, match.second_id)[sheet.winner]


class TeamSerializer(serializers.Serializer):
    number = serializers.CharField()
    players = serializers.SerializerMethodField()

    def get_players(self, team) -> list[str]:
        return [team.first.licensee.full_name, team.second.licensee.full_name]


class HandSerializer(serializers.ModelSerializer):
    class Meta:
        model = PinochleHand
        fields = [*HAND_FIELDS, "confirmed_a", "confirmed_b"]


class PinochleGameSerializer(serializers.ModelSerializer):
    team_a = TeamSerializer(allow_null=True)
    team_b = TeamSerializer()
    hands = HandSerializer(many=True)
    submitted = serializers.SerializerMethodField()
    totals = serializers.SerializerMethodField()
    winner = serializers.SerializerMethodField()

    class Meta:
        model = PinochleGame
        fields = ["id", "tournament", "round", "table", "team_a", "team_b", "time_called",
                  "submitted", "hands", "totals", "winner"]  # fmt: skip

    def _sheet(self, game) -> pinochle.RoundSheet | None:
        if game.bye:
            return None
        hands = [hand_rules(hand) for hand in game.hands.all()]
        return pinochle.round_sheet(hands, time_called=game.time_called)

    def get_submitted(self, game) -> bool:
        return game.submitted_at is not None

    def get_totals(self, game) -> list[int] | None:
        sheet = self._sheet(game)
        return None if sheet is None else list(sheet.totals)

    def get_winner(self, game) -> str | None:
        """The winning team's number."""
        sheet = self._sheet(game)
        if sheet is None or sheet.winner is None:
            return None
        return (game.team_a, game.team_b)[sheet.winner].number


class FreeTableSerializer(serializers.ModelSerializer):
    players = serializers.SerializerMethodField()
    deals = serializers.SerializerMethodField()
    totals = serializers.SerializerMethodField()

    class Meta:
        model = FreeTable
        fields = ["id", "tournament", "round", "number", "players", "deals", "totals"]

    def get_players(self, table) -> list[dict]:
        return [
            {"registration": seat.registration_id, "name": seat.registration.licensee.full_name}
            for seat in table.seats.all()
        ]

    def get_deals(self, table) -> list[dict]:
        """Each deal with every player's marks, by registration."""
        keys = [str(seat.registration_id) for seat in table.seats.all()]
        return [
            {"number": deal.number, "taker": deal.taker_id, "partner": deal.partner_id,
             "deal": deal.deal, "marks": free_tarot.deal_marks(keys, free_deal_rules(deal))}
            for deal in table.deals.all()
        ]  # fmt: skip

    def get_totals(self, table) -> dict:
        totals: dict[str, int] = {str(seat.registration_id): 0 for seat in table.seats.all()}
        for deal in self.get_deals(table):
            for key, marks in deal["marks"].items():
                totals[key] += marks
        return totals


class TournamentQuery(serializers.Serializer):
    tournament = serializers.IntegerField(required=False, min_value=1)
    round = serializers.IntegerField(required=False, min_value=1)

    def apply(self, queryset):
        return queryset.filter(**self.validated_data)


def _readable(model, user):
    return model.objects.filter(tournament__in=tournaments_with_results_for_user(user))


@extend_schema_view(list=extend_schema(parameters=[TournamentQuery]))
class PinochleGameViewSet(ScopedReadViewSet):
    """Pinochle games with their sheets."""

    serializer_class = PinochleGameSerializer
    query_class = TournamentQuery

    def get_queryset(self):
        teams = ("team_a__first__licensee", "team_a__second__licensee")
        teams += ("team_b__first__licensee", "team_b__second__licensee")
        return (
            _readable(PinochleGame, self.request.user)
            .select_related(*teams)
            .prefetch_related(Prefetch("hands", queryset=PinochleHand.objects.order_by("number")))
            .order_by("tournament_id", "round", "table", "pk")
        )


@extend_schema_view(list=extend_schema(parameters=[TournamentQuery]))
class FreeTableViewSet(ScopedReadViewSet):
    """Free-play tarot tables with their sheets."""

    serializer_class = FreeTableSerializer
    query_class = TournamentQuery

    def get_queryset(self):
        return (
            _readable(FreeTable, self.request.user)
            .prefetch_related(
                Prefetch(
                    "seats", queryset=FreeSeat.objects.select_related("registration__licensee")
                ),
                Prefetch("deals", queryset=FreeDeal.objects.order_by("number")),
            )
            .order_by("tournament_id", "round", "number", "pk")
        )


@extend_schema_view(list=extend_schema(parameters=[TournamentQuery]))
class BeloteMatchViewSet(ScopedReadViewSet):
    """Belote matches with their sheets."""

    serializer_class = BeloteMatchSerializer
    query_class = TournamentQuery

    def get_queryset(self):
        return (
            BeloteMatch.objects.filter(
                tournament__in=tournaments_with_results_for_user(self.request.user)
            )
            .select_related("first__licensee", "second__licensee")
            .prefetch_related(Prefetch("deals", queryset=BeloteDeal.objects.order_by("number")))
            .order_by("tournament_id", "round", "table", "pk")
        )
