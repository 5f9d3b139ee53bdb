"""The user's own account: their name and e-mail address (a new password is Django's
PasswordChangeForm, held to AUTH_PASSWORD_VALIDATORS)."""

from django import forms
from django.utils.translation import gettext_lazy as _

from apps.accounts.models import User


class ProfileForm(forms.Form):
    first_name = forms.CharField(label=_("First name"), max_length=150, required=False)
    last_name = forms.CharField(label=_("Last name"), max_length=150, required=False)
    email = forms.EmailField(
        label=_("E-mail address"),
        max_length=User._meta.get_field("email").max_length,  # the column's: never longer
        help_text=_("The homologation's messages for your tournaments and your areas go there."),
    )
