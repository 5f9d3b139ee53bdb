"""How a signed-in user is read on each request: Django's ModelBackend, whose ``get_user``
reads the user's row in one statement of plain SQL (apps.core.rows) rather than a query
compiled by the ORM on every page and every poll of the evening."""

from django.contrib.auth.backends import ModelBackend
from django.core.exceptions import ValidationError

from apps.accounts.models import User
from apps.core.rows import objects_where


class UserBackend(ModelBackend):
    def get_user(self, user_id):
        try:
            pk = User._meta.pk.to_python(user_id)
        except ValidationError:
            return None
        found = objects_where(User, "x.id = %s", [pk])
        if not found or not self.user_can_authenticate(found[0]):
            return None
        return found[0]
