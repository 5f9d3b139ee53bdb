"""`make run ADDRESS=host:port` (config/served_address.py and the settings): the hosts
answered and the address shown follow the address given, every host and the laptop's
local-network address when bound to every interface; beyond the loopback DEBUG is off with
a key made on first run, over plain HTTP; production keeps its HTTPS hardening."""

import runpy
import socket
import stat
from pathlib import Path

import pytest
from django.conf import settings as django_settings

from config import served_address
from config.served_address import ServedAddress, lan_address, local_secret_key

SETTINGS = Path(django_settings.BASE_DIR) / "config" / "settings.py"
LAN = "192.168.1.20"
SECRET = "k3J9-vQ2x!Lw8#pR5zT1mN6bY4cH7gF0aS2dE9uI3oP8lK5jX1qW"
# The variables read by the settings these tests look at: unset unless a test sets them.
READ = (
    "RUN_ADDRESS",
    "DEBUG",
    "SECRET_KEY",
    "ALLOWED_HOSTS",
    "SITE_URL",
    "EMAIL_BACKEND",
    "EMAIL_FILE_PATH",
    "SECURE_SSL_REDIRECT",
    "SESSION_COOKIE_SECURE",
    "CSRF_COOKIE_SECURE",
    "SECURE_HSTS_SECONDS",
)


@pytest.fixture
def kept_keys(monkeypatch) -> list[Path]:
    """The key files the settings ask for (none is written): where each was looked for."""
    asked = []

    def kept(path: Path) -> str:
        asked.append(path)
        return SECRET

    monkeypatch.setattr(served_address, "local_secret_key", kept)
    monkeypatch.setattr(served_address, "lan_address", lambda: LAN)
    return asked


@pytest.fixture
def settings_under(monkeypatch, kept_keys):
    """The settings a process reads under ``env`` (the others of READ unset)."""

    def read(**env) -> dict:
        for name in READ:
            monkeypatch.delenv(name, raising=False)
        for name, value in env.items():
            monkeypatch.setenv(name, value)
        return runpy.run_path(str(SETTINGS))

    return read


@pytest.mark.parametrize(
    ("address", "host", "port"),
    [
        ("0.0.0.0:8000", "0.0.0.0", 8000),
        ("192.168.1.20:8080", "192.168.1.20", 8080),
        ("8001", "127.0.0.1", 8001),  # a port alone: runserver's own host
        ("[::]:8000", "::", 8000),
        ("localhost:8000", "localhost", 8000),
    ],
)
def test_the_address_is_read_as_runserver_reads_it(address, host, port):
    assert ServedAddress.parse(address) == ServedAddress(host, port)


@pytest.mark.parametrize("address", ["", "0.0.0.0", "0.0.0.0:80²", "0.0.0.0:port"])
def test_an_address_without_a_port_is_refused(address):
    with pytest.raises(ValueError, match="hôte:port"):
        ServedAddress.parse(address)


@pytest.mark.parametrize(
    ("address", "hosts", "beyond"),
    [
        ("0.0.0.0:8000", ["*"], True),
        ("[::]:8000", ["*"], True),
        ("192.168.1.20:8000", ["192.168.1.20"], True),
        ("donne.local:8000", ["donne.local"], True),
        ("127.0.0.1:8000", ["127.0.0.1", "localhost"], False),
        ("localhost:8000", ["localhost", "127.0.0.1"], False),
        ("[::1]:8000", ["[::1]", "127.0.0.1", "localhost"], False),
    ],
)
def test_the_hosts_answered_follow_the_address(address, hosts, beyond):
    served = ServedAddress.parse(address)
    assert served.hosts == hosts
    assert served.beyond_loopback == beyond


@pytest.mark.parametrize(
    ("address", "url"),
    [
        ("0.0.0.0:8000", f"http://{LAN}:8000"),
        ("[::]:8123", f"http://{LAN}:8123"),
        ("192.168.1.30:8000", "http://192.168.1.30:8000"),
        ("127.0.0.1:8123", "http://127.0.0.1:8123"),
        ("[::1]:8000", "http://[::1]:8000"),
    ],
)
def test_the_address_shown_is_the_one_phones_open(monkeypatch, address, url):
    monkeypatch.setattr(served_address, "lan_address", lambda: LAN)
    assert ServedAddress.parse(address).site_url() == url


