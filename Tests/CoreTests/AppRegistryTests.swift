import FlintCore
import FlintTesting
import Foundation
import Testing

@Suite("AppRegistry: configure, names, options, libraries")
struct AppRegistryTests {
    @Test func configuresDefaultAndNamedApps() throws {
        let registry = makeRegistry()
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
    func rejectsInvalidAppNames(_ name: String) {
        let registry = makeRegistry()
        #expect(throws: FlintError.invalidAppName(name)) {
            try registry.configure(name: name, options: .testing)
        }
        #expect(registry.allApps.isEmpty)
    }

    @Test func rejectsInvalidOptionsBeforeAnythingElse() {
        let registry = makeRegistry()
        let options = FlintOptions(googleAppID: "not-an-app-id", gcmSenderID: "123")
        #expect(throws: FlintError.self) { try registry.configure(options: options) }
        #expect(registry.allApps.isEmpty)
        #expect(registry.app() == nil)
    }

    @Test func refusesASecondConfigureOfOneName() throws {
        let registry = makeRegistry()
        let first = try registry.configure(name: "app", options: .testing)
        #expect(throws: FlintError.appAlreadyConfigured(name: "app")) {
            try registry.configure(name: "app", options: .testing)
        }
        #expect(registry.app(name: "app") === first)
    }

    @Test func concurrentConfiguresOfOneNameExactlyOneSucceeds() async throws {
        let registry = makeRegistry([("lib", [cached(Leaf.self) { _ in Leaf() }])])
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
        let registry = makeRegistry([("lib", [cached(Branch.self, dependencies: [.required(Leaf.self)]) { _ in nil }])])
        #expect(throws: ComponentError.missingDependency(component: ComponentError.typeName(of: Branch.self),
                                                         dependency: ComponentError.typeName(of: Leaf.self))) {
            try registry.configure(options: .testing)
        }
        #expect(registry.app() == nil)
        #expect(registry.allApps.isEmpty)
        // The name is still free, and a valid configuration succeeds afterwards.
        let app = try registry.configure(options: .testing, overrides: [cached(Leaf.self) { _ in Leaf() }])
        #expect(app.container.instance(for: Branch.self) == nil)
    }

    @Test func userAgentIsSortedNameSlashVersionJoinedBySpaces() {
        let registry = AppRegistry()
        registry.register(libraryName: "flint-fst", version: "2.0.0", components: { [] })
        registry.register(libraryName: "flint-auth", version: "1.5.0", components: { [] })
        registry.register(libraryName: "flint-fun", version: "0.9", components: { [] })
        #expect(registry.userAgent == "flint-auth/1.5.0 flint-fst/2.0.0 flint-fun/0.9")
    }

    @Test func registeringALibraryTwiceIsIdempotent() throws {
        let registry = AppRegistry()
        registry.register(GreeterLibrary.self)
        registry.register(GreeterLibrary.self)
        #expect(registry.userAgent == "flint-greeter/3.1.4")
        // Registered once: no duplicate-component error.
        let app = try registry.configure(options: .testing)
        #expect(app.container.instance(for: Greeter.self)?.greet() == "hello")
    }

    @Test func userAgentEntriesWithoutComponents() {
        let registry = AppRegistry()
        registry.register(GreeterLibrary.self)
        registry.registerUserAgent(name: "swift", version: "6.3")
        #expect(registry.userAgent == "flint-greeter/3.1.4 swift/6.3")
    }

    @Test func invalidLibraryNameFailsConfigureWithItsName() {
        let registry = AppRegistry()
        registry.register(libraryName: "bad name!", version: "1", components: { [] })
        #expect(throws: FlintError.invalidLibraryName("bad name!")) { try registry.configure(options: .testing) }
        #expect(registry.allApps.isEmpty)
    }

    @Test func librariesRegisteredLaterReachOnlyLaterApps() throws {
        let registry = AppRegistry()
        let early = try registry.configure(name: "early", options: .testing)
        registry.register(GreeterLibrary.self)
        let late = try registry.configure(name: "late", options: .testing)
        #expect(early.container.instance(for: Greeter.self) == nil)
        #expect(late.container.instance(for: Greeter.self) != nil)
    }

    @Test func dataCollectionFlagDefaultsToOnAndCanBeTurnedOff() throws {
        let app = try makeApp([])
        #expect(app.isDataCollectionDefaultEnabled)
        app.isDataCollectionDefaultEnabled = false
        #expect(!app.isDataCollectionDefaultEnabled)
    }

    @Test func lifecycleEventsStreamConfiguredThenDeleted() async throws {
        let registry = makeRegistry()
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
        let registry = makeRegistry()
        let seen = RunCounter()
        let registration = registry.addEventListener { _ in seen.increment() }
        let app = try registry.configure(name: "a", options: .testing)
        #expect(seen.value == 1)
        registration.remove()
        _ = await app.delete()
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
