// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop
import FlintTesting
import Testing

@Suite struct TestAppTests {
    @Test func makeConfiguresTheDefaultAppWithTestingOptions() throws {
        let app = try TestApp.make()
        #expect(app.name == FlintApp.defaultName)
        #expect(app.isDefaultApp)
        #expect(app.options == FlintOptions.testing)
        #expect(app.registry.app() === app)
    }

    @Test func twoAppsWithTheSameNameInTwoCallsBothSucceed() throws {
        let first = try TestApp.make(name: "shared-name")
        let second = try TestApp.make(name: "shared-name")
        #expect(first !== second)
        #expect(first.registry !== second.registry)
        #expect(first.registry.allApps.count == 1)
        #expect(second.registry.allApps.count == 1)
    }

    @Test func librariesAreRegisteredWithThePrivateRegistry() throws {
        let app = try TestApp.make(libraries: [GreeterLibrary.self])
        let greeter = try app.container.require(Greeter.self)
        #expect(greeter.greeting() == "Hello, stranger")
        #expect(app.registry.userAgent.contains("testing-greeter/2.1.0"))
    }

    @Test func librariesDoNotLeakIntoOtherTestApps() throws {
        _ = try TestApp.make(libraries: [GreeterLibrary.self])
        let other = try TestApp.make()
        #expect(other.container.instance(for: Greeter.self) == nil)
        #expect(!other.registry.userAgent.contains("testing-greeter"))
    }

    @Test func overridesReachLibraryComponents() throws {
        let auth = FakeAuth(userID: "alice")
        let app = try TestApp.make(libraries: [GreeterLibrary.self], overrides: auth.components)
        #expect(try app.container.require(Greeter.self).greeting() == "Hello, alice")
    }

    @Test func overridesReplaceALibraryComponent() throws {
        let replacement = Greeter(auth: nil, salutation: "Howdy")
        let app = try TestApp.make(
            libraries: [GreeterLibrary.self],
            overrides: [.instance(replacement, as: Greeter.self)])
        #expect(try app.container.require(Greeter.self) === replacement)
    }

    @Test func makeThrowsConfigureErrors() {
        #expect(throws: FlintError.invalidAppName("not valid!")) {
            try TestApp.make(name: "not valid!")
        }
    }

    @Test func makeValidatesOptions() {
        var options = FlintOptions.testing
        options.gcmSenderID = ""
        #expect(throws: FlintError.self) { try TestApp.make(options: options) }
    }

    @Test func testingOptionsAreValidAndComplete() throws {
        let options = FlintOptions.testing
        #expect(options.googleAppID == "1:1234567890:ios:0123456789abcdef")
        #expect(options.gcmSenderID == "1234567890")
        #expect(options.projectID == "flint-test")
        #expect(options.storageBucket == "flint-test.appspot.com")
        #expect(options.databaseURL == "https://flint-test-default-rtdb.firebaseio.com")
        #expect(options.apiKey == "flint-test-api-key")
        // A named, non-default app accepts them too.
        #expect(try TestApp.make(name: "secondary", options: options).isDefaultApp == false)
    }
}
