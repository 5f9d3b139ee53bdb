"""REST API for clubs and licensees."""

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import serializers, viewsets

from apps.accounts.api import (
    ScopedPrimaryKeyRelatedField,
    ScopedReadViewSet,
    ScopedViewSetMixin,
)
from apps.federation.domain.search import SEARCH_MAX_LENGTH
from apps.federation.models import Club, Licensee
from apps.federation.permissions import clubs_for_user, licensees_for_user
from apps.federation.selectors import licensees_matching
from apps.federation.services import licensee_create, licensee_update


class ClubSerializer(serializers.ModelSerializer):
    committee_code = serializers.CharField(source="committee.code", read_only=True)
    committee_name = serializers.CharField(source="committee.name", read_only=True)
    zone_code = serializers.CharField(source="committee.zone.code", read_only=True)

    class Meta:
        model = Club
        fields = ["id", "number", "name", "city", "committee_code", "committee_name", "zone_code"]
        read_only_fields = fields


class ClubViewSet(ScopedViewSetMixin, viewsets.ReadOnlyModelViewSet):
    """The clubs the user manages or oversees."""

    serializer_class = ClubSerializer

    def get_queryset(self):
        return clubs_for_user(self.request.user).order_by("name", "pk")


class LicenseeSerializer(serializers.ModelSerializer):
    club = ScopedPrimaryKeyRelatedField(selector=clubs_for_user)
    club_name = serializers.CharField(source="club.name", read_only=True)

    class Meta:
        model = Licensee
        fields = [
            "id",
            "licence_number",
            "last_name",
            "first_name",
            "birth_date",
            "series",
            "club",
            "club_name",
        ]


class LicenseeQuery(serializers.Serializer):
    q = serializers.CharField(
        required=False,
        max_length=SEARCH_MAX_LENGTH,
        help_text=_("Words to find in the name or the licence number."),
    )
    club = serializers.IntegerField(required=False, help_text=_("Only this club's licensees."))

    def apply(self, queryset):
        queryset = licensees_matching(queryset, self.validated_data.get("q", ""))
        if "club" in self.validated_data:
            queryset = queryset.filter(club_id=self.validated_data["club"])
        return queryset


@extend_schema_view(list=extend_schema(parameters=[LicenseeQuery]))
class LicenseeViewSet(ScopedReadViewSet):
    """Licensees whose record the user may read; club managers add and edit theirs."""

    serializer_class = LicenseeSerializer
    query_class = LicenseeQuery

    def get_queryset(self):
        return licensees_for_user(self.request.user).order_by("last_name", "first_name", "pk")

    def create(self, request):
        """Add a licensee to a club the user manages."""
        licensee = self.call_service(licensee_create, **self.validated(LicenseeSerializer))
        return self.respond(licensee, status=201)

    def partial_update(self, request, pk=None):
        """Change some fields of a licensee of a club the user manages."""
        licensee = self.get_object()
        data = self.validated(LicenseeSerializer, instance=licensee, partial=True)
        return self.respond(self.call_service(licensee_update, licensee=licensee, **data))
