"""REST API: import, validate and export a tournament file (apps.exchange.domain.document)."""

from django.core.exceptions import ValidationError as DjangoValidationError
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import exceptions, serializers, viewsets
from rest_framework.decorators import action, api_view, permission_classes
from rest_framework.parsers import BaseParser, JSONParser
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

from apps.accounts.api import ScopedViewSetMixin, service_error_detail
from apps.exchange.domain.document import FILE_MAX_BYTES
from apps.exchange.domain.schema import tournament_file_schema
from apps.exchange.services import (
    club_by_number,
    document_decode,
    tournament_file_export,
    tournament_file_import,
    tournament_file_validate,
)
from apps.tournaments.models import Session
from apps.tournaments.permissions import (
    can_read_referee_notes,
    can_view_results,
    tournaments_for_user,
)


class TournamentFileImportedSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text=_("The new tournament's id."))
    name = serializers.CharField()
    status = serializers.CharField()
    session = serializers.IntegerField(help_text=_("The id of its session."))
    url = serializers.CharField(help_text=_("The tournament's page."))


class TournamentFileErrorSerializer(serializers.Serializer):
    path = serializers.CharField(
        help_text=_(
            "Where in the file: a JSON path such as “results[3].score”; empty for "
            "the whole document."
        )
    )
    message = serializers.CharField(help_text=_("What is wrong, in French."))


class TournamentFileVerdictSerializer(serializers.Serializer):
    valid = serializers.BooleanField(help_text=_("The import would accept the file."))
    errors = TournamentFileErrorSerializer(many=True)


class TournamentFileBytesParser(BaseParser):
    """The body as bytes, no more than FILE_MAX_BYTES (and one more to tell a larger
    one): the validator decodes it as the import does, and answers its errors."""

    media_type = "application/json"

    def parse(self, stream, media_type=None, parser_context=None):
        return stream.read(FILE_MAX_BYTES + 1) if stream else b""


class TournamentFileParser(JSONParser):
    """The body read as a tournament file: no more than FILE_MAX_BYTES, nested no deeper
    than the format allows, decoded as the page and the command line decode it."""

    def parse(self, stream, media_type=None, parser_context=None):
        try:
            return document_decode(stream.read(FILE_MAX_BYTES + 1) if stream else b"")
        except DjangoValidationError as exc:
            raise exceptions.ParseError(" ".join(exc.messages)) from exc


class TournamentFileViewSet(ScopedViewSetMixin, viewsets.GenericViewSet):
    """Tournament files: the whole tournament of a JSON document, imported all or nothing,
    and exported with its results."""

    @extend_schema(
        responses={200: OpenApiTypes.OBJECT},
        parameters=[
            OpenApiParameter(
                "id", int, OpenApiParameter.PATH, description=_("The tournament's id.")
            ),
            OpenApiParameter(
                "session", int, description=_("The session's number (by default the first).")
            ),
        ],
    )
    def retrieve(self, request, pk=None):
        """The tournament file of a tournament's session (format “donne-tournament/1”), its
        results included, for whoever may see the results; it imports back as the same
        tournament."""
        tournament = get_object_or_404(tournaments_for_user(request.user), pk=pk)
        if not can_view_results(request.user, tournament):
            raise exceptions.PermissionDenied(_("The results are not public yet."))
        number = request.query_params.get("session") or 1
        try:
            session = tournament.sessions.get(number=int(number))
        except (ValueError, Session.DoesNotExist) as exc:
            raise exceptions.NotFound(_("No such session.")) from exc
        try:
            notes = can_read_referee_notes(request.user, tournament)
            return Response(tournament_file_export(session, referee_notes=notes))
        except DjangoValidationError as exc:
            raise exceptions.NotFound(" ".join(exc.messages)) from exc

    serializer_class = TournamentFileImportedSerializer
    parser_classes = [TournamentFileParser]

    @extend_schema(
        request=OpenApiTypes.OBJECT,
        responses={201: TournamentFileImportedSerializer},
        parameters=[
            OpenApiParameter(
                "club",
                str,
                description=_(
                    "The organising club's number; by default the one the file names, "
                    "else the only club the user manages."
                ),
            ),
            OpenApiParameter(
                "same_results_reason",
                str,
                description=_(
                    "Federation staff only: why the file is imported although another "
                    "tournament holds its results; refused without it."
                ),
            ),
        ],
    )
    def create(self, request):
        """Import a tournament file (format “donne-tournament/1”): every error of the
        document is answered with its JSON path, and then nothing is written."""
        number = request.query_params.get("club")
        try:
            club = club_by_number(number) if number else None
        except DjangoValidationError as exc:
            raise exceptions.ValidationError(service_error_detail(exc)) from exc
        tournament = self.call_service(
            tournament_file_import,
            document=request.data,
            club=club,
            same_results_reason=request.query_params.get("same_results_reason", ""),
        )
        session = tournament.sessions.get()
        data = {
            "id": tournament.pk,
            "name": tournament.name,
            "status": tournament.status,
            "session": session.pk,
            "url": reverse("tournaments:detail", args=[tournament.pk]),
        }
        return Response(self.get_serializer(data).data, status=201)

    @extend_schema(
        request=OpenApiTypes.OBJECT,
        responses={200: TournamentFileVerdictSerializer},
    )
    @action(
        detail=False,
        methods=["post"],
        parser_classes=[TournamentFileBytesParser],
        serializer_class=TournamentFileVerdictSerializer,
    )
    def validate(self, request):
        """Check a tournament file as the import would read it, writing nothing: every
        error at once, each with its JSON path and a French message. Any signed-in user
        may; whether the organising club may import it, or another tournament holds its
        results, is the import's to say."""
        errors = tournament_file_validate(content=request.data)
        verdict = {"valid": not errors, "errors": errors}
        return Response(self.get_serializer(verdict).data)


@extend_schema(exclude=True)
@api_view(["GET"])
@permission_classes([AllowAny])
def tournament_file_schema_view(request):
    """The tournament file's JSON Schema (docs/tournament-file.md): an open format, public."""
    return Response(tournament_file_schema())
