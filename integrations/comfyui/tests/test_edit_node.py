"""Posecraft Edit against the stand-in server: the pause, the designer's edit coming back, interrupt and timeouts."""

import random
import threading

import numpy
import pytest
from conftest import InterruptProcessingException
from posecraft_stand_in import person_frame

from posecraft_nodes import edit_wait
from posecraft_nodes.client import PosecraftClient, PosecraftError
from posecraft_nodes.edit_node import PosecraftEdit


def dwpose_frames(rng, frames, people, width=256, height=192):
    """POSE_KEYPOINT as DWPose gives it: normalised points, absent parts None, numpy numbers."""
    out = []
    for _ in range(frames):
        folks = []
        for _ in range(people):
            person = person_frame(numpy.float32(rng.random()), numpy.float32(rng.random()))
            person.update(face_keypoints_2d=None, hand_left_keypoints_2d=None, hand_right_keypoints_2d=None)
            folks.append(person)
        out.append({"people": folks, "canvas_width": width, "canvas_height": height})
    return out


def designer(posecraft, token, edit):
    """A designer in the browser: waits for the session, edits its document, presses Send back to ComfyUI."""

    def work():
        session = posecraft.wait_for_session(lambda s: s["polls"] > 0)
        posecraft.edit_document(session["document_id"], edit)
        PosecraftClient(posecraft.url, token).call("POST", f"/v1/edit_sessions/{session['id']}/send", body={})

    thread = threading.Thread(target=work, daemon=True)
    thread.start()
    return thread


def run_edit(pose, **options):
    settings = {"name": "From ComfyUI", "timeout": 600, "kind": "openpose", "profile": "document", "unique_id": "7"}
    return PosecraftEdit().edit(pose, **{**settings, **options})


def test_the_designers_edit_comes_back_into_the_graph(posecraft, connected, comfy):
    rng = random.Random()
    pose = dwpose_frames(rng, rng.randint(1, 4), rng.randint(1, 3))
    moved = [rng.uniform(10, 200), rng.uniform(10, 150)]

    def move_first_neck(document):
        document["frames"][0]["people"][0]["pose_keypoints_2d"][3:5] = moved

    helper = designer(posecraft, connected, move_first_neck)
    answer = run_edit(pose, name="Shot 12", fps=12.0)
    helper.join(5)
    session = next(iter(posecraft.sessions.values()))
    outputs = answer["result"]
    edited, image, mask, _prompts, frame_count, fps, edit_url, document_id = outputs
    assert edited[0]["people"][0]["pose_keypoints_2d"][3:5] == moved
    assert frame_count == len(pose) and fps == 12.0 and tuple(image.shape) == (len(pose), 192, 256, 3)
    assert tuple(mask.shape) == (len(pose) * len(pose[0]["people"]), 192, 256)
    assert (session["status"], session["name"], session["document_id"]) == ("sent", "Shot 12", document_id)
    assert edit_url == f"{posecraft.url}/edit?edit_session={session['id']}"
    assert answer["ui"] == {"text": [edit_url]}
    assert comfy.node_texts and comfy.node_texts[0][0] == "7" and edit_url in comfy.node_texts[0][1]


def test_comfyuis_interrupt_cancels_the_session_and_ends_the_node(posecraft, connected, comfy):
    def press_cancel():
        posecraft.wait_for_session(lambda s: s["polls"] > 0)
        comfy.interrupt_flag = True

    threading.Thread(target=press_cancel, daemon=True).start()
    with pytest.raises(InterruptProcessingException):
        run_edit(dwpose_frames(random.Random(), 1, 1))
    session = next(iter(posecraft.sessions.values()))
    assert session["status"] == "cancelled"
    assert comfy.interrupt_flag is False  # cleared the way ComfyUI's own exception clears it


@pytest.mark.parametrize("status, words", [("expired", r"expired \(its 600 s ran out\) before the designer"), ("cancelled", "cancelled before the designer")])
def test_a_session_ended_on_the_server_ends_the_node(posecraft, connected, status, words):
    def end_it():
        session = posecraft.wait_for_session(lambda s: s["polls"] > 0)
        posecraft.set_session_status(session["id"], status)

    threading.Thread(target=end_it, daemon=True).start()
    with pytest.raises(PosecraftError, match=words):
        run_edit(dwpose_frames(random.Random(), 2, 1))


def test_the_nodes_timeout_cancels_the_session(posecraft, connected, monkeypatch):
    monkeypatch.setattr(edit_wait, "POLL_WAIT_S", 1)
    client = PosecraftClient(posecraft.url, connected)
    session = client.create_edit_session(dwpose_frames(random.Random(), 1, 1), "t", 24, 60)
    ticks = iter([0.0, 0.0, 61.0])  # the deadline is set, one poll is made, then the clock is past it
    with pytest.raises(PosecraftError, match="within 60 s"):
        edit_wait.wait_for_edit(client, session["id"], 60, clock=lambda: next(ticks))
    assert posecraft.sessions[session["id"]]["status"] == "cancelled"


def test_an_edit_sent_as_the_timeout_falls_is_kept(posecraft, connected):
    client = PosecraftClient(posecraft.url, connected)
    session = client.create_edit_session(dwpose_frames(random.Random(), 1, 1), "t", 24, 60)
    posecraft.sessions[session["id"]]["status"] = "sent"
    finished = edit_wait.wait_for_edit(client, session["id"], 60, clock=iter([0.0, 61.0]).__next__)
    assert finished["status"] == "sent"


@pytest.mark.parametrize("frames", [0, 201])
def test_a_pose_outside_the_frame_limits_is_refused(connected, frames):
    with pytest.raises(PosecraftError, match="1 to 200 frames"):
        run_edit(dwpose_frames(random.Random(), frames, 1))


def test_another_users_session_cannot_be_cancelled(posecraft, connected):
    session = PosecraftClient(posecraft.url, connected).create_edit_session(dwpose_frames(random.Random(), 1, 1), "t", 24, 60)
    stranger = PosecraftClient(posecraft.url, posecraft.add_user("grace"))
    with pytest.raises(PosecraftError, match="No edit session") as refused:
        stranger.cancel_edit_session(session["id"])
    assert refused.value.status == 404
