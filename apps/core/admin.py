from django.contrib import admin

from apps.core.admin_site import AuditedAdmin
from apps.core.models import AuditLog


@admin.register(AuditLog)
class AuditLogAdmin(AuditedAdmin):
    list_display = ["at", "actor", "action", "content_type", "object_repr"]
    list_filter = ["action", "content_type"]
    search_fields = ["object_repr", "actor__username"]
    list_select_related = ["actor", "content_type"]
    date_hierarchy = "at"

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
