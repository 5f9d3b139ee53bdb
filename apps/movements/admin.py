from django.contrib import admin

from apps.core.admin_site import AuditedAdmin
from apps.movements.models import SessionMovement


@admin.register(SessionMovement)
class SessionMovementAdmin(AuditedAdmin):
    """Read only: the referee generates and changes movements from the movement page,
    where the rules (nothing changes once played) are kept."""

    list_display = ["session", "tables", "positions", "method", "seed", "current_position"]
    list_select_related = ["session__tournament"]
    search_fields = ["session__tournament__name"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
