"""The server's base64 PNGs as ComfyUI's IMAGE and MASK batches.

ComfyUI's IMAGE is a float32 torch tensor [batch, height, width, 3] in 0..1 and its MASK a float32
tensor [batch, height, width] in 0..1 (1 = the person). numpy, Pillow and torch are imported here, at
the point of converting, from ComfyUI's own environment; where torch is missing (the pack's tests) the
batches stay numpy arrays of the same shapes.
"""

import base64
import binascii
import io

from .client import PosecraftError


def _decode_png(encoded, mode):
    """One base64 PNG as a uint8 numpy array in the Pillow mode asked ("RGB" or "L")."""
    import numpy
    from PIL import Image

    try:
        with Image.open(io.BytesIO(base64.b64decode(encoded, validate=True))) as picture:
            return numpy.asarray(picture.convert(mode), dtype=numpy.uint8)
    except (binascii.Error, OSError, ValueError):
        raise PosecraftError("The Posecraft server sent a drawing that is not a PNG") from None


def _to_comfy(array):
    """A numpy float32 array as a torch tensor, ComfyUI's type; unchanged where torch is not installed."""
    try:
        import torch
    except ImportError:
        return array
    return torch.from_numpy(array)


def _checked_size(array, width, height):
    if array.shape[0] != height or array.shape[1] != width:
        raise PosecraftError(f"The Posecraft server sent a {array.shape[1]}x{array.shape[0]} drawing for a {width}x{height} render")
    return array


def image_batch(pngs, width, height):
    """IMAGE [frames, height, width, 3] from one RGB PNG per frame."""
    import numpy

    frames = [_checked_size(_decode_png(png, "RGB"), width, height) for png in pngs]
    return _to_comfy(numpy.stack(frames).astype(numpy.float32) / 255.0)


def mask_batch(masks, people, width, height, frame_count):
    """MASK [frames x people, height, width]: frame by frame, each person in the order of `people`.

    A person missing from a frame is an empty mask there; a document without people gives one empty
    mask per frame, so the batch is never empty.
    """
    import numpy

    figure_ids = [person["figure_id"] for person in people]
    empty = numpy.zeros((height, width), dtype=numpy.uint8)
    planes = []
    for frame in range(frame_count):
        by_figure = {mask["figure_id"]: mask["png"] for mask in (masks[frame] if masks and frame < len(masks) else [])}
        for figure_id in figure_ids or [None]:
            png = by_figure.get(figure_id)
            planes.append(empty if png is None else _checked_size(_decode_png(png, "L"), width, height))
    return _to_comfy(numpy.stack(planes).astype(numpy.float32) / 255.0)
