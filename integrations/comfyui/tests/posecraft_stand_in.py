"""A stand-in Posecraft server for the pack's tests: the routes of the issue 47 contract, in a thread.

It answers the envelope, refuses unknown and revoked tokens with 401, keeps users apart (another
user's id is 404), answers If-None-Match with 304, long-polls edit sessions, and draws each frame as
a flat colour (frame i: red = 10 * i) with each person's mask a vertical band, so tests can tell
frames and people apart in the node's outputs.
"""

import base64
import io
import json
import re
import threading
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

from PIL import Image

KINDS = ("openpose", "depth", "normal")
PROFILES = ("sd15", "xinsir", "feet")


class Refusal(Exception):
    """An error answer: HTTP status, business code and plain description."""

    def __init__(self, status, description):
        super().__init__(description)
        self.status, self.description = status, description


def png(width, height, paint):
    """A base64 PNG of the size given, painted by paint(image)."""
    image = Image.new("RGB", (width, height))
    paint(image)
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    return base64.b64encode(buffer.getvalue()).decode("ascii")


def frame_colour(index):
    return (10 * index % 256, 100, 200)


def person_frame(x, y):
    """One frame of one person with the neck at (x, y) and the other joints absent."""
    body = [0.0] * 54
    body[3:6] = [x, y, 1.0]
    return {"pose_keypoints_2d": body, "face_keypoints_2d": [], "hand_left_keypoints_2d": [], "hand_right_keypoints_2d": []}


