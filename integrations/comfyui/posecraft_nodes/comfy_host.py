"""The few parts of ComfyUI itself the nodes use, imported when called: its interrupt flag and the node's text."""

import logging

log = logging.getLogger("posecraft")


def interrupted():
    """Whether the user pressed ComfyUI's Cancel (the flag stays set, for raise_if_interrupted)."""
    import comfy.model_management

    return comfy.model_management.processing_interrupted()


def raise_if_interrupted():
    """Ends the node the way ComfyUI expects of an interrupt (its own exception, which also clears the flag)."""
    import comfy.model_management

    comfy.model_management.throw_exception_if_processing_interrupted()


def show_text(node_id, text):
    """Writes text into the log and, on a frontend that shows node text while it runs, on the node itself."""
    log.info("%s", text)
    if node_id is None:
        return
    try:
        from server import PromptServer

        PromptServer.instance.send_progress_text(text, str(node_id))
    except (ImportError, AttributeError):
        # An older ComfyUI without progress text: the log line and the node's STRING output still carry it.
        pass
