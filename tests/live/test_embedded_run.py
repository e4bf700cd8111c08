"""`manage.py run` on the embedded defaults, as the README's first command starts it: a fresh
SQLite database, the Celery worker and beat as threads with the in-memory broker, e-mails as
files. A sign-up through HTTP gets its verification e-mail from that background worker."""

import http.cookiejar
import os
import re
import sys
import urllib.parse
import urllib.request

import pytest

from tests.conftest import wait_for
from tests.servers import free_port, http_server


@pytest.fixture
def embedded_site(tmp_path):
    port = free_port()
    env = {
        key: value
        for key, value in os.environ.items()
        if key
        not in {"DATABASE_URL", "REDIS_URL", "SECRET_KEY", "EMAIL_BACKEND", "EMAIL_FILE_PATH"}
    }
    env.update(
        DEBUG="true", JACKAL_DATA_DIR=str(tmp_path), DJANGO_SETTINGS_MODULE="jackal_site.settings"
    )
    log_path = tmp_path / "run.log"
    argv = [sys.executable, "manage.py", "run", f"127.0.0.1:{port}"]
    with http_server(argv, port=port, env=env, log_path=log_path) as base:
        yield base, tmp_path, log_path


class Browser:
    """Just enough of a browser: cookies, and forms posted with their CSRF token."""

    def __init__(self, base: str):
        self.base = base
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
        )

    def get(self, path: str):
        return self.opener.open(f"{self.base}{path}")

    def post(self, path: str, form: dict, token_from: str | None = None):
        """Post `form` to `path`, with the CSRF token of the page at `token_from` (or `path`)."""
        page = self.get(token_from or path).read().decode()
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
        request = urllib.request.Request(
            f"{self.base}{path}",
            data=urllib.parse.urlencode({"csrfmiddlewaretoken": token, **form}).encode(),
            headers={"Referer": f"{self.base}{token_from or path}"},
        )
        return self.opener.open(request)


def test_run_serves_the_site_and_runs_background_jobs_in_process(embedded_site):
    base, data_dir, log_path = embedded_site
    assert f"Jackal Online is running at {base}/" in log_path.read_text()
    assert (data_dir / "db.sqlite3").exists()

    fay = Browser(base)
    response = fay.post(
        "/accounts/signup/",
        {
            "email": "fay@example.com",
            "username": "fay",
            "password1": "tortuga-bay-sunset-4",
            "password2": "tortuga-bay-sunset-4",
        },
    )
    assert response.url.endswith("/accounts/confirm-email/")

    mail_dir = data_dir / "mail"

    def mail_file():
        """the in-process worker to finish writing the e-mail"""
        # The file exists before its text is written: wait for the whole message.
        files = list(mail_dir.glob("*.log")) if mail_dir.exists() else []
        return [f for f in files if "/accounts/confirm-email/" in f.read_text()]

    (written,) = wait_for(mail_file, timeout=30)
    assert "To: fay@example.com" in written.read_text()
    assert "accounts.tasks.send_email" in log_path.read_text()

    # Verify through the e-mailed link: fay is signed in.
    link = re.search(r"https?://\S+/accounts/confirm-email/\S+", written.read_text()).group(0)
    assert link.startswith(f"{base}/")  # SITE_URL follows the address the site runs on
    confirm = link.removeprefix(base)
    assert fay.post(confirm, {}).url == f"{base}/"

    # A table against a bot: fay moves; the bot answers from the in-process worker.
    game_page = fay.post(
        "/games/new/", {"ruleset": "classic", "setup": "2", "visibility": "public", "bots": "1"}
    ).url
    game_path = game_page.removeprefix(base)
    fay.post(f"{game_path}move/", {"notation": "WS G1-H1", "expected_ply": "0"}, game_path)

    def bot_answered():
        """the bot to move after fay"""
        board = fay.get(f"{game_path}board/").read().decode()
        ply = int(re.search(r'id="board" data-ply="(\d+)"', board).group(1))
        return ply >= 2 and "Your turn" in board

    wait_for(bot_answered, timeout=30, interval=0.3)
    assert "games.tasks.play_bot_turn" in log_path.read_text()
