"""Which Posecraft server to call and with which token: the node's inputs, else the environment, else a config file."""

import json
import os
import re
import urllib.parse
from pathlib import Path

from .client import PosecraftClient, PosecraftError

# The config file beside the pack's __init__.py: {"url": "https://...", "token": "pcat_..."}.
CONFIG_FILE = Path(__file__).resolve().parent.parent / "posecraft.json"
URL_ENV = "POSECRAFT_URL"
TOKEN_ENV = "POSECRAFT_TOKEN"

_UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")


def _config_file():
    try:
        with open(CONFIG_FILE, encoding="utf-8") as file:
            config = json.load(file)
    except FileNotFoundError:
        return {}
    except ValueError as error:
        raise PosecraftError(f"{CONFIG_FILE} is not JSON: {error}") from None
    if not isinstance(config, dict):
        raise PosecraftError(f'{CONFIG_FILE} must hold an object such as {{"url": "...", "token": "..."}}')
    return config


def document_reference(text):
    """The document id in a Posecraft id or link, and the link's origin (None for a bare id)."""
    text = (text or "").strip()
    match = _UUID.search(text)
    if not match:
        raise PosecraftError(f"'{text}' is neither a Posecraft document id nor a link to a document")
    parts = urllib.parse.urlsplit(text)
    origin = f"{parts.scheme}://{parts.netloc}" if parts.scheme in ("http", "https") and parts.netloc else None
    return match.group(0).lower(), origin


def connect(server_url="", token="", link_origin=None):
    """A client of the server named by the inputs, else POSECRAFT_URL/POSECRAFT_TOKEN, else posecraft.json, else the link."""
    config = _config_file()
    url = (server_url or "").strip() or os.environ.get(URL_ENV, "").strip() or str(config.get("url", "")).strip()
    url = url or link_origin
    secret = (token or "").strip() or os.environ.get(TOKEN_ENV, "").strip() or str(config.get("token", "")).strip()
    if not url:
        raise PosecraftError(f"No Posecraft server: set the node's server_url, {URL_ENV}, or url in {CONFIG_FILE}")
    if not re.match(r"^https?://", url):
        raise PosecraftError(f"The Posecraft server '{url}' is not an http:// or https:// address")
    if not secret:
        raise PosecraftError(
            f"No Posecraft access token: create one in Posecraft's account menu (Access tokens), then set {TOKEN_ENV} "
            f"or token in {CONFIG_FILE}"
        )
    return PosecraftClient(url, secret)
