"""Settings for Jackal Online.

Everything an operator may change is read from the environment; every value has an embedded
default so that a fresh checkout runs on SQLite with in-process parts. docs/operations.md lists
every variable.
"""

import hashlib
import hmac
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from .cache import redis_cache_settings
from .env import env_bool, env_int, env_list, env_str

BASE_DIR = Path(__file__).resolve().parent.parent
# Where the embedded defaults keep their files: the SQLite database and written e-mails.
DATA_DIR = Path(env_str("JACKAL_DATA_DIR", str(BASE_DIR / "var")))

DEBUG = env_bool("DEBUG", False)

SECRET_KEY = env_str("SECRET_KEY")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured(
            "SECRET_KEY is not set. Set it in the environment (production), "
            "or set DEBUG=true for a development run."
        )
    SECRET_KEY = "development-only-key-never-use-in-production"

# The key that seals every row of the games' ledgers (games.ledger): never in the database, so
# that a row written, changed or removed there behind the site's back shows in verify_ledgers.
# Without LEDGER_KEY, production derives it from SECRET_KEY, which it must set anyway; a
# development run (empty here) makes one once in the data directory when it first seals a row
# (games.ledger), as the development SECRET_KEY above is public. Changing the key breaks every
# game's chain: set LEDGER_KEY before rotating SECRET_KEY.
LEDGER_KEY = env_str("LEDGER_KEY") or (
    "" if DEBUG else hmac.new(SECRET_KEY.encode(), b"jackal ledger key", hashlib.sha256).hexdigest()
)

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])
SITE_URL = env_str("SITE_URL", "http://127.0.0.1:8000").rstrip("/")

INSTALLED_APPS = [
    "daphne",
    "jackal_site",
    "games.admin.guard.AdminConfig",  # django.contrib.admin, guarded (see there)
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "django_htmx",
    "template_partials",
    "channels",
    "allauth",
    "allauth.account",
    "accounts",
    "games",
    "ratings",
    "reminders",
    "alerts",
    "people",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "jackal_site.middleware.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Pages compressed for browsers that ask (a board page of 72 KB goes as 10 KB), below
    # WhiteNoise, which answers for static files with their own compressed copies first.
    # Django's own, with its BREACH mitigation (random padding), and CSRF tokens masked afresh
    # in every answer. COMPRESS_PAGES=false leaves it to the proxy (deploy/nginx).
    *(["django.middleware.gzip.GZipMiddleware"] if env_bool("COMPRESS_PAGES", True) else []),
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "accounts.middleware.UserPreferencesMiddleware",
    # After the user's language is set: the 404 page it may answer is in their language.
    "jackal_site.middleware.RejectOddURLsMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "allauth.account.middleware.AccountMiddleware",
]

ROOT_URLCONF = "jackal_site.urls"
WSGI_APPLICATION = None
ASGI_APPLICATION = "jackal_site.asgi.application"

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
                "django.template.context_processors.tz",
                "games.lists.my_turn.my_turn",
                "alerts.notices.notices",
            ],
        },
    }
]

# --- Database -------------------------------------------------------------------------------
# DATABASE_URL (postgres://user:pass@host:5432/name) in production; a SQLite file by default.
DATABASE_URL = env_str("DATABASE_URL", f"sqlite:///{DATA_DIR / 'db.sqlite3'}")
DATABASES = {
    "default": dj_database_url.parse(DATABASE_URL, conn_max_age=env_int("DB_CONN_MAX_AGE", 0))
}
DB_POOL_SIZE = env_int("DB_POOL_SIZE", 10)
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and DB_POOL_SIZE > 0:
    # Under ASGI, Django runs each request's code in a thread of its own, and a connection
    # belongs to its thread: without a pool every request would open a new connection to
    # PostgreSQL (about 5 ms, more than the rest of a page). A pool per process lends them out.
    DATABASES["default"]["CONN_MAX_AGE"] = 0  # the pool keeps connections; Django must not
    # Each connection is checked as it leaves the pool (psycopg_pool's check_connection, which
    # Django passes to the pool when health checks are on; a "check" in the pool's options
    # would clash with it): after PostgreSQL ended its sessions (a restart, a failover, an
    # operator), a dead pooled connection is replaced instead of failing the next request.
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": 1,
        "max_size": DB_POOL_SIZE,
        "timeout": 10,
    }
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"]["OPTIONS"] = {
        # The web server and the in-process Celery worker write from different threads:
        # IMMEDIATE transactions take the write lock up front instead of failing on upgrade.
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL;",
    }
