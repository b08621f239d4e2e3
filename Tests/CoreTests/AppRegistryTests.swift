// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@Suite("AppRegistry: configure, names, options, libraries")
struct AppRegistryTests {
    @Test func configuresDefaultAndNamedApps() throws {
        let registry = try makeRegistry()
        let defaultApp = try registry.configure(options: .testing)
        let named = try registry.configure(name: "second-app_2", options: .testing)
        #expect(defaultApp.isDefaultApp)
        #expect(defaultApp.name == FlintApp.defaultName)
        #expect(!named.isDefaultApp)
        #expect(registry.app() === defaultApp)
        #expect(registry.app(name: "second-app_2") === named)
        #expect(Set(registry.allApps.keys) == [FlintApp.defaultName, "second-app_2"])
        #expect(named.registry === registry)
        #expect(named.options == .testing)
    }

    @Test(arguments: ["", "has space", "dot.name", "slash/name", "ümlaut"])
    func rejectsInvalidAppNames(_ name: String) throws {
        let registry = try makeRegistry()
        #expect(throws: FlintError.invalidAppName(name)) {
            try registry.configure(name: name, options: .testing)
        }
        #expect(registry.allApps.isEmpty)
    }

    @Test func rejectsInvalidOptionsBeforeAnythingElse() throws {
        let registry = try makeRegistry()
        let options = FlintOptions(googleAppID: "not-an-app-id", gcmSenderID: "123")
        #expect(throws: FlintError.self) { try registry.configure(options: options) }
        #expect(registry.allApps.isEmpty)
        #expect(registry.app() == nil)
    }

    @Test func refusesASecondConfigureOfOneName() throws {
        let registry = try makeRegistry()
        let first = try registry.configure(name: "app", options: .testing)
        #expect(throws: FlintError.appAlreadyConfigured(name: "app")) {
            try registry.configure(name: "app", options: .testing)
        }
        #expect(registry.app(name: "app") === first)
    }

    @Test func concurrentConfiguresOfOneNameExactlyOneSucceeds() async throws {
        let registry = try makeRegistry([("lib", [cached(Leaf.self) { _ in Leaf() }])])
        let results = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<16 {
                group.addTask { (try? registry.configure(name: "race", options: .testing)) != nil }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results.filter { $0 }.count == 1)
        #expect(registry.allApps.count == 1)
    }

    @Test func aFailedGraphLeavesNoTrace() throws {
        let registry = try makeRegistry([
            ("lib", [cached(Branch.self, dependencies: [.required(Leaf.self)]) { _ in nil }])
        ])
        #expect(
            throws: ComponentError.missingDependency(
                component: ComponentError.typeName(of: Branch.self),
                dependency: ComponentError.typeName(of: Leaf.self))
        ) {
            try registry.configure(options: .testing)
        }
        #expect(registry.app() == nil)
        #expect(registry.allApps.isEmpty)
        // The name is still free, and a valid configuration succeeds afterwards.
        let app = try registry.configure(options: .testing, overrides: [cached(Leaf.self) { _ in Leaf() }])
        #expect(app.container.instance(for: Branch.self) == nil)
    }

    @Test func userAgentIsSortedNameSlashVersionJoinedBySpaces() throws {
        let registry = AppRegistry()
        try registry.register(libraryName: "flint-fst", version: "2.0.0", components: { [] })
        try registry.register(libraryName: "flint-auth", version: "1.5.0", components: { [] })
        try registry.register(libraryName: "flint-fun", version: "0.9", components: { [] })
        #expect(registry.userAgent == "flint-auth/1.5.0 flint-fst/2.0.0 flint-fun/0.9")
    }

    @Test func registeringALibraryTwiceIsIdempotent() throws {
        let registry = AppRegistry()
        try registry.register(GreeterLibrary.self)
        try registry.register(GreeterLibrary.self)
        #expect(registry.userAgent == "flint-greeter/3.1.4")
        // Registered once: no duplicate-component error.
        let app = try registry.configure(options: .testing)
        #expect(app.container.instance(for: Greeter.self)?.greet() == "hello")
    }

    @Test func userAgentEntriesWithoutComponents() throws {
        let registry = AppRegistry()
        try registry.register(GreeterLibrary.self)
        try registry.registerUserAgent(name: "swift", version: "6.3")
        #expect(registry.userAgent == "flint-greeter/3.1.4 swift/6.3")
    }

    @Test(arguments: ["bad name!", "", "flint/auth", "flint auth", "é"])
    func anInvalidLibraryNameIsRefusedAtRegisterAndLeavesTheRegistryUnchanged(name: String) throws {
        let registry = AppRegistry()
        try registry.register(GreeterLibrary.self)
        #expect(throws: ComponentError.invalidLibraryName(name)) {
            try registry.register(libraryName: name, version: "1", components: { [cached(Leaf.self) { _ in Leaf() }] })
        }
        #expect(throws: ComponentError.invalidLibraryName(name)) {
            try registry.registerUserAgent(name: name, version: "1")
        }
        #expect(registry.userAgent == "flint-greeter/3.1.4")
        // A later configure works and gets nothing from the refused library.
        let app = try registry.configure(options: .testing)
        #expect(app.container.instance(for: Greeter.self) != nil)
        #expect(!app.container.contains(Leaf.self))
    }

    @Test func anInvalidLibraryTypeIsRefusedBeforeItsComponentsAreRead() throws {
        let registry = AppRegistry()
        #expect(throws: ComponentError.invalidLibraryName("bad name!")) {
            try registry.register(BadlyNamedLibrary.self)
        }
        #expect(BadlyNamedLibrary.componentReads.value == 0)
        #expect(registry.userAgent == "")
        #expect(try registry.configure(options: .testing).container.contains(Leaf.self) == false)
    }

    @Test func validLibraryNamesUseLettersDigitsDotsHyphensAndUnderscores() throws {
        let registry = AppRegistry()
        try registry.register(libraryName: "flint.ext_2-b", version: "1", components: { [] })
        try registry.registerUserAgent(name: "Swift_6.3-x", version: "1")
        #expect(registry.userAgent == "Swift_6.3-x/1 flint.ext_2-b/1")
    }

    @Test func invalidLibraryNameDescriptionSaysWhatIsAllowed() {
        #expect(
            ComponentError.invalidLibraryName("bad name!").description
                == "Invalid library name 'bad name!': use letters, digits, '.', '-' and '_'.")
    }

    @Test func librariesRegisteredLaterReachExistingAndLaterApps() throws {
        let registry = AppRegistry()
        let early = try registry.configure(name: "early", options: .testing)
        #expect(early.container.instance(for: Greeter.self) == nil)
        try registry.register(GreeterLibrary.self)
        let late = try registry.configure(name: "late", options: .testing)
        #expect(early.container.instance(for: Greeter.self) != nil)
        #expect(late.container.instance(for: Greeter.self) != nil)
    }

    @Test func dataCollectionFlagDefaultsToOnAndCanBeTurnedOff() throws {
        let app = try makeApp([])
        #expect(app.isDataCollectionDefaultEnabled)
        app.isDataCollectionDefaultEnabled = false
        #expect(!app.isDataCollectionDefaultEnabled)
    }

    @Test func lifecycleEventsStreamConfiguredThenDeleted() async throws {
        let registry = try makeRegistry()
        let events = registry.events
        let app = try registry.configure(name: "watched", options: .testing)
        #expect(await app.delete())
        let received = try await collect(2, from: events)
        guard case .configured(let configured) = received[0], case .deleted(let name) = received[1] else {
            Issue.record("unexpected events \(received)")
            return
        }
        #expect(configured === app)
        #expect(name == "watched")
    }

    @Test func eventListenerSeesEachEventOnceAndStopsAfterRemove() async throws {
        let registry = try makeRegistry()
        let seen = RunCounter()
        let registration = registry.addEventListener { _ in seen.increment() }
        let app = try registry.configure(name: "a", options: .testing)
        #expect(seen.value == 1)
        registration.remove()
        await app.delete()
        #expect(seen.value == 1)
    }
}

/// A library declared the Firebase way: a type conforming to `FlintLibrary`.
enum GreeterLibrary: FlintLibrary {
    static let libraryName = "flint-greeter"
    static let libraryVersion = "3.1.4"
    static func componentsToRegister() -> [Component] {
        [cached(Greeter.self) { _ in EnglishGreeter() }]
    }
}

/// A library whose name is not allowed; counts how often its components are read.
enum BadlyNamedLibrary: FlintLibrary {
    static let componentReads = RunCounter()
    static let libraryName = "bad name!"
    static let libraryVersion = "1"
    static func componentsToRegister() -> [Component] {
        componentReads.increment()
        return [cached(Leaf.self) { _ in Leaf() }]
    }
}
