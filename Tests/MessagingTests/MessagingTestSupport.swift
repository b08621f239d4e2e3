// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop
import FlintTesting
import Foundation

@testable import FlintMessaging

/// A default app (of a private registry) with Messaging, `installations` and `backend` (a new one when nil);
/// auto-init off unless asked, so that no token is fetched behind the test's back.
func makeMessagingApp(
    installations: FakeInstallations? = FakeInstallations(),
    backend: LocalMessagingBackend? = nil,
    autoInit: Bool = false,
    installationIdEnabled: Bool = false,
    name: String = FlintApp.defaultName,
    libraries: [any FlintLibrary.Type] = [],
    overrides: [Component] = []
) throws -> FlintApp {
    var components =
        overrides + [
            MessagingLibrary.settings(
                MessagingSettings(isAutoInitEnabled: autoInit, isInstallationIdEnabled: installationIdEnabled))
        ]
    if let installations { components += installations.components }
    if let backend { components.append(MessagingLibrary.backend(backend)) }
    return try TestApp.make(name: name, libraries: [MessagingLibrary.self] + libraries, overrides: components)
}

/// A FID of the form Installations makes (22 characters, first four bits 0111), numbered.
func fid(_ number: Int) -> String {
    let digits = String(number)
    return "f" + String(repeating: "A", count: 21 - digits.count) + digits
}

/// A fresh directory under the temporary directory, removed by `body`'s end.
func withTemporaryDirectory<T>(_ body: (URL) async throws -> T) async throws -> T {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "flint-messaging-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    return try await body(directory)
}

/// A default app (of a new private registry: a "run" of the app) persisting to `directory`.
func makePersistingApp(
    _ directory: URL, backend: LocalMessagingBackend, installations: FakeInstallations = FakeInstallations(),
    autoInit: Bool? = false
) throws -> FlintApp {
    try TestApp.make(
        libraries: [MessagingLibrary.self],
        overrides: installations.components + [
            MessagingLibrary.backend(backend),
            MessagingLibrary.settings(MessagingSettings(isAutoInitEnabled: autoInit, persistenceDirectory: directory)),
        ])
}
