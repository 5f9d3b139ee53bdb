"""« Où je joue » alone, as the player's home asks for it every PLAYER_POLL_SECONDS while
they play: answered « not modified » while their places are unchanged, the panel again
when the referee calls the next position, and the whole home once play is over."""

from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET
from django_htmx.http import HttpResponseClientRefresh

from apps.accounts.permissions import roles_of
from apps.core.revalidation import not_modified, page_etag, revalidated
from apps.movements.panels import where_i_play_of, where_i_play_rows
from apps.tournaments.pages import player_area


@player_area
@require_GET
def where_i_play(request):
    if not request.htmx:  # the address opened by hand: the home it belongs to
        return redirect("tournaments:player_home")
    rows = where_i_play_rows(roles_of(request.user).licensee_id)
    if not rows:  # play is over: the home as it now stands
        return HttpResponseClientRefresh()
    etag = page_etag(request, *rows)
    if unchanged := not_modified(request, etag):
        return unchanged
    panel = where_i_play_of(rows)
    return revalidated(render(request, panel["template"], {"panel": panel}), etag)
