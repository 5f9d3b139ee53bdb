from django.contrib import admin

from apps.core.admin_site import AuditedAdmin
from apps.penalties.models import Penalty


@admin.register(Penalty)
class PenaltyAdmin(AuditedAdmin):
    list_display = ["session", "registration", "percent", "reason", "created_by", "created_at"]
    list_select_related = ["session__tournament", "registration__licensee", "created_by"]
    raw_id_fields = ["session", "registration"]
    readonly_fields = ["created_by", "created_at"]
    search_fields = ["session__tournament__name", "registration__licensee__last_name"]

    def save_model(self, request, obj, form, change):
        if not change:
            obj.created_by = request.user
        super().save_model(request, obj, form, change)
