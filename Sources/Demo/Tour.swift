// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop
import FlintTesting

/// The guided tour `flint-demo` prints: every step of a Flint app's life, on `AppRegistry.shared`, as a real
/// app would do it.
@MainActor
final class Tour {
    private var narrator = Narrator()
    private let options = DemoOptions.standard

    /// Runs every section in order.
    func run() async throws {
        print("Flint: a guided tour of the component system")
        print("Lines starting with '-' are the tour's own observations; lines starting with '↳' were printed")
        print("by component code (factories, delete hooks) that Flint ran along the way.")

        try registerLibraries()
        let profile = StartupProfile()
        let eventLog = watch(profile: profile)
        let (app, secondary) = try configureApps()
        try leafComponent(app: app, secondary: secondary)
        try await combinedProtocol(app: app)
        try multipleInstances(app: app, secondary: secondary)
        let bare = try optionalDependencyMissing()
        let testDouble = try fakeByOverride()
        validationErrors()
        graph(app: app)
        report(profile)
        try await delete(app: app, secondary: secondary, testDouble: testDouble, bare: bare)
        await events(eventLog)
    }

    // MARK: Sections

    private func registerLibraries() throws {
        narrator.section(
            "Register libraries",
            "Each product is a FlintLibrary; once registered, its components go into every app configured afterwards.")
        try FlintApp.registerLibrary(AuthLibrary.self)
        try FlintApp.registerLibrary(FunctionsLibrary.self)
        try FlintApp.registerLibrary(StorageLibrary.self)
        try FlintApp.registerLibrary(DiagnosticsLibrary.self)
        narrator.show(
            "flint-demo-auth: AuthInterop, AuthUserInterop, AuthSignInInterop, one shared instance (interop provider)")
        narrator.show(
            "flint-demo-functions: an internal FunctionsInstanceProvider, optionally using AuthInterop (leaf)")
        narrator.show("flint-demo-storage: one provider per app, one instance per bucket (multi-instance)")
        narrator.show("flint-demo-diagnostics: an alwaysEager component that runs every contributed HealthCheck (set)")
        narrator.show("user agent: \(AppRegistry.shared.userAgent)")
    }

    private func watch(profile: StartupProfile) -> Task<[String], Never> {
        narrator.section(
            "Attach a monitor and watch app events",
            "A StartupProfile records every factory run (set it BEFORE configuring); AppRegistry.shared.events streams configure/delete events."
        )
        AppRegistry.shared.monitor = profile
        // Reading `events` registers the listener right now, so no event can be missed; a Task consumes
        // the stream, and the tour prints what it collected at the end (so the output order never varies).
        let events = AppRegistry.shared.events
        narrator.show("AppRegistry.shared.monitor = StartupProfile()")
        narrator.show("a Task is now iterating AppRegistry.shared.events; its findings are printed in the last section")
        return Task {
            var seen: [String] = []
            for await event in events {
                switch event {
                case .configured(let app): seen.append("configured \(app.displayName)")
                case .deleted(let name): seen.append("deleted \(FlintApp.displayName(forAppNamed: name))")
                }
                if case .deleted(FlintApp.defaultName) = event { break }  // the tour deletes the default app last
            }
            return seen
        }
    }

    private func configureApps() throws -> (FlintApp, FlintApp) {
        narrator.section(
            "Configure the default app and a named app",
            "configure validates the whole component graph, publishes the app, then creates its eager components.")
        narrator.show("FlintApp.configure(options:)")
        let app = try FlintApp.configure(options: options)
        narrator.show("FlintApp.configure(name: \"secondary\", options:)")
        let secondary = try FlintApp.configure(name: "secondary", options: options)
        narrator.show("FlintApp.app() is the default app: \(FlintApp.app() === app), isDefaultApp: \(app.isDefaultApp)")
        narrator.show(
            "apps: \(FlintApp.allApps.keys.sorted().map(FlintApp.displayName(forAppNamed:)).joined(separator: ", "))")
        narrator.show("nothing else was created yet: every other component is lazy")
        return (app, secondary)
    }

    private func leafComponent(app: FlintApp, secondary: FlintApp) throws {
        narrator.section(
            "A leaf component, one instance per app",
            "Functions is reached through its own entry point; its factory runs on first request and may use an optional AuthInterop."
        )
        narrator.show("DemoFunctions.functions(app: default app)")
        let functions = try DemoFunctions.functions(app: app)
        let again = try DemoFunctions.functions(app: app)
        narrator.show(
            "asked again in the same app: \(again), identical: \(again === functions) (cached, factory not run again)")
        narrator.show("DemoFunctions.functions(app: 'secondary')")
        let other = try DemoFunctions.functions(app: secondary)
        narrator.show("other app, other instance: \(functions) vs \(other), identical: \(functions === other)")
    }

    private func combinedProtocol(app: FlintApp) async throws {
        narrator.section(
            "Several interop protocols, one instance",
            "Auth serves AuthInterop, AuthUserInterop and AuthSignInInterop through one combined protocol only Auth knows (the Firebase guide's pattern)."
        )
        let auth = try app.container.require(AuthInterop.self)
        let user = try app.container.require(AuthUserInterop.self)
        let signIn = try app.container.require(AuthSignInInterop.self)
        narrator.show("AuthInterop: \(auth), AuthUserInterop: \(user), AuthSignInInterop: \(signIn)")
        narrator.show("all identical: \(auth === user && user === signIn)")
        let uid = try await signIn.signInAnonymously()
        narrator.show("signed in through AuthSignInInterop as \(uid)")
        narrator.show("AuthUserInterop.currentUserID: \(user.currentUserID ?? "nil")")
        narrator.show("Functions sees it too: \(try DemoFunctions.functions(app: app).call("hello"))")
    }

