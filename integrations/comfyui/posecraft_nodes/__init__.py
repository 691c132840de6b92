"""The Posecraft nodes: their classes and the names ComfyUI shows."""

from .document_node import PosecraftDocument
from .edit_node import PosecraftEdit

NODE_CLASS_MAPPINGS = {"PosecraftDocument": PosecraftDocument, "PosecraftEdit": PosecraftEdit}
NODE_DISPLAY_NAME_MAPPINGS = {"PosecraftDocument": "Posecraft Document", "PosecraftEdit": "Posecraft Edit (pause for edit)"}
