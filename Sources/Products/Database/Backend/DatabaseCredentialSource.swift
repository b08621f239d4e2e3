/// Where a backend gets the caller's credentials when it needs them (again): pass true to force a fresh ID
/// token (after the server revoked the one it had).
public typealias DatabaseCredentialSource =
    @Sendable (_ forcingRefresh: Bool) async throws(DatabaseError) -> DatabaseCaller
