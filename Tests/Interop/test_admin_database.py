# Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
"""firebase-admin's Realtime Database against flint-emulator: get, set, push, update, delete, queries
(order_by_child, equal_to, limit_to_first, order_by_key, order_by_value), a transaction, ETags and listen."""
import queue
import threading

from firebase_admin import db

from interop_support import app, check

app()
root = db.reference("/interop")
root.delete()

root.child("scores").set({"ada": 3, "bob": 1, "cy": 2})
check(root.child("scores").get() == {"ada": 3, "bob": 1, "cy": 2}, "set then get")
root.child("scores").update({"dan": 5, "bob": None})
check(root.child("scores").get() == {"ada": 3, "cy": 2, "dan": 5}, f"update: {root.child('scores').get()}")

pushed = root.child("log").push({"event": "start"})
check(len(pushed.key) == 20, f"push key: {pushed.key}")
check(pushed.get() == {"event": "start"}, "pushed value")
second = root.child("log").push({"event": "stop"})
check(second.key > pushed.key, "push keys sort in time order")

root.child("people").set(
    {
        "a": {"age": 30, "city": "London"},
        "b": {"age": 25, "city": "Paris"},
        "c": {"age": 35, "city": "London"},
        "d": {"age": 20},
    }
)
london = root.child("people").order_by_child("city").equal_to("London").get()
check(list(london.keys()) == ["a", "c"], f"order_by_child/equal_to: {london}")
youngest = root.child("people").order_by_child("age").limit_to_first(2).get()
check(list(youngest.keys()) == ["d", "b"], f"order_by_child/limit_to_first: {youngest}")
last_key = root.child("people").order_by_key().limit_to_last(1).get()
check(list(last_key.keys()) == ["d"], f"order_by_key/limit_to_last: {last_key}")
top = root.child("scores").order_by_value().start_at(3).get()
check(list(top.keys()) == ["ada", "dan"], f"order_by_value/start_at: {top}")

root.child("counter").set(10)
result = root.child("counter").transaction(lambda current: (current or 0) + 1)
check(result == 11 and root.child("counter").get() == 11, f"transaction: {result}")

data, etag = root.child("counter").get(etag=True)
check(data == 11 and etag, "get with etag")
ok, _, _ = root.child("counter").set_if_unchanged(etag, 12)
check(ok, "set_if_unchanged with the current etag")
stale, current, _ = root.child("counter").set_if_unchanged(etag, 13)
check(not stale and current == 12, f"set_if_unchanged with a stale etag: {stale} {current}")

# firebase-admin's listener thread raises once close() shuts its response while it reads (its own race, see
# firebase/firebase-admin-python#498 on errors in that thread); only an error before close() counts.
closed = threading.Event()
listener_errors = []
threading.excepthook = lambda args: None if closed.is_set() else listener_errors.append(args.exc_value)
events = queue.Queue()
registration = root.child("room").listen(lambda event: events.put((event.event_type, event.path, event.data)))
try:
    first = events.get(timeout=30)
    check(first == ("put", "/", None), f"listen: first event {first}")
    root.child("room").child("topic").set("engines")
    second = events.get(timeout=30)
    check(second == ("put", "/topic", "engines"), f"listen: event after a write {second}")
finally:
    closed.set()
    registration.close()
check(not listener_errors, f"listen: the listener thread failed: {listener_errors}")

root.child("scores").delete()
check(root.child("scores").get() is None, "delete")
root.delete()
print("admin database: ok")
