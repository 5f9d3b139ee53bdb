"""The tournaments in the back office. Statuses move only along the workflow (the
tournament's page and the API); once a tournament is submitted, nothing that affects its
results changes here either. Registrations and sections are changed through the
application's pages, which check the workflow."""

from django.contrib import admin

from apps.core.admin_site import AuditedAdmin, LayerRights, ReadOnlyAdmin
from apps.tournaments.models import RefereeAssignment, Registration, Session, Tournament


def _frozen(tournament: Tournament | None) -> bool:
    return tournament is not None and tournament.frozen


class UnlessFrozen:
    """Changes refused once the tournament (the object, or an inline's parent) is frozen."""

    def has_add_permission(self, request, obj=None):
        return super().has_add_permission(request, obj) and not _frozen(obj)

    def has_change_permission(self, request, obj=None):
        return super().has_change_permission(request, obj) and not _frozen(obj)

    def has_delete_permission(self, request, obj=None):
        return super().has_delete_permission(request, obj) and not _frozen(obj)


class SessionInline(UnlessFrozen, LayerRights, admin.TabularInline):
    model = Session
    extra = 0


class RefereeInline(LayerRights, admin.TabularInline):
    model = RefereeAssignment
    extra = 0
    autocomplete_fields = ["referee"]


@admin.register(Tournament)
class TournamentAdmin(AuditedAdmin):
    readonly_fields = ["status"]

    def has_change_permission(self, request, obj=None):
        return super().has_change_permission(request, obj) and not _frozen(obj)

    def has_delete_permission(self, request, obj=None):
        return super().has_delete_permission(request, obj) and not _frozen(obj)

    list_display = ["name", "date", "club", "kind", "index", "status"]
    list_filter = ["status", "kind", "club__committee"]
    list_select_related = ["club"]
    search_fields = ["name", "club__name"]
    date_hierarchy = "date"
    autocomplete_fields = ["club"]
    inlines = [SessionInline, RefereeInline]


@admin.register(Registration)
class RegistrationAdmin(ReadOnlyAdmin):
    list_display = ["licensee", "tournament", "registered_at"]
    list_select_related = ["licensee", "tournament"]
    search_fields = ["licensee__last_name", "licensee__licence_number", "tournament__name"]
    autocomplete_fields = ["licensee", "tournament"]


@admin.register(RefereeAssignment)
class RefereeAssignmentAdmin(AuditedAdmin):
    list_display = ["referee", "tournament", "assigned_at"]
    list_select_related = ["referee", "tournament"]
    autocomplete_fields = ["referee", "tournament"]
