"""A mail backend whose server refuses every message (the outbox's tests)."""

from django.core.mail.backends.base import BaseEmailBackend


class RefusingBackend(BaseEmailBackend):
    def send_messages(self, email_messages):
        raise ConnectionRefusedError("serveur en panne")
