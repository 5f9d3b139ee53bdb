from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin

from apps.accounts.models import User
from apps.core.admin_site import AuditedAdmin


@admin.register(User)
class UserAdmin(AuditedAdmin, BaseUserAdmin):
    """The accounts; the federation's admin adds each user's roles and licensee."""

    list_display = ["username", "first_name", "last_name", "email", "is_active"]
