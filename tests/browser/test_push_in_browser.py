"""Turning Web Push on in real Chromium: the settings page's button registers the service
worker at /sw.js (scope "/"), asks for notifications and for a push subscription with the
site's VAPID key, and posts it; the device is then listed.

Headless Chromium has no push service to subscribe with (Chrome's is Google's FCM, which a
test machine without internet cannot reach): `pushManager.subscribe` is refused there. This
test goes as far as the browser can: the worker registered and active for the whole site, the
page's refusal said in words, nothing stored; and, where the browser can subscribe, the
device stored. tests/web/test_alerts_push.py covers the rest with a push service on loopback.
"""

import pytest
from playwright.sync_api import expect

from alerts.models import PushDevice
from tests.browser.test_play_in_browser import asgi_server, signed_in
from tests.factories import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
__all__ = ["asgi_server", "signed_in"]  # fixtures


def test_the_button_registers_the_worker_and_subscribes_as_far_as_the_browser_can(
    asgi_server, signed_in
):
    alice = make_user("alice")
    context = signed_in(alice, permissions=["notifications"])
    page = context.new_page()
    page.goto(f"{asgi_server}/profile/alerts/")
    expect(page.get_by_role("heading", name="Alerts", exact=True)).to_be_visible()
    page.get_by_role("button", name="Turn on pushes for this device").click()
    status = page.locator(".push-status")
    expect(status).not_to_have_text("Asking your browser…", timeout=15000)
    expect(status).not_to_be_empty()
    scope = page.evaluate(
        "navigator.serviceWorker.getRegistration('/').then(r => r && r.active ? r.scope : null)"
    )
    assert scope == f"{asgi_server}/"
    page.screenshot(path="/tmp/h46-push-settings.png", full_page=True)
    words = status.inner_text()
    if PushDevice.objects.filter(user=alice).exists():
        assert words == "Pushes are on for this device."
    else:
        # No push service here: the refusal is said, with the browser's reason, and nothing
        # was stored.
        assert words.startswith("Could not turn pushes on here."), words
        assert not PushDevice.objects.exists()
