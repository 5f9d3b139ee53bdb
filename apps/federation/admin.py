from django.contrib import admin
from django.contrib.auth import get_user_model

from apps.accounts.admin import UserAdmin
from apps.core.admin_site import AuditedAdmin, LayerRights
from apps.federation.models import (
    Club,
    Committee,
    Licensee,
    LicenseeImport,
    RoleAssignment,
    Season,
    Zone,
)


@admin.register(Zone)
class ZoneAdmin(AuditedAdmin):
    list_display = ["code", "name"]
    search_fields = ["code", "name"]


@admin.register(Committee)
class CommitteeAdmin(AuditedAdmin):
    list_display = ["code", "name", "zone"]
    list_filter = ["zone"]
    list_select_related = ["zone"]
    search_fields = ["code", "name"]


@admin.register(Club)
class ClubAdmin(AuditedAdmin):
    list_display = ["number", "name", "city", "committee"]
    list_filter = ["committee__zone", "committee"]
    list_select_related = ["committee"]
    search_fields = ["number", "name", "city"]


@admin.register(Licensee)
class LicenseeAdmin(AuditedAdmin):
    list_display = ["licence_number", "last_name", "first_name", "club", "series", "referee_grade"]
    list_filter = ["series", "referee_grade", "club__committee"]
    list_select_related = ["club"]
    search_fields = ["licence_number", "last_name", "first_name"]
    autocomplete_fields = ["club", "user"]


@admin.register(Season)
class SeasonAdmin(AuditedAdmin):
    list_display = ["__str__", "is_current"]


@admin.register(LicenseeImport)
class LicenseeImportAdmin(AuditedAdmin):
    list_display = ["filename", "created_by", "created_at", "state", "total_rows"]
    list_filter = ["state"]
    list_select_related = ["created_by"]
    exclude = ["content"]
    readonly_fields = [
        "filename",
        "created_by",
        "state",
        "total_rows",
        "processed_rows",
        "created_count",
        "updated_count",
        "errors",
        "finished_at",
    ]


class RoleAssignmentInline(LayerRights, admin.TabularInline):
    model = RoleAssignment
    extra = 0
    autocomplete_fields = ["zone", "committee", "club"]


class UserWithRolesAdmin(UserAdmin):
    """The accounts with their roles, which the federation holds."""

    inlines = [RoleAssignmentInline]


admin.site.unregister(get_user_model())
admin.site.register(get_user_model(), UserWithRolesAdmin)
