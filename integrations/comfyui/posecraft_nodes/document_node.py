"""Posecraft Document: a designer's document as pose keypoints, control drawings, person masks and prompts."""

from . import comfy_host
from .client import PosecraftError
from .connection import connect, document_reference
from .inputs import CATEGORY, RENDER_RETURN_NAMES, RENDER_RETURN_TYPES, drawing_inputs, optional_inputs
from .render import render_outputs, render_request

# The last ETag seen per server and document, sent as If-None-Match so an unchanged document costs a 304.
_known_etags = {}


class PosecraftDocument:
    """Reads a document of the caller's Posecraft account; reruns only when the document's version changes."""

    CATEGORY = CATEGORY
    DESCRIPTION = "A Posecraft document's frames: pose keypoints, the control drawing of each frame, each person's mask and prompt."
    RETURN_TYPES = RENDER_RETURN_TYPES
    RETURN_NAMES = RENDER_RETURN_NAMES
    FUNCTION = "load"

    @classmethod
    def INPUT_TYPES(cls):
        document = ("STRING", {"default": "", "tooltip": "The document's id, or its link from Posecraft"})
        return {"required": {"document": document, **drawing_inputs()}, "optional": optional_inputs()}

    @classmethod
    def IS_CHANGED(cls, document="", server_url="", token="", **_options):
        """The document's ETag (its id and version): ComfyUI reruns the node only when this changes."""
        try:
            document_id, origin = document_reference(document)
            client = connect(server_url, token, origin)
            key = (client.base_url, document_id)
            _known_etags[key] = client.document_etag(document_id, _known_etags.get(key))
            return _known_etags[key]
        except PosecraftError:
            # Not a number equal to itself: the node runs, and raises the server's description there.
            return float("nan")

    def load(self, document, kind, profile, width=0, height=0, server_url="", token=""):
        """Renders the document's frames on the server and answers them as the node's outputs."""
        options = render_request(kind, profile, width, height)
        document_id, origin = document_reference(document)
        client = connect(server_url, token, origin)
        comfy_host.raise_if_interrupted()
        return render_outputs(client.render(document_id, **options))
