// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore

/// Runs `body` with an app from ``TestApp/make(name:libraries:overrides:options:)`` and deletes the app
/// afterwards, whether `body` returns or throws, so that lifecycle hooks (`appWillBeDeleted`) run and
/// instances are released before the test ends.
///
/// ```swift
/// @Test func theSessionIsClosedWhenTheAppIsDeleted() async throws {
///     let session = try await withTestApp(libraries: [SessionLibrary.self]) { app in
///         try app.container.require(Session.self)   // a ComponentLifecycleMaintainer
///     }
///     #expect(session.isClosed)
/// }
/// ```
///
/// `body` runs on the caller's actor (`isolation`), so it may capture non-Sendable test state.
public func withTestApp<R>(
    name: String = FlintApp.defaultName,
    libraries: [any FlintLibrary.Type] = [],
    overrides: [Component] = [],
    options: FlintOptions = .testing,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (FlintApp) async throws -> R
) async throws -> R {
    let app = try TestApp.make(name: name, libraries: libraries, overrides: overrides, options: options)
    let result: Result<R, any Error>
    do {
        result = .success(try await body(app))
    } catch {
        result = .failure(error)
    }
    await app.delete()
    return try result.get()
}
