"""Donne settings, read from environment variables.

DATABASE_URL   PostgreSQL URL; without it an embedded SQLite file (quick start).
SQLITE_PATH    that file (default db.sqlite3 in the checkout).
REDIS_URL      Celery broker and cache; without it Celery tasks run eagerly.
SECRET_KEY     required when DEBUG is off.
DEBUG          "1" for development (default on only when SECRET_KEY is unset).
ALLOWED_HOSTS  comma-separated host names (under `make run`, added to its address's).
SITE_URL       the site's address as its users reach it: the QR codes, the addresses shown
               and the links in e-mails (default: the address `make run` serves, else
               http://127.0.0.1:8000).
RUN_ADDRESS    set by `make run` to the address it serves (config/served_address.py):
               the hosts answered and SITE_URL follow it; beyond the loopback DEBUG is off
               with a key kept in .local-secret-key, over plain HTTP (no HTTPS redirect,
               Secure cookies or HSTS).
EMAIL_FILE_PATH  a folder where e-mails are written as files instead of being sent.
DATABASE_CONN_MAX_AGE  seconds a process keeps its database connection between requests;
               0 (default) closes it after each request, as `manage.py runserver` needs (one
               thread per request); docker-compose sets 60 for gunicorn's few long workers.
"""

from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured

from config.env import env_bool, env_int, env_list, env_str
from config.served_address import ServedAddress, local_secret_key

BASE_DIR = Path(__file__).resolve().parent.parent

# `make run`'s address (None outside it): a club's room served from a laptop.
RUN_ADDRESS = ServedAddress.parse(env_str("RUN_ADDRESS")) if env_str("RUN_ADDRESS") else None
DEV_SECRET_KEY = "dev-only-insecure-key-do-not-use-in-production"
SECRET_KEY = env_str("SECRET_KEY") or (
    local_secret_key(BASE_DIR / ".local-secret-key")
    if RUN_ADDRESS and RUN_ADDRESS.beyond_loopback
    else DEV_SECRET_KEY
)
DEBUG = env_bool("DEBUG", default=SECRET_KEY == DEV_SECRET_KEY)
# In production the key must be long, varied and our own: never the development key, one
# of Django's generated « django-insecure- » keys, or a short or repetitive one.
SECRET_KEY_MIN_LENGTH = 50
SECRET_KEY_MIN_CHARACTERS = 5
if not DEBUG and (
    SECRET_KEY == DEV_SECRET_KEY
    or SECRET_KEY.startswith("django-insecure")
    or len(SECRET_KEY) < SECRET_KEY_MIN_LENGTH
    or len(set(SECRET_KEY)) < SECRET_KEY_MIN_CHARACTERS
):
    raise ImproperlyConfigured(
        "SECRET_KEY doit être défini quand DEBUG est désactivé : au moins "
        f"{SECRET_KEY_MIN_LENGTH} caractères variés, propres à cette installation "
        "(python -c 'import secrets; print(secrets.token_urlsafe(64))')."
    )

ALLOWED_HOSTS = (
    RUN_ADDRESS.hosts + env_list("ALLOWED_HOSTS", [])
    if RUN_ADDRESS
    else env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "testserver"])
)
# The e-mails (apps.core.outbox): printed on the console in development and under
# `make run`; written as files into EMAIL_FILE_PATH when it is set.
EMAIL_FILE_PATH = env_str("EMAIL_FILE_PATH") or None
EMAIL_BACKEND = env_str("EMAIL_BACKEND") or (
    "django.core.mail.backends.filebased.EmailBackend"
    if EMAIL_FILE_PATH
    else "django.core.mail.backends.console.EmailBackend"
    if DEBUG or RUN_ADDRESS
    else "django.core.mail.backends.smtp.EmailBackend"
)
EMAIL_HOST = env_str("EMAIL_HOST") or "localhost"
EMAIL_TIMEOUT = 10  # seconds a worker waits for the mail server
# A mail that could not be sent is tried again this many times in all, MAIL_RETRY_SECONDS
# later, then twice that, and so on; then it is marked failed for staff to see.
MAIL_SEND_ATTEMPTS = 5
MAIL_RETRY_SECONDS = 60
# How long the link sent to check a new e-mail address works (apps.accounts.services).
EMAIL_CHECK_SECONDS = 3 * 24 * 3600
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL") or "Donne <donne@localhost>"
# The address every address Donne prints or shows starts with (apps.core.addresses), the
# one the room's phones reach: never the asking browser's (the referee may use 127.0.0.1),
# and an e-mail is written outside any request.
SITE_URL = (
    env_str("SITE_URL") or (RUN_ADDRESS.site_url() if RUN_ADDRESS else "http://127.0.0.1:8000")
).rstrip("/")
# The live national ranking waits this long after an approval, so that a burst of
# approvals makes one computation.
RANKING_DEBOUNCE_SECONDS = 30
# How often, while the room enters scores, each phone of a table asks for its étuis and
# the position in play, each player's « Où je joue » and « Mes scores » for what they show,
# and the referee's progress page for itself: the rates bench/evening.py plays.
TABLE_POLL_SECONDS = 15
PLAYER_POLL_SECONDS = 15
PROGRESS_POLL_SECONDS = 5
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "apps.core.admin_config.DonneAdminConfig",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_htmx",
    "csp",
    "apps.core",
    "apps.accounts",
    "apps.federation",
    "apps.tournaments",
    "apps.movements",
    "apps.scoring",
    "apps.penalties",
    "apps.results",
    "apps.exchange",
    "apps.competitions",
    "apps.awards",
    "apps.approvals",
    "apps.rankings",
    "apps.games",
    "apps.demo",
    "django.forms",  # Django's form templates, after the apps' (apps/core's empty choice)
]

