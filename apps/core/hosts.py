"""A request for a host the site does not answer (ALLOWED_HOSTS, which `make run` derives
from its address: config/served_address.py) gets the French « Requête refusée » page with
the address to open, never Django's debug page, even with DEBUG on."""

import logging

from django.conf import settings
from django.core.exceptions import DisallowedHost
from django.http import HttpResponseBadRequest
from django.template.loader import render_to_string

logger = logging.getLogger("django.security.DisallowedHost")


class RefusedHostMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        try:
            request.get_host()
        except DisallowedHost as refused:
            logger.warning("%s", refused)
            # Rendered without the request: its context would read the host again.
            return HttpResponseBadRequest(
                render_to_string("400.html", {"site_url": settings.SITE_URL})
            )
        return self.get_response(request)
