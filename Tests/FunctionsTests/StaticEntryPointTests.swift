// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintFunctions
import FlintTesting
import Testing

/// The entry points without an `app` use `AppRegistry.shared`, which is process-wide: each test runs in a
/// child process (an exit test), so parallel tests never see the shared registry.
@Suite("Static entry points", .timeLimit(.minutes(3)))
struct StaticEntryPointTests {
    /// Thrown by an exit test whose check failed (any throw exits the child with a failure).
    struct CheckFailed: Error {}

    @Test func withoutADefaultAppTheEntryPointsThrowDefaultAppNotConfigured() async {
        await #expect(processExitsWith: .success) {
            try FlintApp.registerLibrary(FunctionsLibrary.self)
            for entryPoint in [
                { try Functions.functions() }, { try Functions.functions(region: "europe-west1") },
                { try Functions.functions(customDomain: "https://mydomain.com") },
            ] {
                do {
                    _ = try entryPoint()
                    throw CheckFailed()
                } catch let error as ComponentError {
                    guard error == .defaultAppNotConfigured else { throw CheckFailed() }
                }
            }
        }
    }

    @Test func theEntryPointsWithoutAppUseTheDefaultApp() async {
        await #expect(processExitsWith: .success) {
            try FlintApp.registerLibrary(FunctionsLibrary.self)
            let app = try FlintApp.configure(options: .testing)
            guard try Functions.functions() === Functions.functions(app: app),
                try Functions.functions(region: "europe-west1")
                    === Functions.functions(app: app, region: "europe-west1"),
                try Functions.functions(customDomain: "https://d.example")
                    === Functions.functions(app: app, customDomain: "https://d.example")
            else {
                throw CheckFailed()
            }
            await app.delete()
        }
    }
}
