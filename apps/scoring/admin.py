from django.contrib import admin

from apps.core.admin_site import ReadOnlyAdmin
from apps.scoring.models import Play


@admin.register(Play)
class PlayAdmin(ReadOnlyAdmin):
    """Read only: scores are entered from the score entry pages, where the rules (the
    étui of the table, a Garde score, a reason once results are closed) are kept."""

    list_display = ["etui", "table", "score", "check_score", "entered_by", "entered_at"]
    list_select_related = ["table", "entered_by"]
    search_fields = ["table__movement__session__tournament__name"]
