from django.contrib import admin

from apps.core.admin_site import ReadOnlyAdmin
from apps.movements.models import SessionMovement


@admin.register(SessionMovement)
class SessionMovementAdmin(ReadOnlyAdmin):
    """Read only: the referee generates and changes movements from the movement page,
    where the rules (nothing changes once played) are kept."""

    list_display = ["session", "tables", "positions", "method", "seed", "current_position"]
    list_select_related = ["session__tournament"]
    search_fields = ["session__tournament__name"]
