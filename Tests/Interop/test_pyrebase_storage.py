# Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
"""pyrebase4's Storage against flint-emulator: put (a simple upload of a file, streamed by requests), download,
and get_url with the object's download token (fetched with requests; a wrong token is refused).

pyrebase has no emulator setting: it hard-codes https://firebasestorage.googleapis.com. Its requests are routed to
the emulator by EmulatorAdapter, a `requests` transport adapter mounted on that prefix that changes only the
scheme, host and port of each request's URL (path, query, headers and body go unchanged). pyrebase's put goes
through its own session, but its download calls the module-level requests.get, which makes a new Session per call;
so the adapter is mounted on every Session as it is made (Session.__init__ wrapped), pyrebase's included.
"""
import os
import tempfile
import urllib.parse

import requests
from requests.adapters import HTTPAdapter

import pyrebase

from interop_support import PROJECT, check

PRODUCTION = "https://firebasestorage.googleapis.com"
STORAGE_URL = os.environ["FLINT_STORAGE_URL"]
BUCKET = f"{PROJECT}.appspot.com"


class EmulatorAdapter(HTTPAdapter):
    """Sends each request to `target` (e.g. http://127.0.0.1:9199): only scheme, host and port change."""

    def __init__(self, target):
        super().__init__()
        self.target = urllib.parse.urlsplit(target)

    def send(self, request, **kwargs):
        url = urllib.parse.urlsplit(request.url)
        request.url = urllib.parse.urlunsplit(
            (self.target.scheme, self.target.netloc, url.path, url.query, url.fragment)
        )
        return super().send(request, **kwargs)


adapter = EmulatorAdapter(STORAGE_URL)
session_init = requests.Session.__init__


def session_init_with_adapter(self, *args, **kwargs):
    session_init(self, *args, **kwargs)
    self.mount(PRODUCTION + "/", adapter)


requests.Session.__init__ = session_init_with_adapter

firebase = pyrebase.initialize_app(
    {
        "apiKey": "flint-interop",
        "authDomain": f"{PROJECT}.firebaseapp.com",
        "databaseURL": f"https://{PROJECT}-default-rtdb.firebaseio.com",
        "storageBucket": BUCKET,
    }
)
storage = firebase.storage()
name = "interop/pyrebase hello.bin"
content = bytes((i * 31 + (i >> 8)) % 256 for i in range(3 * 1024 * 1024 + 17))

with tempfile.TemporaryDirectory() as directory:
    source = os.path.join(directory, "source.bin")
    with open(source, "wb") as file:
        file.write(content)
    stored = storage.child(name).put(source)
    check(stored["name"] == name, f"put: name {stored.get('name')}")
    check(stored["bucket"] == BUCKET, f"put: bucket {stored.get('bucket')}")
    check(stored["size"] == str(len(content)), f"put: size {stored.get('size')}")
    token = stored.get("downloadTokens", "").split(",")[0]
    check(token, f"put: no download token in {stored}")

    target = os.path.join(directory, "downloaded.bin")
    storage.child(name).download(name, target)
    with open(target, "rb") as file:
        check(file.read() == content, "download: the bytes put")

url = storage.child(name).get_url(token)
check(url.startswith(PRODUCTION + "/v0/b/" + BUCKET + "/o/interop%2Fpyrebase%20hello.bin?alt=media&token="), url)
fetched = requests.get(url)
check(fetched.status_code == 200, f"get_url: status {fetched.status_code}")
check(fetched.content == content, "get_url: the bytes put")
check(fetched.headers.get("Content-Length") == str(len(content)), "get_url: Content-Length")

wrong = requests.get(storage.child(name).get_url("not-the-token"))
check(wrong.status_code == 403, f"get_url with a wrong token: status {wrong.status_code}")
check(wrong.json()["error"]["code"] == 403, f"get_url with a wrong token: {wrong.text}")

ranged = requests.get(url, headers={"Range": "bytes=10-19"})
check(ranged.status_code == 206 and ranged.content == content[10:20], f"ranged get: {ranged.status_code}")
print("pyrebase storage: put, download and get_url passed")
