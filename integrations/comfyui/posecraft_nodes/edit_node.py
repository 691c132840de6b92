"""Posecraft Edit: the run pauses while a designer edits the graph's pose in Posecraft, then goes on with the edit."""

from . import comfy_host
from .client import PosecraftError
from .connection import connect
from .edit_wait import wait_for_edit
from .inputs import CATEGORY, RENDER_RETURN_NAMES, RENDER_RETURN_TYPES, drawing_inputs, optional_inputs
from .render import render_outputs, render_request

# The server's limits of an edit session: its frames, and its timeout in seconds.
FRAMES_MAX = 200
TIMEOUT_MIN_S, TIMEOUT_MAX_S = 10, 86400


def frames_of(pose_keypoint):
    """The POSE_KEYPOINT frames as a list (a single frame may come as one dict), held to 1..FRAMES_MAX."""
    frames = [pose_keypoint] if isinstance(pose_keypoint, dict) else list(pose_keypoint or [])
    if not 1 <= len(frames) <= FRAMES_MAX or not all(isinstance(frame, dict) for frame in frames):
        raise PosecraftError(f"Posecraft Edit takes a POSE_KEYPOINT of 1 to {FRAMES_MAX} frames, got {len(frames)}")
    return frames


class PosecraftEdit:
    """Opens the pose as a new document, shows its editor link, waits for "Send back to ComfyUI", outputs the edit."""

    CATEGORY = CATEGORY
    DESCRIPTION = "Pauses the run until a designer edits this pose in Posecraft and presses Send back to ComfyUI."
    RETURN_TYPES = RENDER_RETURN_TYPES + ("STRING", "STRING")
    RETURN_NAMES = RENDER_RETURN_NAMES + ("edit_url", "document_id")
    FUNCTION = "edit"

    @classmethod
    def INPUT_TYPES(cls):
        timeout = ("INT", {"default": 3600, "min": TIMEOUT_MIN_S, "max": TIMEOUT_MAX_S, "tooltip": "Seconds to wait for the edit"})
        required = {
            "pose_keypoint": ("POSE_KEYPOINT", {"tooltip": "A pose from the graph, e.g. DWPose or a video's poses"}),
            "name": ("STRING", {"default": "From ComfyUI", "tooltip": "Name of the new document in Posecraft"}),
            "timeout": timeout,
            **drawing_inputs(),
        }
        optional = {"fps": ("FLOAT", {"default": 24.0, "min": 1.0, "max": 60.0, "step": 1.0}), **optional_inputs()}
        return {"required": required, "optional": optional, "hidden": {"unique_id": "UNIQUE_ID"}}

    def edit(self, pose_keypoint, name, timeout, kind, profile, fps=24.0, width=0, height=0, server_url="", token="", unique_id=None):
        """Creates the edit session, waits for the designer, then renders the edited document."""
        options = render_request(kind, profile, width, height)
        frames = frames_of(pose_keypoint)
        client = connect(server_url, token)
        comfy_host.raise_if_interrupted()
        timeout = min(max(int(timeout), TIMEOUT_MIN_S), TIMEOUT_MAX_S)
        session = client.create_edit_session(frames, name.strip() or "From ComfyUI", fps, timeout)
        edit_url = session["edit_url"]
        comfy_host.show_text(unique_id, f"Posecraft: edit the pose at {edit_url} and press Send back to ComfyUI")
        wait_for_edit(client, session["id"], timeout)
        outputs = render_outputs(client.render(session["document_id"], **options))
        return {"ui": {"text": [edit_url]}, "result": outputs + (edit_url, session["document_id"])}
