# Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
"""Shared set-up of the interop checks: the Admin SDK pointed at flint-emulator the documented way.

.ci/interop starts flint-emulator and sets FIREBASE_AUTH_EMULATOR_HOST, FIREBASE_DATABASE_EMULATOR_HOST and
FLINT_PROJECT before running each Tests/Interop/test_*.py.
"""
import os

import firebase_admin

PROJECT = os.environ.get("FLINT_PROJECT", "demo-flint")
AUTH_HOST = os.environ["FIREBASE_AUTH_EMULATOR_HOST"]
DATABASE_HOST = os.environ["FIREBASE_DATABASE_EMULATOR_HOST"]


def app():
    """The default app, for the emulator's project (no credential: the SDK uses its emulator credential)."""
    try:
        return firebase_admin.get_app()
    except ValueError:
        return firebase_admin.initialize_app(
            options={"projectId": PROJECT, "databaseURL": f"https://{PROJECT}-default-rtdb.firebaseio.com"}
        )


def check(condition, message):
    """Fails the check with `message` unless `condition` holds."""
    if not condition:
        raise AssertionError(message)
