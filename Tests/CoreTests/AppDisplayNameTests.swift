// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Testing

/// Messages name the default app "the default app", never Firebase's internal `__FIRAPP_DEFAULT`, and any
/// other app "app 'name'".
@Suite("App names in messages")
struct AppDisplayNameTests {
    @Test func theDefaultAppIsCalledTheDefaultApp() throws {
        #expect(FlintApp.displayName(forAppNamed: FlintApp.defaultName) == "the default app")
        #expect(try makeApp([]).displayName == "the default app")
    }

    @Test func anyOtherAppIsCalledByItsQuotedName() throws {
        #expect(FlintApp.displayName(forAppNamed: "secondary") == "app 'secondary'")
        #expect(try makeApp(name: "other-1", []).displayName == "app 'other-1'")
    }

    @Test func appDeletedNamesTheApp() {
        #expect(
            ComponentError.appDeleted(name: FlintApp.defaultName).description
                == "Cannot use the default app: it was deleted.")
        #expect(ComponentError.appDeleted(name: "gone").description == "Cannot use app 'gone': it was deleted.")
    }

    @Test func appAlreadyConfiguredNamesTheApp() throws {
        let registry = AppRegistry()
        try registry.configure(options: .testing)
        let error = #expect(throws: FlintError.appAlreadyConfigured(name: FlintApp.defaultName)) {
            try registry.configure(options: .testing)
        }
        #expect(error?.description == "Cannot configure the default app: it is already configured.")
        #expect(
            FlintError.appAlreadyConfigured(name: "x").description
                == "Cannot configure app 'x': it is already configured.")
    }

    @Test func noMessageShowsTheInternalDefaultName() async throws {
        let profile = StartupProfile()
        let registry = try makeRegistry([("flint-tree", [cached(Leaf.self, timing: .alwaysEager) { _ in Leaf() }])])
        registry.monitor = profile
        let app = try registry.configure(options: .testing)
        let duplicate = #expect(throws: FlintError.self) { try registry.configure(options: .testing) }
        await app.delete()
        let deleted = #expect(throws: ComponentError.self) { try app.container.require(Leaf.self) }
        for text in [profile.report(), "\(duplicate.map { "\($0)" } ?? "")", "\(deleted.map { "\($0)" } ?? "")"] {
            #expect(!text.contains(FlintApp.defaultName))
            #expect(text.contains("the default app"))
        }
    }
}
