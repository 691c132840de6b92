"""Input declarations the two nodes share, in ComfyUI's INPUT_TYPES form."""

from .render import KINDS, PROFILES, SIDE_MAX

CATEGORY = "Posecraft"

# The outputs of a render, the same on both nodes.
RENDER_RETURN_TYPES = ("POSE_KEYPOINT", "IMAGE", "MASK", "STRING", "INT", "FLOAT")
RENDER_RETURN_NAMES = ("pose_keypoint", "image", "mask", "prompts", "frame_count", "fps")


def drawing_inputs():
    """What to draw: the kind of control image and the ControlNet profile."""
    return {
        "kind": (KINDS, {"default": "openpose", "tooltip": "The control drawing: OpenPose skeleton, depth, or normal map"}),
        "profile": (PROFILES, {"default": "document", "tooltip": "The ControlNet model's drawing; 'document' keeps the document's own"}),
    }


def _side(label):
    return ("INT", {"default": 0, "min": 0, "max": SIDE_MAX, "step": 8, "tooltip": f"Drawing {label} in pixels; 0 keeps the canvas"})


def optional_inputs():
    """Size of the drawings and the connection; an empty connection input falls back to POSECRAFT_URL/POSECRAFT_TOKEN."""
    return {
        "width": _side("width"),
        "height": _side("height"),
        "server_url": ("STRING", {"default": "", "tooltip": "Posecraft server, e.g. https://posecraft.example.com (else POSECRAFT_URL)"}),
        "token": ("STRING", {"default": "", "tooltip": "Access token; saved in the workflow, so prefer POSECRAFT_TOKEN or posecraft.json"}),
    }
