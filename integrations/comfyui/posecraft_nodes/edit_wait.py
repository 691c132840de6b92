"""Waiting for a designer's edit: long polls of the edit session, ComfyUI's interrupt, and the node's timeout."""

import math
import threading
import time

from . import comfy_host
from .client import PosecraftError

# Longest long poll asked of the server (it allows 30 s), and how often ComfyUI's interrupt is looked at meanwhile.
POLL_WAIT_S = 25
INTERRUPT_CHECK_S = 0.2


def _poll_in_background(client, session_id, wait_s):
    """Starts one long poll in a thread, so the interrupt is seen within INTERRUPT_CHECK_S, not after the poll."""
    outcome = {}
    finished = threading.Event()

    def poll():
        try:
            outcome["session"] = client.wait_edit_session(session_id, wait_s)
        except Exception as error:  # noqa: BLE001 (handed to the waiting thread, which raises it)
            outcome["error"] = error
        finally:
            finished.set()

    threading.Thread(target=poll, name="posecraft-edit-poll", daemon=True).start()
    return finished, outcome


def _cancel_for_interrupt(client, session_id):
    try:
        client.cancel_edit_session(session_id)
    except PosecraftError as error:
        comfy_host.log.warning("Posecraft: the edit session %s could not be cancelled: %s", session_id, error)
    comfy_host.raise_if_interrupted()


def _cancel_for_timeout(client, session_id, timeout_s):
    """Cancels a session past the node's timeout; a session the designer sent at that moment is kept (409 then)."""
    try:
        client.cancel_edit_session(session_id)
    except PosecraftError as error:
        if error.status != 409:
            raise
        session = client.wait_edit_session(session_id, 0)
        if session["status"] == "sent":
            return session
    raise PosecraftError(f"No edit came back from Posecraft within {timeout_s} s, so the edit session was ended")


def _finished(session, timeout_s):
    """The session when the designer sent it back; raises for one cancelled or expired; None while it waits."""
    status = session["status"]
    if status == "sent":
        return session
    if status == "cancelled":
        raise PosecraftError("The edit session was cancelled before the designer sent the pose back")
    if status == "expired":
        raise PosecraftError(f"The edit session expired (its {timeout_s} s ran out) before the designer sent the pose back")
    return None


def wait_for_edit(client, session_id, timeout_s, clock=time.monotonic):
    """The edit session once the designer sent it back; ComfyUI's interrupt and the timeout cancel it and end the node."""
    deadline = clock() + timeout_s
    while True:
        if comfy_host.interrupted():
            _cancel_for_interrupt(client, session_id)
        remaining = deadline - clock()
        if remaining <= 0:
            return _cancel_for_timeout(client, session_id, timeout_s)
        finished, outcome = _poll_in_background(client, session_id, min(POLL_WAIT_S, math.ceil(remaining)))
        while not finished.wait(INTERRUPT_CHECK_S):
            if comfy_host.interrupted():
                _cancel_for_interrupt(client, session_id)
        if "error" in outcome:
            raise outcome["error"]
        session = _finished(outcome["session"], timeout_s)
        if session is not None:
            return session
