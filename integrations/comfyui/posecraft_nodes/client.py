"""The Posecraft HTTP API as the nodes use it: the envelope, the bearer token, ETags (standard library only)."""

import json
import urllib.error
import urllib.parse
import urllib.request

# How long one call may take, in seconds: a render of many frames is slow, the rest are not.
CALL_TIMEOUT_S = 60
RENDER_TIMEOUT_S = 600
# ComfyUI asks every Posecraft Document for its change key before a run starts: a slow server must not hold the queue long.
CHANGE_KEY_TIMEOUT_S = 10


class PosecraftError(Exception):
    """A call the Posecraft server refused or could not answer; its text is the server's own description."""

    def __init__(self, description, status=None, code_n=None):
        super().__init__(description)
        self.description = description
        self.status = status
        self.code_n = code_n


class Answer:
    """One answer of the server: its HTTP status, the envelope's data (None for a 304) and its ETag."""

    def __init__(self, status, data, etag):
        self.status = status
        self.data = data
        self.etag = etag


def _json_default(value):
    # POSE_KEYPOINT from other nodes may hold numpy numbers or arrays; JSON has only plain ones.
    if hasattr(value, "tolist"):
        return value.tolist()
    raise TypeError(f"{type(value).__name__} cannot be sent to Posecraft")


def _encode(body):
    try:
        return json.dumps(body, default=_json_default, allow_nan=False).encode("utf-8")
    except ValueError:
        raise PosecraftError("The pose holds a number JSON cannot carry (NaN or infinity)") from None


def _error_from(status, body):
    """The PosecraftError of an error answer: the envelope's description, or plain words when there is none."""
    try:
        error = json.loads(body)["response_metadata"]["error"]
        return PosecraftError(error["description"], status, error.get("code_n"))
    except (ValueError, KeyError, TypeError):
        return PosecraftError(f"The Posecraft server answered HTTP {status} without a description", status)


class PosecraftClient:
    """Calls one Posecraft server with one access token."""

    def __init__(self, base_url, token):
        self.base_url = base_url.rstrip("/")
        self.token = token

    def call(self, method, path, body=None, query=None, etag=None, timeout=CALL_TIMEOUT_S):
        """Sends one request and answers its Answer; an error answer raises PosecraftError with the server's words."""
        url = self.base_url + path + ("?" + urllib.parse.urlencode(query) if query else "")
        headers = {"Authorization": f"Bearer {self.token}", "Accept": "application/json"}
        data = None
        if body is not None:
            data = _encode(body)
            headers["Content-Type"] = "application/json"
        if etag:
            headers["If-None-Match"] = etag
        request = urllib.request.Request(url, data=data, headers=headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return self._answer(response.status, response.read(), response.headers.get("ETag"))
        except urllib.error.HTTPError as error:
            if error.code == 304:
                return Answer(304, None, error.headers.get("ETag") or etag)
            raise _error_from(error.code, error.read()) from None
        except (urllib.error.URLError, TimeoutError, ConnectionError) as error:
            reason = getattr(error, "reason", error)
            raise PosecraftError(f"Cannot reach the Posecraft server at {self.base_url}: {reason}") from None

    @staticmethod
    def _answer(status, body, etag):
        try:
            envelope = json.loads(body)
        except ValueError:
            raise PosecraftError(f"The Posecraft server answered HTTP {status} with something other than JSON") from None
        return Answer(status, envelope.get("data"), etag)

    def document_etag(self, document_id, etag=None):
        """The document's ETag (its version), asked with If-None-Match so an unchanged one answers 304 without its content."""
        answer = self.call("GET", f"/v1/documents/{urllib.parse.quote(document_id)}", etag=etag, timeout=CHANGE_KEY_TIMEOUT_S)
        if answer.etag:
            return answer.etag
        return f'"{document_id}.{answer.data["version"]}"'

    def render(self, document_id, kind, profile=None, width=None, height=None, masks=True):
        """POST /v1/documents/:id/render: the document's frames as pose keypoints, PNG drawings and per-person masks."""
        body = {"kind": kind, "masks": masks}
        if profile:
            body["profile"] = profile
        if width and height:
            body["width"], body["height"] = width, height
        path = f"/v1/documents/{urllib.parse.quote(document_id)}/render"
        return self.call("POST", path, body=body, timeout=RENDER_TIMEOUT_S).data

    def create_edit_session(self, pose_keypoint, name, fps, timeout_s):
        """POST /v1/edit_sessions: the frames become a new document waiting for the designer's edit."""
        body = {"pose_keypoint": pose_keypoint, "name": name, "fps": fps, "timeout_s": timeout_s}
        return self.call("POST", "/v1/edit_sessions", body=body).data

    def wait_edit_session(self, session_id, wait_s):
        """GET /v1/edit_sessions/:id?wait_s=: the session once its status changes, or after wait_s seconds."""
        path = f"/v1/edit_sessions/{urllib.parse.quote(session_id)}"
        return self.call("GET", path, query={"wait_s": wait_s}, timeout=wait_s + CALL_TIMEOUT_S).data

    def cancel_edit_session(self, session_id):
        """POST /v1/edit_sessions/:id/cancel: the wait is over (ComfyUI's interrupt or the node's timeout)."""
        return self.call("POST", f"/v1/edit_sessions/{urllib.parse.quote(session_id)}/cancel", body={}).data
