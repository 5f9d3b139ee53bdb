from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from apps.core.admin_site import ReadOnlyAdmin
from apps.core.models import AuditLog, OutboxMail
from apps.core.outbox import mail_resend


@admin.register(AuditLog)
class AuditLogAdmin(ReadOnlyAdmin):
    list_display = ["at", "actor", "action", "content_type", "object_repr"]
    list_filter = ["action", "content_type"]
    search_fields = ["object_repr", "actor__username"]
    list_select_related = ["actor", "content_type"]
    date_hierarchy = "at"


@admin.register(OutboxMail)
class OutboxMailAdmin(ReadOnlyAdmin):
    """The outbox: every mail, whether it left, and why not; staff send again a failed one."""

    list_display = ["created_at", "subject", "state", "attempts", "sent_at", "last_error"]
    list_filter = ["state"]
    search_fields = ["subject", "recipients"]
    date_hierarchy = "created_at"
    actions = ["resend"]

    @admin.action(description=_("Send the selected failed e-mails again"))
    def resend(self, request, queryset):
        sent = 0
        for mail in queryset:
            try:
                mail_resend(actor=request.user, mail=mail)
            except ValidationError as refusal:
                self.message_user(request, f"{mail} : {refusal.messages[0]}", messages.WARNING)
            else:
                sent += 1
        if sent:
            self.message_user(request, _("%(count)d e-mail(s) queued again.") % {"count": sent})
