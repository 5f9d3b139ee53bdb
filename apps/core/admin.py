from django.contrib import admin

from apps.core.admin_site import ReadOnlyAdmin
from apps.core.models import AuditLog


@admin.register(AuditLog)
class AuditLogAdmin(ReadOnlyAdmin):
    list_display = ["at", "actor", "action", "content_type", "object_repr"]
    list_filter = ["action", "content_type"]
    search_fields = ["object_repr", "actor__username"]
    list_select_related = ["actor", "content_type"]
    date_hierarchy = "at"
