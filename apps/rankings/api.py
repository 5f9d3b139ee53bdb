"""REST API for the national ranking, public and read only: the publications (each list
as published, its rows filtered as the pages filter them, what it changed) and a player's
history across seasons. Reads go through apps.rankings.selectors."""

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import serializers, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

from apps.accounts.api import ScopedReadViewSet
from apps.federation.models import Licensee, Season, full_name_of
from apps.rankings import selectors
from apps.rankings.models import Publication, PublicationChange, RankingRow
from apps.rankings.permissions import can_see_live_line


class PublicationSerializer(serializers.ModelSerializer):
    season = serializers.CharField(source="season.span.name")
    players = serializers.IntegerField(source="run.players")

    class Meta:
        model = Publication
        fields = ["id", "season", "published_at", "previous", "players", "added", "changed"]
        fields += ["unchanged", "removed"]


class RowSerializer(serializers.ModelSerializer):
    """A row as it was computed (the player's licence, name and club then)."""

    licence = serializers.CharField(source="licence_number")
    name = serializers.CharField(source="full_name")
    club = serializers.CharField(source="club_name")
    committee = serializers.CharField(source="committee.name")
    zone = serializers.CharField(source="zone.name")

    class Meta:
        model = RankingRow
        fields = ["rank", "licence", "name", "club", "committee", "zone", "series", "pcn", "pp"]
        fields += ["tournaments", "committee_rank", "zone_rank"]


class ChangeSerializer(serializers.ModelSerializer):
    """A change, its player as the list shows them (selectors.publication_changes)."""

    licence = serializers.CharField(source="shown_licence_number")
    name = serializers.SerializerMethodField()
    reasons = serializers.CharField(read_only=True)

    class Meta:
        model = PublicationChange
        fields = ["licence", "name", "pcn_before", "pcn_after", "pp_before", "pp_after"]
        fields += ["rank_before", "rank_after", "reasons"]

    def get_name(self, change) -> str:
        return full_name_of(change.shown_last_name, change.shown_first_name)


class PublicationQuery(serializers.Serializer):
    season = serializers.IntegerField(required=False, min_value=1900, max_value=3000)

    def apply(self, queryset):
        if "season" in self.validated_data:
            queryset = queryset.filter(season__start_year=self.validated_data["season"])
        return queryset


class RowQuery(serializers.Serializer):
    q = serializers.CharField(required=False, max_length=100)
    club = serializers.IntegerField(required=False, min_value=1)
    committee = serializers.IntegerField(required=False, min_value=1)
    zone = serializers.IntegerField(required=False, min_value=1)
    series = serializers.ChoiceField(required=False, choices=Licensee.Series.choices)

    def found(self) -> selectors.RowFilter:
        data = self.validated_data
        return selectors.RowFilter(
            text=data.get("q", ""),
            club_id=data.get("club"),
            committee_id=data.get("committee"),
            zone_id=data.get("zone"),
            series=data.get("series", ""),
        )


@extend_schema_view(list=extend_schema(parameters=[PublicationQuery]))
class PublicationViewSet(ScopedReadViewSet):
    """The published national rankings, newest first: never changed once published."""

    serializer_class = PublicationSerializer
    query_class = PublicationQuery
    permission_classes = [AllowAny]

    def get_queryset(self):
        return Publication.objects.select_related("season", "run").order_by("-published_at")

    @extend_schema(parameters=[RowQuery], responses=RowSerializer(many=True))
    @action(detail=True)
    def rows(self, request, pk=None):
        """The publication's rows in rank order, filtered like the ranking page."""
        query = RowQuery(data=request.query_params)
        query.is_valid(raise_exception=True)
        rows = selectors.ranking_rows(self.get_object().run, query.found())
        page = self.paginate_queryset(rows)
        return self.get_paginated_response(RowSerializer(page, many=True).data)

    @extend_schema(responses=ChangeSerializer(many=True))
    @action(detail=True)
    def changes(self, request, pk=None):
        """The players whose line changed since the previous publication, and why."""
        changes = selectors.publication_changes(self.get_object())
        page = self.paginate_queryset(changes)
        return self.get_paginated_response(ChangeSerializer(page, many=True).data)


class SeasonLineSerializer(serializers.Serializer):
    season = serializers.CharField(source="season.span.name")
    published = serializers.BooleanField()
    rank = serializers.IntegerField(source="row.rank")
    players = serializers.IntegerField(source="row.run.players")
    pcn = serializers.IntegerField(source="row.pcn")
    pp = serializers.IntegerField(source="row.pp")
    tournaments = serializers.IntegerField(source="row.tournaments")
    committee_rank = serializers.IntegerField(source="row.committee_rank")
    zone_rank = serializers.IntegerField(source="row.zone_rank")


class AwardLineSerializer(serializers.Serializer):
    date = serializers.DateField(source="day")
    tournament = serializers.CharField(source="name")
    tournament_id = serializers.IntegerField(allow_null=True)
    pcn = serializers.IntegerField()
    pp = serializers.IntegerField()


class PlayerHistorySerializer(serializers.Serializer):
    licence = serializers.CharField(source="licensee.licence_number")
    name = serializers.CharField(source="licensee.full_name")
    series = serializers.CharField(source="licensee.series")
    seasons = SeasonLineSerializer(many=True)
    awards = AwardLineSerializer(many=True, help_text="The current season's awards.")


class PlayerHistoryViewSet(viewsets.ViewSet):
    """A player's national ranking season by season, and the current season's awards."""

    permission_classes = [AllowAny]
    lookup_field = "licence"
    lookup_value_regex = "[0-9]{1,10}"

    @extend_schema(responses=PlayerHistorySerializer)
    def retrieve(self, request, licence=None):
        licensee = get_object_or_404(
            Licensee.objects.select_related("club"), licence_number=licence
        )
        current = Season.objects.filter(is_current=True).first()
        history = {
            "licensee": licensee,
            "seasons": selectors.player_seasons(
                licensee,
                live=can_see_live_line(request.user, licensee),
            ),
            "awards": selectors.player_awards(licensee, current) if current else [],
        }
        return Response(PlayerHistorySerializer(history).data)
