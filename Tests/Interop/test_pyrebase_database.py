# Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
"""pyrebase4's Realtime Database against flint-emulator: set, get, push, update, remove, ordered and limited
queries, shallow reads, ETags, the auth parameter with an ID token from the emulator's Auth, and stream (put and
patch events, then close)."""
import queue

import pyrebase
import requests

from interop_support import AUTH_HOST, DATABASE_HOST, PROJECT, check

firebase = pyrebase.initialize_app(
    {
        "apiKey": "fake-api-key",
        "authDomain": f"{PROJECT}.firebaseapp.com",
        # The emulator serves the project's default namespace when a request names none.
        "databaseURL": f"http://{DATABASE_HOST}",
        "storageBucket": f"{PROJECT}.appspot.com",
    }
)
db = firebase.database()
db.child("pyrebase").remove()

# set / get
db.child("pyrebase").child("ada").set({"name": "Ada", "born": 1815, "tags": {"math": True}})
check(db.child("pyrebase").child("ada").child("name").get().val() == "Ada", "get after set")
check(db.child("pyrebase").child("ada").get().val()["born"] == 1815, "get of an object")

# push: the key comes back, the value is stored under it
key = db.child("pyrebase").child("notes").push({"text": "first"})["name"]
check(db.child("pyrebase").child("notes").child(key).get().val() == {"text": "first"}, "push")

# update (a PATCH of several children)
db.child("pyrebase").child("ada").update({"born": 1816, "died": 1852})
ada = db.child("pyrebase").child("ada").get().val()
check(ada["born"] == 1816 and ada["died"] == 1852 and ada["name"] == "Ada", f"update: {ada}")

# remove
db.child("pyrebase").child("ada").child("tags").remove()
check(db.child("pyrebase").child("ada").child("tags").get().val() is None, "remove")

# queries
for name, score in [("a", 3), ("b", 1), ("c", 2), ("d", 5)]:
    db.child("pyrebase").child("scores").child(name).set({"score": score})
top = db.child("pyrebase").child("scores").order_by_child("score").limit_to_last(2).get()
check([item.key() for item in top.each()] == ["a", "d"], f"order_by_child + limit_to_last: {top.val()}")
window = db.child("pyrebase").child("scores").order_by_child("score").start_at(2).end_at(3).get()
check(sorted(window.val().keys()) == ["a", "c"], f"start_at/end_at: {window.val()}")
first = db.child("pyrebase").child("scores").order_by_key().limit_to_first(1).get()
check(list(first.val().keys()) == ["a"], f"order_by_key + limit_to_first: {first.val()}")
equal = db.child("pyrebase").child("scores").order_by_child("score").equal_to(5).get()
check(list(equal.val().keys()) == ["d"], f"equal_to: {equal.val()}")
shallow = db.child("pyrebase").shallow().get().val()
check(set(shallow) == {"ada", "notes", "scores"}, f"shallow: {shallow}")

# ETags (conditional writes)
tagged = db.child("pyrebase").child("ada").child("name").get_etag()
check(tagged["value"] == "Ada" and tagged["ETag"], f"get_etag: {tagged}")
db.child("pyrebase").child("ada").child("name").conditional_set("Augusta", tagged["ETag"])
check(db.child("pyrebase").child("ada").child("name").get().val() == "Augusta", "conditional_set with the ETag")
stale = db.child("pyrebase").child("ada").child("name").conditional_set("Lovelace", tagged["ETag"])
check(isinstance(stale, dict) and stale.get("value") == "Augusta", f"conditional_set with a stale ETag: {stale}")

# auth=: an ID token from the emulator's Auth (email sign-up over Identity Toolkit v1)
requests.delete(f"http://{AUTH_HOST}/emulator/v1/projects/{PROJECT}/accounts", timeout=10).raise_for_status()
signed_up = requests.post(
    f"http://{AUTH_HOST}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=fake-api-key",
    json={"email": "pyrebase@example.com", "password": "analytical", "returnSecureToken": True},
    timeout=10,
)
signed_up.raise_for_status()
token = signed_up.json()["idToken"]
db.child("pyrebase").child("owned").set({"by": "pyrebase"}, token)
check(db.child("pyrebase").child("owned").child("by").get(token).val() == "pyrebase", "set and get with auth=")

# stream: the first put, then a put and a patch for later writes, then close
events = queue.Queue()
stream = db.child("pyrebase").child("room").stream(events.put)
try:
    first_event = events.get(timeout=30)
    check(first_event["event"] == "put" and first_event["path"] == "/", f"first stream event: {first_event}")
    db.child("pyrebase").child("room").child("topic").set("engines")
    second = events.get(timeout=30)
    check(second == {"event": "put", "path": "/topic", "data": "engines"}, f"put event: {second}")
    db.child("pyrebase").child("room").update({"topic": "looms", "size": 3})
    third = events.get(timeout=30)
    check(
        third == {"event": "patch", "path": "/", "data": {"topic": "looms", "size": 3}}, f"patch event: {third}"
    )
finally:
    try:
        stream.close()
    except AttributeError:
        # pyrebase's close() shuts the socket down, then reaches through the response for it again; by then its
        # reader thread has seen the end of the stream and http.client has dropped the file (None). A race in the
        # client, whatever the server: the stream is closed either way, which the join below checks.
        pass
    stream.thread.join(timeout=30)
    check(not stream.thread.is_alive(), "the stream's thread ended after close")

db.child("pyrebase").remove()
print("pyrebase4 database: every check passed")