class StandIn:
    """The server's state (users' tokens, documents, edit sessions) and its HTTP thread."""

    def __init__(self):
        self.tokens, self.revoked = {}, set()
        self.documents, self.sessions = {}, {}
        self.requests = []
        self.changed = threading.Condition()
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), _handler_for(self))
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()

    def close(self):
        with self.changed:
            self.changed.notify_all()
        self.httpd.shutdown()
        self.httpd.server_close()

    def add_user(self, uid):
        token = "pcat_" + base64.urlsafe_b64encode(uuid.uuid4().bytes * 2).decode().rstrip("=")[:43]
        self.tokens[token] = uid
        return token

    def add_document(self, owner, frames, people, width=320, height=240, fps=12.0):
        document_id = str(uuid.uuid4())
        self.documents[document_id] = {
            "id": document_id, "owner": owner, "version": 1, "frames": frames, "people": people,
            "width": width, "height": height, "fps": fps,
        }
        return document_id

    def edit_document(self, document_id, change):
        """The designer's save: change(document) edits it in place and the version goes up."""
        with self.changed:
            change(self.documents[document_id])
            self.documents[document_id]["version"] += 1

    def set_session_status(self, session_id, status):
        with self.changed:
            self.sessions[session_id]["status"] = status
            self.changed.notify_all()

    def wait_for_session(self, predicate=lambda session: True, timeout=10):
        """The first edit session satisfying predicate, once there is one (for a test's designer thread)."""
        with self.changed:
            found = self.changed.wait_for(lambda: next((s for s in self.sessions.values() if predicate(s)), None), timeout)
        assert found, "no edit session came"
        return found

    # --- routes ---

    def caller(self, headers):
        token = (headers.get("Authorization") or "").removeprefix("Bearer ")
        if token in self.revoked:
            raise Refusal(401, "This access token was revoked; create a new one in the account menu")
        if token not in self.tokens:
            raise Refusal(401, "Sign in again: the access token is not valid")
        return self.tokens[token]

    def owned(self, table, key, uid, what):
        item = table.get(key)
        if item is None or item["owner"] != uid:
            raise Refusal(404, f"No {what} {key} in your account")
        return item

    def etag(self, document):
        return f'"{document["id"]}.{document["version"]}"'

    def get_document(self, uid, document_id, headers):
        document = self.owned(self.documents, document_id, uid, "document")
        if headers.get("If-None-Match") == self.etag(document):
            return 304, None, self.etag(document)
        data = {"id": document_id, "name": "doc", "version": document["version"], "content": {"frames": document["frames"]}}
        return 200, data, self.etag(document)

    def render(self, uid, document_id, body):
        document = self.owned(self.documents, document_id, uid, "document")
        if body.get("kind") not in KINDS:
            raise Refusal(400, f"kind must be one of {', '.join(KINDS)}")
        if "profile" in body and body["profile"] not in PROFILES:
            raise Refusal(400, f"No control profile {body['profile']}")
        width, height = body.get("width", document["width"]), body.get("height", document["height"])
        if not (64 <= width <= 2048 and 64 <= height <= 2048):
            raise Refusal(400, "width and height must be whole numbers from 64 to 2048")
        people, frames = document["people"], document["frames"]
        band = width // max(len(people), 1)

        def mask(index):
            return lambda image: image.paste((255, 255, 255), (index * band, 0, (index + 1) * band, height))

        data = {
            "document_id": document_id, "version": document["version"], "width": width, "height": height,
            "fps": document["fps"], "frame_count": len(frames), "people": people,
            "pose_keypoint": [{**frame, "canvas_width": width, "canvas_height": height} for frame in frames],
            "images": [png(width, height, lambda image, i=i: image.paste(frame_colour(i), (0, 0, width, height))) for i in range(len(frames))],
        }
        if body.get("masks"):
            data["masks"] = [[{"figure_id": p["figure_id"], "png": png(width, height, mask(j))} for j, p in enumerate(people)] for _ in frames]
        return 200, data, self.etag(document)

    def create_session(self, uid, body, base_url):
        frames = body.get("pose_keypoint")
        if not isinstance(frames, list) or not 1 <= len(frames) <= 200:
            raise Refusal(400, "pose_keypoint must hold 1 to 200 frames")
        if not 10 <= body.get("timeout_s", 3600) <= 86400:
            raise Refusal(400, "timeout_s must be from 10 to 86400")
        count = max(len(frame.get("people", [])) for frame in frames)
        people = [{"figure_id": f"figure-{i}", "name": f"Person {i + 1}", "prompt": ""} for i in range(count)]
        document_id = self.add_document(uid, frames, people, frames[0].get("canvas_width", 512), frames[0].get("canvas_height", 512), body.get("fps", 24))
        session_id = str(uuid.uuid4())
        with self.changed:
            self.sessions[session_id] = {
                "id": session_id, "owner": uid, "document_id": document_id, "status": "waiting", "name": body.get("name"),
                "timeout_s": body.get("timeout_s"), "polls": 0, "expires_at": "2099-01-01T00:00:00Z",
            }
            self.changed.notify_all()
        return 200, {**self.public(self.sessions[session_id]), "edit_url": f"{base_url}/edit?edit_session={session_id}"}, None

    def public(self, session):
        data = {key: session[key] for key in ("id", "document_id", "status", "expires_at")}
        if session["status"] == "sent":
            data["version"] = self.documents[session["document_id"]]["version"]
        return data

    def poll_session(self, uid, session_id, query):
        session = self.owned(self.sessions, session_id, uid, "edit session")
        wait_s = int(query.get("wait_s", ["0"])[0])
        if not 0 <= wait_s <= 30:
            raise Refusal(400, "wait_s must be from 0 to 30")
        with self.changed:
            session["polls"] += 1
            self.changed.notify_all()
            self.changed.wait_for(lambda: session["status"] != "waiting", wait_s)
            return 200, self.public(session), None

    def finish_session(self, uid, session_id, status):
        session = self.owned(self.sessions, session_id, uid, "edit session")
        with self.changed:
            if session["status"] != "waiting":
                raise Refusal(409, f"This edit session is already {session['status']}")
            session["status"] = status
            self.changed.notify_all()
            return 200, self.public(session), None

    def route(self, method, path, query, headers, body, base_url):
        uid = self.caller(headers)
        routes = [
            ("GET", r"/v1/documents/([^/]+)", lambda m: self.get_document(uid, m[1], headers)),
            ("POST", r"/v1/documents/([^/]+)/render", lambda m: self.render(uid, m[1], body)),
            ("POST", r"/v1/edit_sessions", lambda m: self.create_session(uid, body, base_url)),
            ("GET", r"/v1/edit_sessions/([^/]+)", lambda m: self.poll_session(uid, m[1], query)),
            ("POST", r"/v1/edit_sessions/([^/]+)/send", lambda m: self.finish_session(uid, m[1], "sent")),
            ("POST", r"/v1/edit_sessions/([^/]+)/cancel", lambda m: self.finish_session(uid, m[1], "cancelled")),
        ]
        for route_method, pattern, answer in routes:
            match = re.fullmatch(pattern, path)
            if match and route_method == method:
                return answer(match)
        raise Refusal(404, f"No route {method} {path}")


def _handler_for(stand_in):
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *_args):
            pass

        def do_GET(self):
            self.answer("GET")

        def do_POST(self):
            self.answer("POST")

        def answer(self, method):
            parts = urlsplit(self.path)
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length) if length else b""
            stand_in.requests.append({"method": method, "path": parts.path, "if_none_match": self.headers.get("If-None-Match")})
            try:
                body = json.loads(raw) if raw else {}
                base_url = f"http://{self.headers.get('Host')}"
                status, data, etag = stand_in.route(method, parts.path, parse_qs(parts.query), self.headers, body, base_url)
                payload = None if status == 304 else {"code": status, "data": data}
            except Refusal as refusal:
                status, etag = refusal.status, None
                payload = {"code": status, "response_metadata": {"error": {"code_n": status * 100 + 1, "description": refusal.description}}}
            self.send_response(status)
            if etag:
                self.send_header("ETag", etag)
            encoded = b"" if payload is None else json.dumps(payload).encode()
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(encoded)))
            self.end_headers()
            self.wfile.write(encoded)

    return Handler
