"""Fixtures: a stand-in of the parts of ComfyUI the pack uses, and a stand-in Posecraft server."""

import sys
import types
from pathlib import Path

import pytest

PACK_DIR = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(PACK_DIR))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from posecraft_stand_in import StandIn  # noqa: E402


class InterruptProcessingException(Exception):
    """ComfyUI's exception for a run the user cancelled."""


class FakeComfy:
    """comfy.model_management's interrupt flag and functions, and server.PromptServer's node text."""

    def __init__(self):
        self.interrupt_flag = False
        self.node_texts = []
        self.model_management = types.ModuleType("comfy.model_management")
        self.model_management.InterruptProcessingException = InterruptProcessingException
        self.model_management.processing_interrupted = lambda: self.interrupt_flag
        self.model_management.throw_exception_if_processing_interrupted = self._throw_if_interrupted
        self.server = types.ModuleType("server")
        prompt_server = types.SimpleNamespace(send_progress_text=lambda text, node_id: self.node_texts.append((node_id, text)))
        self.server.PromptServer = types.SimpleNamespace(instance=prompt_server)

    def _throw_if_interrupted(self):
        if self.interrupt_flag:
            self.interrupt_flag = False
            raise InterruptProcessingException()


@pytest.fixture(autouse=True)
def comfy(monkeypatch, tmp_path):
    """The ComfyUI stand-in in sys.modules, and no Posecraft connection from the environment or a config file."""
    fake = FakeComfy()
    package = types.ModuleType("comfy")
    package.model_management = fake.model_management
    monkeypatch.setitem(sys.modules, "comfy", package)
    monkeypatch.setitem(sys.modules, "comfy.model_management", fake.model_management)
    monkeypatch.setitem(sys.modules, "server", fake.server)
    monkeypatch.delenv("POSECRAFT_URL", raising=False)
    monkeypatch.delenv("POSECRAFT_TOKEN", raising=False)
    import posecraft_nodes.connection

    monkeypatch.setattr(posecraft_nodes.connection, "CONFIG_FILE", tmp_path / "posecraft.json")
    return fake


@pytest.fixture
def posecraft():
    """A running stand-in Posecraft server."""
    stand_in = StandIn()
    yield stand_in
    stand_in.close()


@pytest.fixture
def connected(posecraft, monkeypatch):
    """A user of the stand-in whose token and server come from POSECRAFT_URL and POSECRAFT_TOKEN."""
    token = posecraft.add_user("ada")
    monkeypatch.setenv("POSECRAFT_URL", posecraft.url)
    monkeypatch.setenv("POSECRAFT_TOKEN", token)
    return token