    private func multipleInstances(app: FlintApp, secondary: FlintApp) throws {
        narrator.section(
            "Several instances per app",
            "Storage registers ONE provider per app; the provider keeps a KeyedInstanceCache of instances, one per bucket."
        )
        let standard = try DemoStorage.storage(app: app)
        let images = try DemoStorage.storage(app: app, bucket: "flint-demo-images")
        let standardAgain = try DemoStorage.storage(app: app)
        narrator.show("default bucket: \(standard)")
        narrator.show("another bucket: \(images)")
        narrator.show("default bucket again: \(standardAgain), identical: \(standardAgain === standard)")
        let otherApp = try DemoStorage.storage(app: secondary)
        narrator.show("same bucket in 'secondary': \(otherApp), identical: \(otherApp === standard)")
    }

    private func optionalDependencyMissing() throws -> FlintApp {
        narrator.section(
            "An optional dependency that is absent",
            "In a registry where Auth is not registered, Functions' factory gets nil for AuthInterop and carries on.")
        let registry = AppRegistry()  // a private registry: its own libraries, apps and events
        try registry.register(FunctionsLibrary.self)
        narrator.show("AppRegistry() with only flint-demo-functions; configure(name: \"functions-only\", options:)")
        let bare = try registry.configure(name: "functions-only", options: options)
        let functions = try DemoFunctions.functions(app: bare)
        narrator.show(functions.call("hello"))
        return bare
    }

    private func fakeByOverride() throws -> FlintApp {
        narrator.section(
            "Swap in a fake with an override",
            "configure(overrides:) replaces the library components for the same types; FlintTesting's FakeAuth serves all three Auth protocols."
        )
        let fake = FakeAuth(userID: "fake-alice")
        narrator.show(
            "AppRegistry.shared.configure(name: \"test-double\", options:, overrides: FakeAuth(userID: \"fake-alice\").components)"
        )
        let testDouble = try AppRegistry.shared.configure(
            name: "test-double", options: options, overrides: fake.components)
        let functions = try DemoFunctions.functions(app: testDouble)
        narrator.show(functions.call("hello"))
        narrator.show("the fake recorded \(fake.getUserIDCallCount) getUserID() call(s)")
        return testDouble
    }

    private func validationErrors() {
        narrator.section(
            "Wiring mistakes fail configure, with a typed error",
            "The graph is validated before the app is published: a missing required dependency or a cycle throws, and nothing is left behind."
        )
        let before = FlintApp.allApps.count
        for (title, overrides) in [
            ("an override requiring MessagingInterop, which nobody provides", BrokenWiring.missingDependency),
            ("two overrides requiring each other", BrokenWiring.cycle),
        ] {
            narrator.show("configure(name: \"broken\", …) with \(title):")
            do {
                try AppRegistry.shared.configure(name: "broken", options: options, overrides: overrides)
                narrator.detail("unexpectedly configured")
            } catch {
                narrator.detail("threw \(caseName(of: error))")
                narrator.detail("\(error)")
            }
        }
        narrator.show(
            "FlintApp.app(name: \"broken\"): \(FlintApp.app(name: "broken").map { $0.name } ?? "nil"); "
                + "apps before: \(before), after: \(FlintApp.allApps.count); no event was sent")
    }

    private func graph(app: FlintApp) {
        narrator.section(
            "The default app's component graph, as Mermaid",
            "app.container.graph.mermaid (or .dot) draws every component, its timing, its state and its dependencies.")
        narrator.block(app.container.graph.mermaid)
    }

    private func report(_ profile: StartupProfile) {
        narrator.section(
            "The startup profile",
            "Every factory run the monitor saw, slowest first, per app (non-cacheable components run on every request)."
        )
        narrator.block(profile.report())
    }

    private func delete(app: FlintApp, secondary: FlintApp, testDouble: FlintApp, bare: FlintApp) async throws {
        narrator.section(
            "Delete the apps",
            "delete() makes new lookups fail, awaits appWillBeDeleted on cached instances (newest first), releases them and frees the name."
        )
        for other in [testDouble, bare, secondary] {
            narrator.show("await \(other.displayName): app.delete()")
            await other.delete()
        }
        narrator.show("await the default app: app.delete()")
        let deleted = await app.delete()
        narrator.show("returned \(deleted); deleting again returns \(await app.delete())")
        do {
            _ = try app.container.require(AuthInterop.self)
            narrator.show("unexpectedly resolved AuthInterop")
        } catch {
            narrator.show("app.container.require(AuthInterop.self) now throws \(caseName(of: error)): \(error)")
        }
        narrator.show(
            "FlintApp.app(): \(FlintApp.app().map { $0.name } ?? "nil"), apps left: \(FlintApp.allApps.count)")
    }

    private func events(_ eventLog: Task<[String], Never>) async {
        narrator.section(
            "App events seen by the Task",
            "What the Task iterating AppRegistry.shared.events collected, in order (the failed configure sent nothing)."
        )
        for event in await eventLog.value {
            narrator.show(event)
        }
    }
}
