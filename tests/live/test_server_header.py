"""The site does not tell the world which server software answers (issue 41.10): a real daphne
sends no `Server: daphne`, on pages, on errors and on the health page alike."""

import urllib.error
import urllib.request

import pytest

from jackal_site.asgi import SERVER_HEADER
from tests.servers import daphne_site


@pytest.fixture
def daphne_server(transactional_db, tmp_path):
    with daphne_site(tmp_path) as base:
        yield base


def server_headers(url: str) -> list[str]:
    try:
        with urllib.request.urlopen(url, timeout=20) as response:
            return response.headers.get_all("Server") or []
    except urllib.error.HTTPError as error:  # a 404 is an answer too
        return error.headers.get_all("Server") or []


def test_daphne_does_not_name_itself_in_the_server_header(daphne_server):
    for path in ("/health", "/games/", "/no-such-page/", "/static/no-such-file.css"):
        assert server_headers(daphne_server + path) == [SERVER_HEADER], path
