"""The site as config.wsgi serves it, plus one bench-only address: the floor of a score
post, one transaction writing a traveller line and its audit row and nothing else, behind
the same HTTP stack (gunicorn, the site's middleware, its database connections). It is
grafted onto the site's addresses only in the gunicorn that bench/load.py starts."""

# isort: off
from config.wsgi import application  # the site, Django set up before the models' imports
from django.db import transaction
from django.http import HttpResponse
from django.urls import clear_url_caches, path
from django.views.decorators.http import require_POST

from _floor import ROUTE

from apps.core.audit import audit_record
from apps.scoring.models import Play
from config import urls

# isort: on

__all__ = ["application"]


@require_POST
def audited_insert(request, table, etui):
    with transaction.atomic():
        play = Play.objects.create(table_id=table, etui=etui, score=int(request.POST["score"]))
        audit_record(actor=None, action="create", instance=play, changes={"score": play.score})
    return HttpResponse("ok", content_type="text/plain")


urls.urlpatterns.append(path(ROUTE, audited_insert))
clear_url_caches()