# Channels' live-server tests connect to this exact name (channels issue 2176).
DATABASES["default"].setdefault("TEST", {})
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Redis: channel layer, cache, Celery broker ------------------------------------------------
REDIS_URL = env_str("REDIS_URL")
if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            # Redis publish/subscribe: a group message is published once and each web process
            # hands it to its own pages. The list-based layer (channels_redis.core) pops one
            # message per page from Redis, one after another: 500 pages of a game took over
            # a second per move (bench/live.py). Messages are not kept for pages that are
            # away, which live updates do not need: a page that reconnects catches up.
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            # redis-py 8 gives up reading after 5 s by default, which the list-based layer's
            # 5 s blocking waits ran into (every page idle that long lost its websocket). The
            # guard against a dead server stays, longer than any wait of a layer.
            "CONFIG": {"hosts": [{"address": REDIS_URL, "socket_timeout": 30}]},
        }
    }
    # Log-in and sign-up limits live here: while Redis is down they count in each process's
    # memory instead of answering 500 (jackal_site/cache.py).
    CACHES = {"default": redis_cache_settings(REDIS_URL)}
else:
    # One process holds everything: the web server, the channel layer and the Celery worker.
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# Live boards compressed on the wire (permessage-deflate), once per frame for all the pages that
# get it (jackal_site/websocket_compression.py).
WEBSOCKET_COMPRESSION = env_bool("WEBSOCKET_COMPRESSION", True)

CELERY_BROKER_URL = REDIS_URL or "memory://"
if not REDIS_URL:
    # The in-memory broker has no way to wake a waiting worker: the worker looks for tasks
    # every polling interval (1 s by default, and a bot answered a second after the move).
    # A look is a check of an in-process queue: every 10 ms costs nothing to speak of.
    CELERY_BROKER_TRANSPORT_OPTIONS = {"polling_interval": 0.01}
CELERY_TASK_IGNORE_RESULT = True
# A task's message is acknowledged only when the task has finished (so a worker that dies mid-task
# leaves it in the broker), and when a worker's pool process is killed mid-task (SIGKILL, the
# OOM killer) the message goes back to the queue at once instead of being acknowledged as
# failed: a bot's move is played by the next pool process within seconds, not by beat's sweep a
# minute or two later. Tasks are idempotent (a bot's task checks its ply), so a second delivery
# is harmless; the cost is that a task that itself kills its process is delivered again and again.
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# Workers and the code that queues tasks must agree on the queue (tests give each worker its own).
CELERY_TASK_DEFAULT_QUEUE = env_str("CELERY_QUEUE", "jackal")
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TIMEZONE = "UTC"
CELERY_BEAT_SCHEDULE = {
    # Bot turns whose task could not be queued at their commit (the broker was down): played
    # within seconds of its return, not a minute later (games.tasks.queue_due_bots).
    "queue-due-bots": {
        "task": "games.tasks.queue_due_bots",
        "schedule": 2.0,
        # A look missed while the broker is away is not worth keeping: the next one comes.
        "options": {"expires": 2.0},
    },
    "wake-stuck-bots": {"task": "games.tasks.wake_stuck_bots", "schedule": 60.0},
    "sweep-clocks": {"task": "games.tasks.sweep_clocks", "schedule": 60.0},
    "send-reminders": {"task": "reminders.tasks.send_reminders", "schedule": 60.0},
    # Pushes and webhooks held for quiet hours, sent when the hours end (alerts.delivery).
    "release-held-alerts": {"task": "alerts.tasks.release_held", "schedule": 60.0},
}

# --- Accounts -------------------------------------------------------------------------------
AUTH_USER_MODEL = "accounts.User"
AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "account_login"
LOGIN_REDIRECT_URL = "home"
ACCOUNT_LOGOUT_REDIRECT_URL = "home"

