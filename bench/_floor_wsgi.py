"""The site as config.wsgi serves it, plus one bench-only address: the floor of a score
post, one transaction writing a traveller line and its audit row and nothing else, behind
the same HTTP stack (gunicorn, the site's middleware, its database connections). It is
grafted onto the site's addresses only in the gunicorn that bench/load.py starts (and in
that bench, which reverses it)."""

# isort: off
from config.wsgi import application  # the site, Django set up before the models' imports
from django.db import transaction
from django.http import HttpResponse
from django.urls import clear_url_caches, path
from django.views.decorators.http import require_POST

from apps.core.audit import audit_record
from apps.scoring.models import Play
from config import urls

# isort: on

__all__ = ["application"]

FLOOR_PATH = "bench/audited-insert/<int:table>/<int:etui>/"
FLOOR = "bench_audited_insert"  # its name, for reverse() in the bench that imports it


@require_POST
def audited_insert(request, table, etui):
    with transaction.atomic():
        play = Play.objects.create(table_id=table, etui=etui, score=int(request.POST["score"]))
        audit_record(actor=None, action="create", instance=play, changes={"score": play.score})
    return HttpResponse("ok", content_type="text/plain")


urls.urlpatterns.append(path(FLOOR_PATH, audited_insert, name=FLOOR))
clear_url_caches()
