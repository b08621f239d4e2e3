#!/usr/bin/env python3
"""A scripted callable-functions server for FunctionsTests (standard library only).

Binds 127.0.0.1 on a free port and prints the port on its first stdout line. Every request other than
the control endpoints below is recorded (method, path, lower-cased headers, body) and answered:

- from the scripted queue when it is not empty (FIFO), else
- by the last path component (the function name):
    echo          200 {"result": <the request's "data", as received>}
    slow          sleeps 10 s, then 200 {"result": null} (for timeout tests)
    anything else 404 "not found" (text/plain)

Control endpoints (not recorded):
    POST /__enqueue   body {"status": int, "body": str, "contentType": str?} appends a scripted answer
    GET  /__requests  200 [ {"method", "path", "headers", "body"}, ... ] in arrival order

The test process terminates the server when it is done; it also exits when its stdin closes (so an
abandoned server never outlives the test run).
"""

import json
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

LOCK = threading.Lock()
RECORDED = []
SCRIPT = []


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):  # keep stdout/stderr quiet
        pass

    def _read_body(self):
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length > 0 else b""

    def _answer(self, status, body, content_type="application/json"):
        data = body.encode("utf-8") if isinstance(body, str) else body
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(data)
        self.close_connection = True

    def do_GET(self):
        if self.path == "/__requests":
            with LOCK:
                payload = json.dumps(RECORDED)
            self._answer(200, payload)
        else:
            self._record("GET", b"")
            self._answer(405, "method not allowed", "text/plain")

    def do_POST(self):
        body = self._read_body()
        if self.path == "/__enqueue":
            with LOCK:
                SCRIPT.append(json.loads(body.decode("utf-8")))
            self._answer(200, "{}")
            return
        self._record("POST", body)
        with LOCK:
            scripted = SCRIPT.pop(0) if SCRIPT else None
        if scripted is not None:
            self._answer(scripted["status"], scripted["body"], scripted.get("contentType", "application/json"))
            return
        name = self.path.rstrip("/").rsplit("/", 1)[-1]
        if name == "echo":
            try:
                data = json.loads(body.decode("utf-8")).get("data")
            except (ValueError, AttributeError):
                self._answer(400, json.dumps({"error": {"status": "INVALID_ARGUMENT", "message": "Bad Request"}}))
                return
            self._answer(200, json.dumps({"result": data}))
        elif name == "slow":
            time.sleep(10)
            self._answer(200, json.dumps({"result": None}))
        else:
            self._answer(404, "not found", "text/plain")

    def _record(self, method, body):
        entry = {
            "method": method,
            "path": self.path,
            "headers": {name.lower(): value for name, value in self.headers.items()},
            "body": body.decode("utf-8", errors="replace"),
        }
        with LOCK:
            RECORDED.append(entry)


class Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def main():
    server = Server(("127.0.0.1", 0), Handler)
    print(server.server_address[1], flush=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    # Exit when the parent closes our stdin (or dies).
    try:
        sys.stdin.read()
    except Exception:
        pass
    server.shutdown()


if __name__ == "__main__":
    main()
