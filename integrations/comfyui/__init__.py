"""Posecraft for ComfyUI: place this folder in ComfyUI's custom_nodes. Plain Python, no frontend code."""

from .posecraft_nodes import NODE_CLASS_MAPPINGS, NODE_DISPLAY_NAME_MAPPINGS

__all__ = ["NODE_CLASS_MAPPINGS", "NODE_DISPLAY_NAME_MAPPINGS"]
