"""ASGI entry point: HTTP goes to Django, websockets to the Channels consumers of games/."""

import asyncio
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "jackal_site.settings")
# Django must be set up before anything that imports models (the consumers) is imported.
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402
from django.conf import settings  # noqa: E402

from games.live import notify  # noqa: E402
from games.live.routing import websocket_urlpatterns  # noqa: E402

if settings.WEBSOCKET_COMPRESSION:
    from . import websocket_compression

    # Before daphne builds its websocket factory (it imports this module first).
    websocket_compression.install()

# What the Server header of every HTTP answer says: the site, not the software and its version
# (daphne names itself unless the application sent a Server header of its own).
SERVER_HEADER = "Jackal Online"


async def http_app(scope, receive, send):
    # Live updates are sent on the server's own event loop, without holding up the request
    # (games.live.notify). Recording it costs an assignment per request.
    notify.serve_on(asyncio.get_running_loop())

    async def send_as_the_site(message):
        if message["type"] == "http.response.start":
            headers = [(k, v) for k, v in message.get("headers", ()) if k.lower() != b"server"]
            message = {**message, "headers": [*headers, (b"server", SERVER_HEADER.encode())]}
        await send(message)

    await django_asgi_app(scope, receive, send_as_the_site)


application = ProtocolTypeRouter(
    {
        "http": http_app,
        "websocket": AllowedHostsOriginValidator(
            AuthMiddlewareStack(URLRouter(websocket_urlpatterns))
        ),
    }
)
