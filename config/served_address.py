"""Where `make run` serves, and what the settings derive from it.

`make run ADDRESS=host:port` hands its address to the settings as RUN_ADDRESS. The hosts
Django answers follow it (every host when bound to every interface, 0.0.0.0 or ::), and so
does the address Donne prints and shows (QR codes of the table cards, e-mails' links, the
projector link): the address given, or the laptop's address on the local network when
bound to every interface, the one the room's phones open. Served beyond the loopback, the
phones see the site: DEBUG is off, with a secret key made on first run and kept in a local
file that git ignores.
"""

import ipaddress
import os
import secrets
import socket
from dataclasses import dataclass
from pathlib import Path

EVERY_INTERFACE = {"0.0.0.0", "::"}
LOOPBACK_NAMES = {"localhost"}
# What `manage.py runserver 8000` binds to when given a port alone.
RUNSERVER_HOST = "127.0.0.1"
# An address outside any local network: a UDP socket « connected » to it (no packet is
# sent) takes the source address of the default route, the laptop's on the club's Wi-Fi.
OUTSIDE = ("198.51.100.1", 9)  # TEST-NET-2 (RFC 5737)


def is_loopback(host: str) -> bool:
    if host in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:  # a host name
        return False


def url_host(host: str) -> str:
    """The host as an address writes it: an IPv6 address between brackets."""
    return f"[{host}]" if ":" in host else host


def lan_address() -> str:
    """The laptop's address on the local network: the default route's source address, else
    an address of its host name that is not the loopback, else its host name."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(OUTSIDE)
            return probe.getsockname()[0]
    except OSError:  # no route out of the laptop: ask its host name
        name = socket.gethostname()
        try:
            found = socket.getaddrinfo(name, None, socket.AF_INET)
        except OSError:
            return name
        return next((a[4][0] for a in found if not is_loopback(a[4][0])), name)


@dataclass(frozen=True)
class ServedAddress:
    """The address `manage.py runserver` is given: ``host:port``, ``[ipv6]:port`` or a port."""

    host: str
    port: int

    @classmethod
    def parse(cls, address: str) -> "ServedAddress":
        host, _, port = address.rpartition(":")
        if not port.isascii() or not port.isdecimal():
            raise ValueError(f"RUN_ADDRESS : « {address} » n'est pas de la forme hôte:port.")
        return cls(host.strip("[]") or RUNSERVER_HOST, int(port))

    @property
    def every_interface(self) -> bool:
        return self.host in EVERY_INTERFACE

    @property
    def beyond_loopback(self) -> bool:
        """Phones reach it: DEBUG off, never a traceback."""
        return not is_loopback(self.host)

    @property
    def hosts(self) -> list[str]:
        """The hosts Django answers (ALLOWED_HOSTS): every one when bound to every
        interface, the loopback's names on the loopback, else the host given."""
        if self.every_interface:
            return ["*"]
        if is_loopback(self.host):
            return list(dict.fromkeys([url_host(self.host), "127.0.0.1", "localhost"]))
        return [url_host(self.host)]

    def site_url(self) -> str:
        """The address phones open: the laptop's on the local network when bound to every
        interface, else the one given."""
        host = lan_address() if self.every_interface else self.host
        return f"http://{url_host(host)}:{self.port}"


def local_secret_key(path: Path) -> str:
    """The key kept in ``path``, made there (readable by its owner only) on first use."""
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return path.read_text(encoding="ascii").strip()
    key = secrets.token_urlsafe(64)
    with os.fdopen(descriptor, "w", encoding="ascii") as file:
        file.write(key + "\n")
    return key
