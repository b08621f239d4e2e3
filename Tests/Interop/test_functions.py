# Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
"""flint-emulator's Functions service as a callable client sees it (Google publishes no Python callable client, so
the protocol is spoken with requests): the sample functions, plain and streaming, called by a user whose ID token
comes from a custom token minted by firebase-admin and exchanged with the Auth service."""
import json
import os

import requests
from firebase_admin import auth

from interop_support import AUTH_HOST, PROJECT, app, check

app()
functions = f"{os.environ['FLINT_FUNCTIONS_URL']}/{PROJECT}/us-central1"

# A custom token from firebase-admin, exchanged for an ID token as an app would.
custom_token = auth.create_custom_token("grace", {"team": "cobol"}).decode()
answer = requests.post(
    f"http://{AUTH_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=fake-api-key",
    json={"token": custom_token, "returnSecureToken": True},
    timeout=10,
)
check(answer.status_code == 200, f"signInWithCustomToken: {answer.status_code} {answer.text}")
id_token = answer.json()["idToken"]


def call(name, data, token=None, stream=False):
    """POSTs {"data": data} to the callable `name`."""
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    if stream:
        headers["Accept"] = "text/event-stream"
    return requests.post(f"{functions}/{name}", json={"data": data}, headers=headers, timeout=30, stream=stream)


echoed = call("echo", {"text": "hi", "n": [1, 2.5, None, True]})
check(echoed.status_code == 200, f"echo status: {echoed.status_code}")
check(echoed.json() == {"result": {"text": "hi", "n": [1, 2.5, None, True]}}, f"echo: {echoed.text}")

whoami = call("whoami", None, token=id_token)
check(whoami.status_code == 200, f"whoami status: {whoami.status_code} {whoami.text}")
result = whoami.json()["result"]
check(result["uid"] == "grace", f"whoami uid: {result}")
check(result["token"]["team"] == "cobol", f"whoami custom claim: {result}")
check(auth.verify_id_token(id_token)["uid"] == "grace", "verify_id_token of the caller's token")

anonymous = call("whoami", None)
check(anonymous.status_code == 401, f"anonymous whoami status: {anonymous.status_code}")
check(anonymous.json()["error"]["status"] == "UNAUTHENTICATED", f"anonymous whoami: {anonymous.text}")

missing = call("nowhere", None)
check(missing.status_code == 404, f"unknown function status: {missing.status_code}")
check(missing.json()["error"]["status"] == "NOT_FOUND", f"unknown function: {missing.text}")

streamed = call("countdown", 3, token=id_token, stream=True)
check(streamed.status_code == 200, f"countdown status: {streamed.status_code}")
check(streamed.headers["Content-Type"].startswith("text/event-stream"), f"countdown type: {streamed.headers}")
events = [json.loads(line[len("data: "):]) for line in streamed.iter_lines(decode_unicode=True) if line]
check(events == [{"message": 3}, {"message": 2}, {"message": 1}, {"result": 0}], f"countdown events: {events}")

print("functions: ok")
