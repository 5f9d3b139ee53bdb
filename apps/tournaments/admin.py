from django.contrib import admin

from apps.core.admin_site import AuditedAdmin, LayerRights
from apps.tournaments.models import RefereeAssignment, Registration, Section, Session, Tournament


class SessionInline(LayerRights, admin.TabularInline):
    model = Session
    extra = 0


class RefereeInline(LayerRights, admin.TabularInline):
    model = RefereeAssignment
    extra = 0
    autocomplete_fields = ["referee"]


@admin.register(Tournament)
class TournamentAdmin(AuditedAdmin):
    list_display = ["name", "date", "club", "kind", "index", "status"]
    list_filter = ["status", "kind", "club__committee"]
    list_select_related = ["club"]
    search_fields = ["name", "club__name"]
    date_hierarchy = "date"
    autocomplete_fields = ["club"]
    inlines = [SessionInline, RefereeInline]


@admin.register(Section)
class SectionAdmin(AuditedAdmin):
    list_display = ["session", "colour", "tables"]
    list_select_related = ["session__tournament"]


@admin.register(Registration)
class RegistrationAdmin(AuditedAdmin):
    list_display = ["licensee", "tournament", "registered_at"]
    list_select_related = ["licensee", "tournament"]
    search_fields = ["licensee__last_name", "licensee__licence_number", "tournament__name"]
    autocomplete_fields = ["licensee", "tournament"]


@admin.register(RefereeAssignment)
class RefereeAssignmentAdmin(AuditedAdmin):
    list_display = ["referee", "tournament", "assigned_at"]
    list_select_related = ["referee", "tournament"]
    autocomplete_fields = ["referee", "tournament"]