def test_the_local_network_address_is_one_of_this_machine():
    address = lan_address()
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((address, 0))  # refused for an address that is not the machine's


def test_without_a_route_out_the_address_is_read_from_the_host_name(monkeypatch):
    def unreachable(self, address):
        raise OSError("Network is unreachable")

    found = [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (a, 0)) for a in ("127.0.1.1", LAN)]
    monkeypatch.setattr(socket.socket, "connect", unreachable)
    monkeypatch.setattr(socket, "getaddrinfo", lambda *args: found)
    assert lan_address() == LAN


def test_the_secret_key_is_made_once_and_kept_private(tmp_path):
    path = tmp_path / "key"
    key = local_secret_key(path)
    assert len(key) >= django_settings.SECRET_KEY_MIN_LENGTH
    assert len(set(key)) >= django_settings.SECRET_KEY_MIN_CHARACTERS
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert local_secret_key(path) == key != local_secret_key(tmp_path / "other")


def test_the_key_file_is_ignored_by_git(settings_under, kept_keys):
    settings_under(RUN_ADDRESS="0.0.0.0:8000")
    (path,) = kept_keys
    ignored = (Path(django_settings.BASE_DIR) / ".gitignore").read_text().splitlines()
    assert path.parent == Path(django_settings.BASE_DIR) and f"/{path.name}" in ignored


def test_every_interface_serves_the_phones_without_debug_over_http(settings_under):
    served = settings_under(RUN_ADDRESS="0.0.0.0:8000")
    assert served["DEBUG"] is False and served["SECRET_KEY"] == SECRET
    assert served["ALLOWED_HOSTS"] == ["*"]
    assert served["SITE_URL"] == f"http://{LAN}:8000"
    assert not served["SECURE_SSL_REDIRECT"]
    assert not served["SESSION_COOKIE_SECURE"] and not served["CSRF_COOKIE_SECURE"]
    assert served["SECURE_HSTS_SECONDS"] == 0
    assert served["EMAIL_BACKEND"].endswith(".console.EmailBackend")  # no SMTP server here


def test_one_address_of_the_laptop_answers_its_own_host_and_allowed_hosts(settings_under):
    served = settings_under(RUN_ADDRESS="192.168.1.30:8000", ALLOWED_HOSTS="donne.local")
    assert served["DEBUG"] is False
    assert served["ALLOWED_HOSTS"] == ["192.168.1.30", "donne.local"]
    assert served["SITE_URL"] == "http://192.168.1.30:8000"


def test_the_loopback_keeps_debug_and_its_port(settings_under, kept_keys):
    served = settings_under(RUN_ADDRESS="127.0.0.1:8123")
    assert served["DEBUG"] is True and kept_keys == []
    assert served["ALLOWED_HOSTS"] == ["127.0.0.1", "localhost"]
    assert served["SITE_URL"] == "http://127.0.0.1:8123"  # the demo's e-mails' links too


def test_site_url_wins_over_the_address(settings_under):
    served = settings_under(RUN_ADDRESS="0.0.0.0:8000", SITE_URL="https://tarot.example.org/")
    assert served["SITE_URL"] == "https://tarot.example.org"


def test_production_keeps_its_https_hardening(settings_under, kept_keys):
    served = settings_under(DEBUG="0", SECRET_KEY=SECRET, ALLOWED_HOSTS="tarot.example.org")
    assert served["RUN_ADDRESS"] is None and kept_keys == []
    assert served["ALLOWED_HOSTS"] == ["tarot.example.org"]
    assert served["SECURE_SSL_REDIRECT"]
    assert served["SESSION_COOKIE_SECURE"] and served["CSRF_COOKIE_SECURE"]
    assert served["SECURE_HSTS_SECONDS"] == 31536000
