"""The real parts: PostgreSQL, and a Celery worker process on Redis delivering an e-mail."""

import re

import pytest
from django.db import connection
from django.urls import reverse

from accounts.models import User
from tests.conftest import wait_for
from tests.web.test_accounts import STRONG


def test_suite_runs_on_postgresql_when_configured(postgres):
    """In CI the whole suite runs on PostgreSQL: this fails there if DATABASE_URL is not set."""
    with connection.cursor() as cursor:
        cursor.execute("SHOW server_version")
        assert cursor.fetchone()[0]


@pytest.mark.django_db(transaction=True)
def test_pages_served_over_asgi_borrow_pooled_postgresql_connections(postgres, alice):
    """Django runs each ASGI request in a thread of its own; connections belong to threads. The
    pool (settings.DB_POOL_SIZE) keeps ten requests from opening ten connections."""
    from asgiref.sync import async_to_sync
    from channels.testing import HttpCommunicator
    from django.test import Client

    from jackal_site.asgi import application

    client = Client()
    client.force_login(alice)
    cookie = f"sessionid={client.cookies['sessionid'].value}".encode()
    pool = connection.pool
    assert pool is not None, "PostgreSQL connections are not pooled"
    opened_before = pool.get_stats().get("connections_num", 0)

    async def ten_pages():
        for _ in range(10):
            page = HttpCommunicator(
                application,
                "GET",
                "/games/mine/",
                headers=[(b"host", b"localhost"), (b"cookie", cookie)],
            )
            answer = await page.get_response(timeout=10)
            await page.wait(timeout=10)  # as a server does, let Django finish (and give back)
            assert answer["status"] == 200 and b"alice" in answer["body"]

    async_to_sync(ten_pages)()
    assert pool.get_stats().get("connections_num", 0) - opened_before <= 2


@pytest.mark.redis
def test_real_worker_on_redis_delivers_the_verification_email(celery_worker_process, client):
    client.post(
        reverse("account_signup"),
        {"email": "dora@example.com", "username": "dora", "password1": STRONG, "password2": STRONG},
    )
    assert User.objects.filter(username="dora").exists()

    def mail_written():
        """the worker to finish writing the verification e-mail"""
        # The file exists before its text is written: wait for the whole message.
        texts = [p.read_text() for p in celery_worker_process.mail_dir.iterdir()]
        return [text for text in texts if "/accounts/confirm-email/" in text]

    (written,) = wait_for(mail_written, timeout=60)
    assert "To: dora@example.com" in written
    link = re.search(r"https?://\S+/accounts/confirm-email/\S+", written).group(0)
    path = re.sub(r"^https?://[^/]+", "", link)
    client.post(path)
    assert User.objects.get(username="dora").emailaddress_set.get().verified

    def task_logged_as_done():
        """the worker to log the task as succeeded (just after it wrote the e-mail)"""
        return "succeeded" in celery_worker_process.log_path.read_text()

    wait_for(task_logged_as_done, timeout=30)
