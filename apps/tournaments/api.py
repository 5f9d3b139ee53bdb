"""REST API for tournaments and registrations."""

from django.db import models
from django.db.models import Prefetch
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import serializers
from rest_framework.decorators import action
from rest_framework.response import Response

from apps.accounts.api import CommaDecimalField, ScopedPrimaryKeyRelatedField, ScopedReadViewSet
from apps.federation.permissions import clubs_for_user, licensees_registrable_by
from apps.tournaments.models import Registration, Session, Tournament
from apps.tournaments.permissions import registrations_for_user, tournaments_for_user
from apps.tournaments.selectors import with_player_counts
from apps.tournaments.services import (
    registration_create,
    registration_delete,
    tournament_create,
    tournament_transition,
    tournament_update,
)


class SessionSerializer(serializers.ModelSerializer):
    class Meta:
        model = Session
        fields = ["number", "coefficient"]
        read_only_fields = fields


class TournamentSerializer(serializers.ModelSerializer):
    club_name = serializers.CharField(source="club.name", read_only=True)
    sessions = SessionSerializer(many=True, read_only=True)
    registered = serializers.IntegerField(
        read_only=True, help_text=_("Number of players holding a place.")
    )
    waiting = serializers.IntegerField(
        read_only=True, help_text=_("Number of players on the waiting list.")
    )

    class Meta:
        model = Tournament
        fields = [
            "id",
            "club",
            "club_name",
            "name",
            "date",
            "venue",
            "kind",
            "index",
            "status",
            "sessions",
            "registered",
            "waiting",
        ]
        read_only_fields = fields


class TournamentUpdateSerializer(serializers.ModelSerializer):
    serializer_field_mapping = {
        **serializers.ModelSerializer.serializer_field_mapping,
        models.DecimalField: CommaDecimalField,
    }

    class Meta:
        model = Tournament
        fields = ["name", "date", "venue", "kind", "index"]


class TournamentCreateSerializer(TournamentUpdateSerializer):
    club = ScopedPrimaryKeyRelatedField(selector=clubs_for_user)
    sessions = serializers.IntegerField(default=1, help_text=_("Number of sessions to create."))
    request_key = serializers.UUIDField(
        required=False,
        allow_null=True,
        default=None,
        help_text=_(
            "A key of the client's choosing: the same request sent again returns the "
            "tournament it created rather than a second one."
        ),
    )

    class Meta(TournamentUpdateSerializer.Meta):
        fields = ["club", *TournamentUpdateSerializer.Meta.fields, "sessions", "request_key"]


class TransitionSerializer(serializers.Serializer):
    status = serializers.ChoiceField(
        choices=Tournament.StatusChoice.choices, help_text=_("The status to move to.")
    )


class TournamentQuery(serializers.Serializer):
    status = serializers.ChoiceField(
        choices=Tournament.StatusChoice.choices,
        required=False,
        help_text=_("Only tournaments in this status."),
    )

    def apply(self, queryset):
        if "status" in self.validated_data:
            queryset = queryset.filter(status=self.validated_data["status"])
        return queryset


@extend_schema_view(list=extend_schema(parameters=[TournamentQuery]))
class TournamentViewSet(ScopedReadViewSet):
    """Public tournaments and those the user works on; club managers create and edit
    theirs, and tournaments move along their workflow by transitions."""

    serializer_class = TournamentSerializer
    query_class = TournamentQuery

    def get_queryset(self):
        return (
            with_player_counts(tournaments_for_user(self.request.user))
            .prefetch_related(Prefetch("sessions", queryset=Session.objects.order_by("number")))
            .order_by("-date", "name", "pk")
        )

    @extend_schema(request=TournamentCreateSerializer, responses={201: TournamentSerializer})
    def create(self, request):
        """Create a tournament of a club the user manages, with its sessions."""
        tournament = self.call_service(
            tournament_create, **self.validated(TournamentCreateSerializer)
        )
        return self.respond(tournament, status=201)

    @extend_schema(request=TournamentUpdateSerializer, responses=TournamentSerializer)
    def partial_update(self, request, pk=None):
        """Change some fields of a tournament the user manages."""
        tournament = self.get_object()
        data = self.validated(TournamentUpdateSerializer, instance=tournament, partial=True)
        return self.respond(self.call_service(tournament_update, tournament=tournament, **data))

    @extend_schema(request=TransitionSerializer, responses=TournamentSerializer)
    @action(detail=True, methods=["post"])
    def transition(self, request, pk=None):
        """Move the tournament to another status of its workflow."""
        tournament = self.get_object()
        return self.respond(
            self.call_service(
                tournament_transition, tournament=tournament, **self.validated(TransitionSerializer)
            )
        )


class RegistrationSerializer(serializers.ModelSerializer):
    tournament = ScopedPrimaryKeyRelatedField(selector=tournaments_for_user)
    licensee = ScopedPrimaryKeyRelatedField(selector=licensees_registrable_by)
    tournament_name = serializers.CharField(source="tournament.name", read_only=True)
    licence_number = serializers.CharField(source="licensee.licence_number", read_only=True)
    licensee_name = serializers.CharField(source="licensee.full_name", read_only=True)
    club_name = serializers.CharField(source="licensee.club.name", read_only=True)

    class Meta:
        model = Registration
        fields = [
            "id",
            "tournament",
            "tournament_name",
            "licensee",
            "licence_number",
            "licensee_name",
            "club_name",
            "registered_at",
        ]
        read_only_fields = ["registered_at"]
        validators = []  # duplicates are the service's to refuse, after its permission check


class RegistrationQuery(serializers.Serializer):
    tournament = serializers.IntegerField(
        required=False, help_text=_("Only this tournament's registrations.")
    )

    def apply(self, queryset):
        if "tournament" in self.validated_data:
            queryset = queryset.filter(tournament_id=self.validated_data["tournament"])
        return queryset


@extend_schema_view(list=extend_schema(parameters=[RegistrationQuery]))
class RegistrationViewSet(ScopedReadViewSet):
    """Registrations of the tournaments the user works on, and the player's own."""

    serializer_class = RegistrationSerializer
    query_class = RegistrationQuery

    def get_queryset(self):
        return registrations_for_user(self.request.user).order_by(
            "licensee__last_name", "licensee__first_name", "pk"
        )

    def create(self, request):
        """Register a licensee in a tournament the user manages."""
        registration = self.call_service(
            registration_create, **self.validated(RegistrationSerializer)
        )
        return self.respond(registration, status=201)

    def destroy(self, request, pk=None):
        """Remove a registration while registrations are open."""
        self.call_service(registration_delete, registration=self.get_object())
        return Response(status=204)
