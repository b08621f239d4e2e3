// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Testing

@testable import FlintDatabase

@Suite("Database entry points: instances per app and URL")
struct EntryPointTests {
    @Test func oneInstancePerAppAndURL() throws {
        let app = try TestApp.make(libraries: [DatabaseLibrary.self])
        let first = try Database.database(app: app)
        #expect(try Database.database(app: app) === first)
        #expect(try Database.database(app: app, url: "https://flint-test-default-rtdb.firebaseio.com/") === first)
        let other = try Database.database(app: app, url: "https://other.firebaseio.com")
        #expect(other !== first)
        #expect(other.url == "https://other.firebaseio.com")
    }

    /// The SDK's `FUtilities parseUrl`: a URL without a port is secure whatever its scheme; with a port, only
    /// `https` is.
    @Test func anHTTPURLWithoutAPortBecomesHTTPS() throws {
        let app = try TestApp.make(libraries: [DatabaseLibrary.self])
        let plain = try Database.database(app: app, url: "http://other.firebaseio.com")
        #expect(plain.url == "https://other.firebaseio.com")
        #expect(try Database.database(app: app, url: "https://other.firebaseio.com") === plain)
        #expect(try Database.database(app: app, url: "http://localhost:9000").url == "http://localhost:9000")
        #expect(try Database.database(app: app, url: "https://localhost:9000").url == "https://localhost:9000")
        #expect(try Database.database(app: app, url: "http://localhost").url == "https://localhost")
        #expect(plain.reference(fromURL: "http://other.firebaseio.com/a/b").spec.error == nil)
        #expect(plain.reference(fromURL: "http://other.firebaseio.com/a/b").url == "https://other.firebaseio.com/a/b")
    }

    @Test func defaultURLComesFromTheOptionsOrTheProjectID() throws {
        var options = FlintOptions.testing
        #expect(
            try Database.database(app: TestApp.make(libraries: [DatabaseLibrary.self], options: options)).url
                == "https://flint-test-default-rtdb.firebaseio.com")
        options.databaseURL = nil
        options.projectID = "my-project"
        #expect(
            try Database.database(app: TestApp.make(libraries: [DatabaseLibrary.self], options: options)).url
                == "https://my-project-default-rtdb.firebaseio.com")
    }

    @Test func noURLAndNoProjectIDIsInvalidOptions() throws {
        var options = FlintOptions.testing
        options.databaseURL = nil
        options.projectID = nil
        let app = try TestApp.make(libraries: [DatabaseLibrary.self], options: options)
        #expect {
            try Database.database(app: app)
        } throws: { error in
            if case .invalidOptions? = error as? ComponentError { true } else { false }
        }
    }

    @Test func malformedURLIsInvalidArgument() throws {
        let app = try TestApp.make(libraries: [DatabaseLibrary.self])
        for url in ["not a url", "ftp://host", "https://host/path"] {
            #expect {
                try Database.database(app: app, url: url)
            } throws: { error in
                if case .invalidArgument? = error as? ComponentError { true } else { false }
            }
        }
    }

    @Test func unregisteredLibraryIsReported() throws {
        let app = try TestApp.make()
        #expect {
            try Database.database(app: app)
        } throws: { error in
            if case .libraryNotRegistered? = error as? ComponentError { true } else { false }
        }
    }

    @Test func deletingTheAppClearsItsInstances() async throws {
        let app = try TestApp.make(libraries: [DatabaseLibrary.self])
        let database = try Database.database(app: app)
        await app.delete()
        #expect(throws: ComponentError.self) { try Database.database(app: app) }
        #expect(await databaseCode { try await database.reference(withPath: "a").setValue(1) } == .unavailable)
    }
}
