// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Where a backend gets the caller's credentials when it needs them (again): pass true to force a fresh ID
/// token (after the server revoked the one it had).
public typealias DatabaseCredentialSource =
    @Sendable (_ forcingRefresh: Bool) async throws(DatabaseError) -> DatabaseCaller
