from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render

from apps.accounts import permissions
from apps.accounts.throttle import (
    login_failure_record,
    login_success_record,
    login_wait,
    wait_text,
)
from apps.core.throttle import client_ip


class LoginView(auth_views.LoginView):
    """Sign-in form, refused with 429 while throttled (apps.accounts.throttle)."""

    template_name = "accounts/login.html"
    redirect_authenticated_user = True

    def post(self, request, *args, **kwargs):
        ip, username = client_ip(request), request.POST.get("username", "")
        wait = login_wait(ip=ip, username=username)
        if wait is not None:
            response = render(
                request,
                self.template_name,
                {"form": self.get_form(), "blocked": wait_text(wait)},
                status=429,
            )
            response["Retry-After"] = str(wait)
            return response
        response = super().post(request, *args, **kwargs)
        if request.user.is_authenticated:
            login_success_record(ip=ip, username=username)
        else:
            login_failure_record(ip=ip, username=username)
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
