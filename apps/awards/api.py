"""REST API for the awards: each player's PCN and PP, read only."""

from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import serializers

from apps.accounts.api import ScopedReadViewSet
from apps.awards.models import Award
from apps.awards.permissions import awards_for_user


class AwardSerializer(serializers.ModelSerializer):
    tournament = serializers.IntegerField(source="award_set.tournament_id")
    licence = serializers.CharField(source="licensee.licence_number")
    name = serializers.CharField(source="licensee.full_name")
    season = serializers.CharField(source="season.span.name", default=None)

    class Meta:
        model = Award
        fields = [
            "id",
            "tournament",
            "licence",
            "name",
            "pcn",
            "pp",
            "place",
            "line",
            "reason",
            "season",
        ]


class AwardQuery(serializers.Serializer):
    tournament = serializers.IntegerField(required=False, min_value=1)
    licence = serializers.CharField(required=False, max_length=10)

    def apply(self, queryset):
        data = self.validated_data
        if "tournament" in data:
            queryset = queryset.filter(award_set__tournament_id=data["tournament"])
        if "licence" in data:
            queryset = queryset.filter(licensee__licence_number=data["licence"])
        return queryset


@extend_schema_view(list=extend_schema(parameters=[AwardQuery]))
class AwardViewSet(ScopedReadViewSet):
    """The PCN and PP of the tournaments whose results the user may open."""

    serializer_class = AwardSerializer
    query_class = AwardQuery

    def get_queryset(self):
        return (
            awards_for_user(self.request.user)
            .select_related("licensee", "season", "award_set")
            .order_by("award_set__tournament_id", "-pcn", "-pp", "pk")
        )
