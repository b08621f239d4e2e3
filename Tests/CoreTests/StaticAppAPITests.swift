// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

/// The only suite that touches `AppRegistry.shared` (through `FlintApp`'s static API). It is serialized
/// and cleans up, and uses app names no other test uses.
@Suite("FlintApp static API on the shared registry", .serialized)
struct StaticAppAPITests {
    @Test func staticConfigureAppAndDelete() async throws {
        let name = "static-api-\(UUID().uuidString.prefix(8))"
        let app = try FlintApp.configure(name: name, options: .testing)
        #expect(FlintApp.app(name: name) === app)
        #expect(FlintApp.allApps[name] === app)
        #expect(app.registry === AppRegistry.shared)
        #expect(await app.delete())
        #expect(FlintApp.app(name: name) == nil)
    }

    @Test func configureWithoutOptionsFileThrowsMissingDefaultOptions() throws {
        // No FLINT_OPTIONS_FILE and no ./GoogleService-Info.plist in the test's working directory.
        try #require(ProcessInfo.processInfo.environment["FLINT_OPTIONS_FILE"] == nil)
        try #require(!FileManager.default.fileExists(atPath: "GoogleService-Info.plist"))
        #expect(throws: FlintError.missingDefaultOptions) { try FlintApp.configure() }
        #expect(FlintApp.app() == nil)
    }

    @Test func registerLibraryRefusesAnInvalidNameAndLeavesTheSharedRegistryUnchanged() {
        let userAgent = AppRegistry.shared.userAgent
        #expect(throws: ComponentError.invalidLibraryName("bad name!")) {
            try FlintApp.registerLibrary(BadlyNamedLibrary.self)
        }
        #expect(AppRegistry.shared.userAgent == userAgent)
    }
}
