"""A password has at most PASSWORD_MAX_LENGTH characters (AUTH_PASSWORD_VALIDATORS): a
longer one is no stronger, and hashing it at every sign-in would cost the server for
nothing."""

from django.core.exceptions import ValidationError

PASSWORD_MAX_LENGTH = 128


class MaximumLengthValidator:
    def validate(self, password: str, user=None) -> None:
        if len(password) > PASSWORD_MAX_LENGTH:
            raise ValidationError(
                f"Un mot de passe a au plus {PASSWORD_MAX_LENGTH} caractères.",
                code="password_too_long",
            )

    def get_help_text(self) -> str:
        return f"Au plus {PASSWORD_MAX_LENGTH} caractères."
