from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from django.utils.translation import gettext_lazy as _

from apps.accounts.models import RoleAssignment, User
from apps.core.admin_site import AuditedAdmin, LayerRights


class RoleAssignmentInline(LayerRights, admin.TabularInline):
    model = RoleAssignment
    extra = 0
    autocomplete_fields = ["zone", "committee", "club"]


@admin.register(User)
class UserAdmin(AuditedAdmin, BaseUserAdmin):
    fieldsets = (
        *BaseUserAdmin.fieldsets,
        (_("Player"), {"fields": ("licensee",)}),
    )
    autocomplete_fields = ["licensee"]
    inlines = [RoleAssignmentInline]
    list_display = ["username", "first_name", "last_name", "email", "licensee", "is_active"]
    list_select_related = ["licensee"]
