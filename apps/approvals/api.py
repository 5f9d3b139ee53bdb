"""REST API for the homologation chain: what passes through the user's levels and what
waits for them, the steps with their comment, passing on, and the organiser's submission.
Reads go through apps.approvals.permissions, every step through apps.approvals.services."""

from django.db.models import Prefetch, Q
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import serializers
from rest_framework.decorators import action
from rest_framework.response import Response

from apps.accounts.api import ScopedPrimaryKeyRelatedField, ScopedReadViewSet
from apps.approvals import services
from apps.approvals.domain.chain import ACTION_NAMES, Action
from apps.approvals.models import LEVELS, Homologation, HomologationStep
from apps.approvals.permissions import homologations_for_user, inbox_levels
from apps.approvals.selectors import waiting_for
from apps.tournaments.permissions import tournaments_for_user

# The steps taken one tournament at a time; passing on and submitting have their own.
STEP_ACTIONS = [
    (action.value, ACTION_NAMES[action])
    for action in Action
    if action not in (Action.SUBMIT, Action.PASS_ON)
]


class HomologationHistorySerializer(serializers.ModelSerializer):
    # Plain strings: the level enum is documented once, on the homologation.
    from_level = serializers.CharField(read_only=True, help_text=_("The level before the step."))
    to_level = serializers.CharField(read_only=True, help_text=_("The level after the step."))
    actor = serializers.CharField(
        source="actor.username", read_only=True, help_text=_("Who took the step.")
    )

    class Meta:
        model = HomologationStep
        fields = ["action", "from_level", "to_level", "actor", "at", "comment"]
        read_only_fields = fields


class HomologationSerializer(serializers.ModelSerializer):
    tournament = serializers.IntegerField(
        source="tournament_id",
        read_only=True,
        allow_null=True,
        help_text=_("The tournament's id; null for a tournament from other software."),
    )
    club_number = serializers.CharField(source="club.number", read_only=True)
    steps = HomologationHistorySerializer(many=True, read_only=True)

    class Meta:
        model = Homologation
        fields = [
            "id",
            "tournament",
            "name",
            "date",
            "club_number",
            "level",
            "external",
            "correction_reason",
            "steps",
        ]
        read_only_fields = fields


class HomologationStepSerializer(serializers.Serializer):
    action = serializers.ChoiceField(choices=STEP_ACTIONS, help_text=_("The step to take."))
    comment = serializers.CharField(
        required=False,
        allow_blank=True,
        default="",
        max_length=1000,
        help_text=_("Why: required to send back, to ask for a correction or to refuse it."),
    )


class HomologationSubmitSerializer(serializers.Serializer):
    tournament = ScopedPrimaryKeyRelatedField(
        selector=tournaments_for_user, help_text=_("The finished tournament to send.")
    )


class HomologationQuery(serializers.Serializer):
    waiting = serializers.BooleanField(
        required=False,
        allow_null=True,
        default=None,
        help_text=_("Only what waits for one of the user's levels (false: all but those)."),
    )
    level = serializers.ChoiceField(
        choices=LEVELS, required=False, help_text=_("Only tournaments at this level.")
    )

    def apply(self, queryset):
        data = self.validated_data
        if data.get("waiting") is not None:
            user = self.context["request"].user
            waiting = Q(pk__in=[])
            for level in inbox_levels(user):
                waiting |= Q(pk__in=waiting_for(user, level).values("pk"))
            queryset = queryset.filter(waiting) if data["waiting"] else queryset.exclude(waiting)
        if "level" in data:
            queryset = queryset.filter(level=data["level"])
        return queryset


@extend_schema_view(list=extend_schema(parameters=[HomologationQuery]))
class HomologationViewSet(ScopedReadViewSet):
    """The tournaments in the homologation chain that pass through the user's levels, with
    their history; each level takes its own steps."""

    serializer_class = HomologationSerializer

    def get_queryset(self):
        return self._with_history(homologations_for_user(self.request.user))

    @staticmethod
    def _with_history(queryset):
        steps = HomologationStep.objects.select_related("actor").order_by("at", "pk")
        return queryset.prefetch_related(Prefetch("steps", queryset=steps)).order_by(
            "date", "name", "pk"
        )

    def filter_queryset(self, queryset):
        """The list filters, which read the user's levels from the request."""
        queryset = super().filter_queryset(queryset)
        if self.action != "list":
            return queryset
        query = HomologationQuery(
            data=self.request.query_params, context=self.get_serializer_context()
        )
        query.is_valid(raise_exception=True)
        return query.apply(queryset)

    @extend_schema(request=HomologationStepSerializer, responses=HomologationSerializer)
    @action(detail=True, methods=["post"])
    def step(self, request, pk=None):
        """Send back, approve, ask for a correction, accept or refuse it, with a comment."""
        homologation = self.get_object()
        return self.respond(
            self.call_service(
                services.homologation_step,
                homologation=homologation,
                **self.validated(HomologationStepSerializer),
            )
        )

    @extend_schema(request=None, responses=HomologationSerializer)
    @action(detail=True, methods=["post"])
    def pass_on(self, request, pk=None):
        """Pass the tournament on to the next level, in a sending of its own."""
        homologation = self.get_object()
        self.call_service(services.homologations_pass_on, homologations=[homologation])
        return self.respond(homologation)

    @extend_schema(request=HomologationSubmitSerializer, responses=HomologationSerializer)
    @action(detail=False, methods=["post"])
    def submit(self, request):
        """Send a finished tournament the user organises to its committee."""
        homologation = self.call_service(
            services.tournament_submit, **self.validated(HomologationSubmitSerializer)
        )
        # The organising committee of a championship stage may organise outside its scope.
        homologation = self._with_history(Homologation.objects).get(pk=homologation.pk)
        return Response(self.get_serializer(homologation).data)