ACCOUNT_ADAPTER = "accounts.adapter.AccountAdapter"
# Sign-up makes everyone choose a username: it signs in as well as the e-mail address.
ACCOUNT_LOGIN_METHODS = {"email", "username"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "username*", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = "mandatory"
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = True
ACCOUNT_LOGIN_ON_PASSWORD_RESET = False
# A taken e-mail gets a clear error at sign-up (the issue asks for it) rather than a silent
# "check your inbox"; the cost is that sign-up reveals which addresses have accounts.
ACCOUNT_PREVENT_ENUMERATION = False
ACCOUNT_EMAIL_SUBJECT_PREFIX = "[Jackal Online] "
ACCOUNT_USERNAME_MIN_LENGTH = 3
ACCOUNT_RATE_LIMITS = {
    # Wrong passwords: at most 5 per 5 minutes per address and per account being tried.
    "login_failed": env_str("LOGIN_RATE_LIMIT", "5/5m/ip,5/5m/key"),
    "signup": "20/m/ip",
    "reset_password": "20/m/ip,5/m/key",
    "confirm_email": "1/3m/key",
}

# --- Caps on one account (games/limits.py) ----------------------------------------------------
MAX_OPEN_TABLES = env_int("MAX_OPEN_TABLES", 5)  # tables one player opened that wait for players
MOVE_RATE_LIMIT = env_int("MOVE_RATE_LIMIT", 10)  # move requests per player in 10 seconds
MAX_BOT_GAMES = env_int("MAX_BOT_GAMES", 10)  # running games of one player against bots only

# --- E-mail ---------------------------------------------------------------------------------
# With EMAIL_HOST set, mail goes out over SMTP; otherwise each message is written to a file in
# EMAIL_FILE_PATH (var/mail by default) so that a development run can read it.
EMAIL_HOST = env_str("EMAIL_HOST")
EMAIL_FILE_PATH = env_str("EMAIL_FILE_PATH", str(DATA_DIR / "mail"))
EMAIL_BACKEND = env_str(
    "EMAIL_BACKEND",
    "django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST
    else "django.core.mail.backends.filebased.EmailBackend",
)
EMAIL_PORT = env_int("EMAIL_PORT", 587)
EMAIL_HOST_USER = env_str("EMAIL_HOST_USER")
EMAIL_HOST_PASSWORD = env_str("EMAIL_HOST_PASSWORD")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", bool(EMAIL_HOST))
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "Jackal Online <noreply@localhost>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL
# Reminders go out from a signed bounce address at this domain (reminders.bounces); mail to it
# must reach `manage.py bounce_server`. Empty: the domain of DEFAULT_FROM_EMAIL.
MAIL_BOUNCE_DOMAIN = env_str("MAIL_BOUNCE_DOMAIN")

# --- Alerts (alerts/, docs/alerts.md) ---------------------------------------------------------
# Web Push's VAPID key: set it in production (`vapid --gen`, or any P-256 key as PEM). Without
# it, the embedded default makes one in the data directory on first use.
VAPID_PRIVATE_KEY = env_str("VAPID_PRIVATE_KEY")
VAPID_SUBJECT = env_str(
    "VAPID_SUBJECT", "mailto:" + DEFAULT_FROM_EMAIL.rsplit("<", 1)[-1].strip(">")
)
# Webhooks and push endpoints on private, loopback and link-local networks are refused unless
# this is on (tests, a site whose players' receivers live on its own network).
ALERTS_ALLOW_PRIVATE_ADDRESSES = env_bool("ALERTS_ALLOW_PRIVATE_ADDRESSES", False)
# Webhook tries on a queue of their own, for workers of their own (`celery worker -Q <name>`):
# many slow or dead endpoints then hold up only those workers, never a push, an e-mail or a
# bot's move. Empty: the default queue (bench/alerts.py measures what that costs).
ALERTS_WEBHOOK_QUEUE = env_str("ALERTS_WEBHOOK_QUEUE")
if ALERTS_WEBHOOK_QUEUE:
    CELERY_TASK_ROUTES = {"alerts.tasks.post_webhook": {"queue": ALERTS_WEBHOOK_QUEUE}}

# --- Internationalisation -------------------------------------------------------------------
LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("ru", _("Russian"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

# --- Static files ---------------------------------------------------------------------------
STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
# Hashed file names need `collectstatic`; development runs and tests serve files as they are.
STATIC_MANIFEST = env_bool("STATIC_MANIFEST", not DEBUG)
STATIC_ROOT = (
    Path(env_str("STATIC_ROOT", str(BASE_DIR / "staticfiles"))) if STATIC_MANIFEST else None
)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        if STATIC_MANIFEST
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}
WHITENOISE_USE_FINDERS = not STATIC_MANIFEST

# --- Security -------------------------------------------------------------------------------
HTTPS = SITE_URL.startswith("https://")
SESSION_COOKIE_SECURE = env_bool("SECURE_COOKIES", HTTPS)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
BEHIND_PROXY = env_bool("BEHIND_PROXY")
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https") if BEHIND_PROXY else None
# The client's address (log-in limits count per address). Behind the proxy every connection
# comes from the proxy, so the address is the last one in X-Forwarded-For: the one the proxy
# itself appended (anything before it the client may have written). Without the proxy the
# header is ignored, or a client could give each wrong password a new address.
ALLAUTH_TRUSTED_PROXY_COUNT = env_int("TRUSTED_PROXY_COUNT", 1) if BEHIND_PROXY else 0
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
# Served over https: browsers must never come back over http, and http is redirected.
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", HTTPS)
# Load balancers ask /health over plain http on the private network.
SECURE_REDIRECT_EXEMPT = [r"^health$"]
SECURE_HSTS_SECONDS = env_int("HSTS_SECONDS", 365 * 24 * 3600 if HTTPS else 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("HSTS_INCLUDE_SUBDOMAINS", HTTPS)
SECURE_HSTS_PRELOAD = env_bool("HSTS_PRELOAD", False)
if not SECURE_HSTS_PRELOAD:
    # Asking browsers to hard-code the domain is a step an operator takes on purpose (leaving
    # the preload list takes months): it stays off unless HSTS_PRELOAD says so.
    SILENCED_SYSTEM_CHECKS = ["security.W021"]
# Only the site's own scripts, styles, images and websocket (jackal_site/middleware.py).
CONTENT_SECURITY_POLICY = env_bool("CONTENT_SECURITY_POLICY", True)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
    "loggers": {"django.db.backends": {"level": "WARNING"}},
}
