from django.contrib.auth import update_session_auth_hash
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import PasswordChangeForm
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from apps.accounts import permissions, services
from apps.accounts.forms import ProfileForm
from apps.accounts.throttle import (
    LoginThrottled,
    login_attempt_failed,
    login_attempt_start,
    login_attempt_succeeded,
    wait_text,
)
from apps.core.pages import service_call


class LoginView(auth_views.LoginView):
    """Sign-in form, refused with 429 while throttled (apps.accounts.throttle)."""

    template_name = "accounts/login.html"
    redirect_authenticated_user = True

    def post(self, request, *args, **kwargs):
        try:
            attempt = login_attempt_start(
                request=request, username=request.POST.get("username", "")
            )
        except LoginThrottled as refused:
            response = render(
                request,
                self.template_name,
                {"form": self.get_form(), "blocked": wait_text(refused.wait)},
                status=429,
            )
            response["Retry-After"] = str(refused.wait)
            return response
        response = super().post(request, *args, **kwargs)
        if request.user.is_authenticated:
            login_attempt_succeeded(attempt=attempt, response=response)
        else:
            login_attempt_failed(attempt=attempt)
        return response


@login_required
def dispatch(request):
    """After sign-in: go to the user's main area."""
    user = request.user
    for allowed, target in (
        (permissions.can_use_federation_area, "federation:home"),
        (permissions.can_use_club_area, "tournaments:club_home"),
        (permissions.can_use_referee_area, "tournaments:referee_home"),
        (permissions.can_use_player_area, "tournaments:player_home"),
    ):
        if allowed(user):
            return redirect(target)
    return redirect("tournaments:home")


def _saved(user) -> str:
    if not user.pending_email:
        return _("Your details are saved.")
    return _(
        "Your details are saved. A link was sent to %(email)s: follow it to receive the "
        "messages there."
    ) % {"email": user.pending_email}


@login_required
def profile(request):
    """The user's own name and e-mail address."""
    user = request.user
    initial = {"first_name": user.first_name, "last_name": user.last_name, "email": user.email}
    form = ProfileForm(request.POST or None, initial=initial)
    if (
        request.method == "POST"
        and form.is_valid()
        and service_call(
            request,
            services.user_profile_update,
            form=form,
            done=_saved,
            actor=user,
            user=user,
            **form.cleaned_data,
        )
    ):
        return redirect("accounts:profile")
    return render(request, "accounts/profile.html", {"form": form})


def email_check(request, token):
    """The link sent to a new address: followed, the address becomes the account's."""
    service_call(
        request,
        services.user_email_check,
        done=_("Your e-mail address is checked: the messages go there from now on."),
        token=token,
    )
    return redirect("accounts:profile")


@login_required
def password(request):
    """The user's new password; they stay signed in on this browser."""
    form = PasswordChangeForm(request.user, request.POST or None)
    if (
        request.method == "POST"
        and form.is_valid()
        and service_call(
            request,
            services.user_password_set,
            form=form,
            done=_("Your password is changed."),
            actor=request.user,
            user=request.user,
            password=form.cleaned_data["new_password1"],
        )
    ):
        update_session_auth_hash(request, request.user)
        return redirect("accounts:profile")
    return render(request, "accounts/password.html", {"form": form})
