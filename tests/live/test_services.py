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
