"""Posecraft Document against the stand-in server: outputs, the change key, connection and errors."""

import math
import random

import numpy
import pytest
from posecraft_stand_in import frame_colour, person_frame

from posecraft_nodes.client import PosecraftClient, PosecraftError
from posecraft_nodes.document_node import PosecraftDocument


def random_document(posecraft, owner, rng, frames=None, people=None):
    """A document of random size with random people posed at random points."""
    frames = frames or rng.randint(1, 6)
    people = people or rng.randint(1, 3)
    width, height = rng.randrange(64, 400, 8), rng.randrange(64, 400, 8)
    poses = [{"people": [person_frame(rng.uniform(0, width), rng.uniform(0, height)) for _ in range(people)]} for _ in range(frames)]
    cast = [{"figure_id": f"f{rng.getrandbits(32):x}", "name": f"P{i}", "prompt": f"a dancer\nin {rng.choice(['red', 'blue'])}"} for i in range(people)]
    return posecraft.add_document(owner, poses, cast, width, height, fps=rng.choice([8.0, 12.0, 24.0])), posecraft.documents


def test_outputs_every_frame_its_drawing_each_persons_mask_and_prompt(posecraft, connected):
    rng = random.Random()
    document_id, documents = random_document(posecraft, "ada", rng)
    document = documents[document_id]
    pose, image, mask, prompts, frame_count, fps = PosecraftDocument().load(document_id, "openpose", "document")

    frames, people, width, height = len(document["frames"]), len(document["people"]), document["width"], document["height"]
    assert frame_count == frames and fps == document["fps"]
    assert [frame["people"] for frame in pose] == [frame["people"] for frame in document["frames"]]
    assert tuple(image.shape) == (frames, height, width, 3) and str(image.dtype).endswith("float32")
    for index in range(frames):
        assert numpy.allclose(numpy.asarray(image[index, height // 2, width // 2]), numpy.array(frame_colour(index)) / 255.0)
    assert tuple(mask.shape) == (frames * people, height, width)
    band = width // people
    for index in range(frames * people):
        person = index % people
        row = numpy.asarray(mask[index, height // 2])
        assert row[person * band + band // 2] == 1.0
        assert row.sum() == band
    assert prompts.split("\n") == [" ".join(p["prompt"].split()) for p in document["people"]]


def test_a_link_names_the_document_and_its_server(posecraft, monkeypatch):
    token = posecraft.add_user("ada")
    monkeypatch.setenv("POSECRAFT_TOKEN", token)
    document_id, _ = random_document(posecraft, "ada", random.Random(), frames=2, people=1)
    outputs = PosecraftDocument().load(f"{posecraft.url}/edit?document={document_id}", "depth", "xinsir", 128, 96)
    assert tuple(outputs[1].shape) == (2, 96, 128, 3)
    assert outputs[4] == 2


def test_the_change_key_stays_until_the_document_changes(posecraft, connected):
    document_id, _ = random_document(posecraft, "ada", random.Random())
    first = PosecraftDocument.IS_CHANGED(document=document_id, kind="openpose", profile="document")
    again = PosecraftDocument.IS_CHANGED(document=document_id, kind="openpose", profile="document")
    assert first == again
    assert posecraft.requests[-1]["if_none_match"] == first  # the second ask was answered 304, without content
    posecraft.edit_document(document_id, lambda document: document["frames"][0]["people"][0]["pose_keypoints_2d"].__setitem__(3, 7.0))
    assert PosecraftDocument.IS_CHANGED(document=document_id, kind="openpose", profile="document") != first


def test_a_revoked_token_is_refused_with_the_servers_words(posecraft, connected):
    document_id, _ = random_document(posecraft, "ada", random.Random())
    posecraft.revoked.add(connected)
    assert math.isnan(PosecraftDocument.IS_CHANGED(document=document_id))
    with pytest.raises(PosecraftError, match="This access token was revoked") as refused:
        PosecraftDocument().load(document_id, "openpose", "document")
    assert refused.value.status == 401


def test_another_users_document_is_not_found(posecraft, connected):
    document_id, _ = random_document(posecraft, "grace", random.Random())
    with pytest.raises(PosecraftError, match=f"No document {document_id} in your account"):
        PosecraftDocument().load(document_id, "openpose", "document")


def test_bad_input_is_refused_in_plain_words(posecraft, connected):
    document_id, _ = random_document(posecraft, "ada", random.Random())
    with pytest.raises(PosecraftError, match="both 0"):
        PosecraftDocument().load(document_id, "openpose", "document", 512, 0)
    with pytest.raises(PosecraftError, match="neither a Posecraft document id"):
        PosecraftDocument().load("my pose", "openpose", "document")
    client = PosecraftClient(posecraft.url, connected)
    with pytest.raises(PosecraftError, match="kind must be one of") as refused:
        client.render(document_id, "lineart")
    assert (refused.value.status, refused.value.code_n) == (400, 40001)


def test_an_unreachable_server_says_so(monkeypatch):
    monkeypatch.setenv("POSECRAFT_TOKEN", "pcat_x")
    with pytest.raises(PosecraftError, match="Cannot reach the Posecraft server at http://127.0.0.1:9"):
        PosecraftDocument().load("http://127.0.0.1:9/d/0b0c3a2e-7f41-4a8e-9d0f-3c2b1a0f9e8d", "openpose", "document")
