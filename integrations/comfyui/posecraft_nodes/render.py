"""A render answer of the Posecraft server as the nodes' outputs."""

from .client import PosecraftError
from .images import image_batch, mask_batch

KINDS = ["openpose", "depth", "normal"]
# The renderer's control profiles (src/pose/render/profiles.ts; a test keeps the two lists the same);
# "document" leaves the choice to the document itself.
PROFILES = ["document", "sd15", "xinsir", "feet"]
SIDE_MIN, SIDE_MAX = 64, 2048


def render_request(kind, profile, width, height):
    """The render's options from the node's inputs: 0 x 0 means the document's canvas."""
    if kind not in KINDS:
        raise PosecraftError(f"'{kind}' is not a drawing Posecraft makes: choose one of {', '.join(KINDS)}")
    sized = bool(width) and bool(height)
    if bool(width) != bool(height) or (sized and not (SIDE_MIN <= width <= SIDE_MAX and SIDE_MIN <= height <= SIDE_MAX)):
        raise PosecraftError(f"Width and height are both 0 (the document's canvas) or both {SIDE_MIN}..{SIDE_MAX}")
    return {"kind": kind, "profile": None if profile in ("", "document") else profile, "width": width or None, "height": height or None}


def person_prompts(people):
    """One line per person, in the order of the MASK batch (a prompt's own line breaks become spaces)."""
    return "\n".join(" ".join(str(person.get("prompt") or "").split()) for person in people)


def render_outputs(data):
    """(POSE_KEYPOINT, IMAGE, MASK, prompts, frame_count, fps) of one render answer."""
    width, height, frame_count = data["width"], data["height"], data["frame_count"]
    if len(data["images"]) != frame_count or len(data["pose_keypoint"]) != frame_count:
        raise PosecraftError(f"The Posecraft server sent a render of {frame_count} frames with {len(data['images'])} drawings")
    people = data.get("people") or []
    images = image_batch(data["images"], width, height)
    masks = mask_batch(data.get("masks"), people, width, height, frame_count)
    return data["pose_keypoint"], images, masks, person_prompts(people), frame_count, float(data["fps"])
