"""Which server and token the nodes use: the node's inputs, else the environment, else posecraft.json, else the link."""

import json

import pytest

from posecraft_nodes import connection
from posecraft_nodes.client import PosecraftError


def write_config(url, token):
    connection.CONFIG_FILE.write_text(json.dumps({"url": url, "token": token}))


def test_inputs_come_first_then_the_environment_then_the_config_file(monkeypatch):
    write_config("https://file.example", "pcat_file")
    client = connection.connect()
    assert (client.base_url, client.token) == ("https://file.example", "pcat_file")
    monkeypatch.setenv("POSECRAFT_URL", "https://env.example/")
    monkeypatch.setenv("POSECRAFT_TOKEN", "pcat_env")
    client = connection.connect()
    assert (client.base_url, client.token) == ("https://env.example", "pcat_env")
    client = connection.connect(" https://input.example ", "pcat_input", "https://link.example")
    assert (client.base_url, client.token) == ("https://input.example", "pcat_input")


def test_a_links_server_is_used_when_none_is_set(monkeypatch):
    monkeypatch.setenv("POSECRAFT_TOKEN", "pcat_env")
    document_id, origin = connection.document_reference("https://posecraft.example/edit?document=8F2C1B0A-1D2E-4F3A-9B8C-7D6E5F4A3B2C")
    assert (document_id, origin) == ("8f2c1b0a-1d2e-4f3a-9b8c-7d6e5f4a3b2c", "https://posecraft.example")
    assert connection.connect(link_origin=origin).base_url == "https://posecraft.example"


def test_without_a_token_the_error_says_where_to_make_one(monkeypatch):
    monkeypatch.setenv("POSECRAFT_URL", "https://env.example")
    with pytest.raises(PosecraftError, match="account menu"):
        connection.connect()


def test_a_broken_config_file_is_named(monkeypatch):
    connection.CONFIG_FILE.write_text("{url:")
    with pytest.raises(PosecraftError, match="posecraft.json is not JSON"):
        connection.connect()