# Forms render through the project's templates, so that apps/core overrides the select's
# templates: a required choice with no default reads « — choisir — », not « --------- ».
FORM_RENDERER = "django.forms.renderers.TemplatesSetting"

ADMIN_CHECK = "apps.accounts.permissions.can_administer"  # who may open the back office

MIDDLEWARE = [
    "apps.core.hosts.RefusedHostMiddleware",  # first: the others read the host
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "apps.core.middleware.OddPathMiddleware",
    "apps.core.middleware.NulValueMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "csp.middleware.CSPMiddleware",
]

# Content-Security-Policy (django-csp): scripts, styles, fonts and images from this site
# only, no inline script or style, no framing. htmx is told not to inject its indicator
# styles (templates/base.html).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

# ModelBackend, reading the signed-in user of each request in plain SQL.
AUTHENTICATION_BACKENDS = ["apps.accounts.backends.UserBackend"]

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
                "apps.accounts.context_processors.roles",
            ],
        },
    },
]

DATABASE_URL = env_str("DATABASE_URL")
if DATABASE_URL:
    DATABASES = {
        "default": dj_database_url.parse(
            DATABASE_URL,
            conn_max_age=env_int("DATABASE_CONN_MAX_AGE", 0),
            conn_health_checks=True,
        )
    }
    # Parameters bound by the server, so that psycopg prepares the statements a process
    # runs again and again (every page's user, roles and session; the results' stamp and
    # inputs): PostgreSQL then plans each once per connection, not on every request.
    DATABASES["default"]["OPTIONS"] = {"server_side_binding": True, "prepare_threshold": 2}
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": env_str("SQLITE_PATH") or BASE_DIR / "db.sqlite3",
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = env_str("REDIS_URL")
# Every call to Redis (the cache, the throttles counting in it, the broker) waits at most
# this long to connect and for each answer: a Redis that accepts connections and never
# answers must not hold a page. After a call that could not reach it, each process goes
# without the cache for REDIS_RETRY_SECONDS (apps.core.cache), and a job that could not
# be queued is queued again by the sweep (apps.core.jobs).
REDIS_TIMEOUT_SECONDS = 0.3
REDIS_RETRY_SECONDS = 5
if REDIS_URL:
    CACHES = {
        "default": {
            # Redis down: a read is a miss, a write is dropped; pages keep working.
            "BACKEND": "apps.core.cache.ResilientRedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": env_str("CACHE_KEY_PREFIX", "donne"),
            "OPTIONS": {
                "socket_connect_timeout": REDIS_TIMEOUT_SECONDS,
                "socket_timeout": REDIS_TIMEOUT_SECONDS,
            },
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
# Fragments of pages that never change once rendered (a phone's form for an étui), kept in
# each process: reading them from Redis would cost more than rendering them.
CACHES["fragments"] = {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
# Sessions are read from the cache, written to both: a signed-in page (a player's refresh
# during play) costs no session query; a miss or Redis down reads the database.
SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"

AUTH_USER_MODEL = "accounts.User"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
    {"NAME": "apps.accounts.validators.MaximumLengthValidator"},
]
LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "accounts:dispatch"
LOGOUT_REDIRECT_URL = "tournaments:home"

# Sign-in throttling (apps.accounts.throttle): failures allowed within the window before
# 429 per (address, username), per address, and per (device, username) on a device the
# account signed in on (its device cookie, kept that long); devices the account never
# signed in on share LOGIN_MAX_ACCOUNT_FAILURES guesses in any LOGIN_ACCOUNT_WINDOW_SECONDS.
LOGIN_MAX_FAILURES = 5
LOGIN_MAX_ADDRESS_FAILURES = 20
LOGIN_FAILURE_WINDOW_SECONDS = 15 * 60
LOGIN_MAX_ACCOUNT_FAILURES = 20
LOGIN_ACCOUNT_WINDOW_SECONDS = 60 * 60
LOGIN_DEVICE_MAX_AGE_SECONDS = 365 * 24 * 3600

# Phones opening tables and sheets by their codes (apps.movements.phones): wrong codes
# allowed per address within the window before 429, phones holding the code's device
# token excepted; how long a phone keeps its device token after it last opened a page.
PHONE_CODE_MAX_FAILURES = 30
PHONE_CODE_FAILURE_WINDOW_SECONDS = 15 * 60
PHONE_DEVICE_MAX_AGE_SECONDS = 3 * 24 * 3600

LANGUAGE_CODE = "fr"
LANGUAGES = [("fr", "Français")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "Europe/Paris"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}
MEDIA_ROOT = BASE_DIR / "media"
MEDIA_URL = "media/"
DATA_UPLOAD_MAX_MEMORY_SIZE = 10 * 1024 * 1024
FILE_UPLOAD_MAX_MEMORY_SIZE = 10 * 1024 * 1024

# Celery: a real broker when REDIS_URL is set, eager execution otherwise.
CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = None
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", default=not REDIS_URL)
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
# A worker killed mid-task: its task goes back to the queue (and the job's claim is taken
# over once its heartbeat is stale, apps.core.jobs).
CELERY_TASK_REJECT_ON_WORKER_LOST = True
# A task is published in one try within REDIS_TIMEOUT_SECONDS (no retry after 2 s and
# more): a job that could not be queued waits for the sweep (apps.core.jobs).
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": 15 * 60,
    "socket_timeout": REDIS_TIMEOUT_SECONDS,
    "socket_connect_timeout": REDIS_TIMEOUT_SECONDS,
    "max_retries": 0,
}
CELERY_BROKER_CONNECTION_TIMEOUT = REDIS_TIMEOUT_SECONDS
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TIMEZONE = TIME_ZONE
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BEAT_SCHEDULE = {
    "sweep-jobs": {"task": "apps.core.tasks.jobs_sweep", "schedule": 60},
    "awards-stale-refresh": {"task": "apps.awards.tasks.awards_stale_refresh", "schedule": 15 * 60},
    "purge-licensee-import-files": {
        "task": "apps.federation.tasks.licensee_import_files_purge",
        "schedule": 24 * 60 * 60,
    },
}

# Jobs (apps.core.jobs): a running job beats every JOB_HEARTBEAT_SECONDS; one silent for
# JOB_STALE_SECONDS is taken to be dead and is taken over.
JOB_HEARTBEAT_SECONDS = float(env_str("JOB_HEARTBEAT_SECONDS", "10"))
JOB_STALE_SECONDS = float(env_str("JOB_STALE_SECONDS", "60"))

# Imports above this many rows run in a Celery worker with a progress bar.
LICENSEE_IMPORT_SYNC_MAX_ROWS = 200

# How many reverse proxies stand in front of the application (each appends to
# X-Forwarded-For): the client address used for throttling is read accordingly.
NUM_PROXIES = int(env_str("NUM_PROXIES", "0"))

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "NUM_PROXIES": NUM_PROXIES,
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
    "DEFAULT_THROTTLE_RATES": {"token": "10/min"},
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Donne API",
    "DESCRIPTION": "Clubs, licenciés, tournois et inscriptions.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
}

# Production hardening: on by default whenever DEBUG is off, except under `make run`,
# which serves a club's local network over plain HTTP.
HTTPS_ONLY = not (DEBUG or RUN_ADDRESS)
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", default=HTTPS_ONLY)
SECURE_REDIRECT_EXEMPT = [r"^sante/$"]
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", default=HTTPS_ONLY)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", default=HTTPS_ONLY)
SECURE_HSTS_SECONDS = int(env_str("SECURE_HSTS_SECONDS", "31536000" if HTTPS_ONLY else "0"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = HTTPS_ONLY
SECURE_HSTS_PRELOAD = HTTPS_ONLY
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
    # WeasyPrint logs a line per page and per font: keep only its warnings.
    "loggers": {
        "weasyprint": {"level": "WARNING"},
        "fontTools": {"level": "WARNING"},
    },
}
