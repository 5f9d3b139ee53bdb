"""REST API of belote tournaments, read only: each match with its sheet as the rules
compute it, for the tournaments whose results the user may read."""

from django.db.models import Prefetch
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import serializers

from apps.accounts.api import ScopedReadViewSet
from apps.games.domain import belote
from apps.games.models import BeloteDeal, BeloteMatch
from apps.games.selectors import deal_rules
from apps.games.services import DEAL_FIELDS
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


class BeloteQuery(serializers.Serializer):
    tournament = serializers.IntegerField(required=False, min_value=1)
    round = serializers.IntegerField(required=False, min_value=1)

    def apply(self, queryset):
        return queryset.filter(**self.validated_data)


@extend_schema_view(list=extend_schema(parameters=[BeloteQuery]))
class BeloteMatchViewSet(ScopedReadViewSet):
    """Belote matches with their sheets."""

    serializer_class = BeloteMatchSerializer
    query_class = BeloteQuery

    def get_queryset(self):
        return (
            BeloteMatch.objects.filter(
                tournament__in=tournaments_with_results_for_user(self.request.user)
            )
            .select_related("first__licensee", "second__licensee")
            .prefetch_related(Prefetch("deals", queryset=BeloteDeal.objects.order_by("number")))
            .order_by("tournament_id", "round", "table", "pk")
        )
