import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()

from apps.core.collector import startup_objects_freeze  # noqa: E402  (once Django is set up)
from apps.scoring.domain.deal import garde_scores_prepare  # noqa: E402

garde_scores_prepare()
startup_objects_freeze()
