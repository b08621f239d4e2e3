// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintAuth
import FlintCore
import FlintFunctions
import FlintInterop
import FlintTesting

/// The default `flint-demo` run: Flint in one screen — configure, resolve, swap a fake, one stream, one wiring
/// mistake, the graph — with the real Auth and Functions products on a private registry. `flint-demo --list`
/// names the deeper tours.
func quickTour() async throws {
    var narrator = Narrator()
    print("Flint in one screen (`flint-demo --list` shows the deeper tours)")

    narrator.section(
        "Configure an app", "Libraries register their components; configure validates the graph and builds the app.")
    let registry = AppRegistry()
    try registry.register(FlintAuth.AuthLibrary.self)  // the module prefix: the demo has stand-ins of that name
    try registry.register(FlintFunctions.FunctionsLibrary.self)
    let app = try registry.configure(name: "quick", options: DemoOptions.standard)
    narrator.show("registry.configure(name: \"quick\", options:) → \(app.container.graph.nodes.count) components")

    narrator.section(
        "Resolve", "Products find each other through interop protocols in the app's container, never by linking.")
    let auth = try Auth.auth(app: app)
    narrator.show("Auth.auth(app:) is the app's AuthInterop: \(try app.container.require(AuthInterop.self) === auth)")
    _ = try Functions.functions(app: app)
    narrator.show("Functions.functions(app:) asks the container for AuthInterop to send the user's token")

    narrator.section(
        "Swap a fake", "Overrides replace a component for one app: tests resolve a scriptable fake instead.")
    let fake = FakeAuth(userID: "test-user")
    let test = try registry.configure(name: "test", options: DemoOptions.standard, overrides: fake.components)
    narrator.show(
        "AuthInterop in app \"test\" is FakeAuth: \(try test.container.require(AuthInterop.self) === fake), "
            + "uid \(fake.getUserID() ?? "nil")")

    narrator.section("One stream", "Listener APIs are also AsyncSequences; a stream ends when its app is deleted.")
    var states = auth.authStateChanges.makeAsyncIterator()
    narrator.show(
        "first value of auth.authStateChanges: \(await states.next().flatMap { $0?.email } ?? "nil (signed out)")")
    _ = try await auth.createUser(withEmail: "ada@example.com", password: "analytical-engine")
    narrator.show("after createUser: \(await states.next().flatMap { $0?.email } ?? "nil")")

    narrator.section("A wiring mistake", "A required dependency nobody provides fails configure with a typed error.")
    do {
        try registry.configure(name: "broken", options: DemoOptions.standard, overrides: BrokenWiring.missingDependency)
        narrator.show("unexpectedly configured")
    } catch {
        narrator.show("threw \(caseName(of: error)): \(error)")
    }

    narrator.section(
        "The graph", "app.container.graph as Mermaid (or DOT; `flint-demo graph --svg out.svg` renders it).")
    narrator.block(app.container.graph.mermaid)

    await test.delete()
    await app.delete()
    narrator.show("both apps deleted; the stream ended: \(await states.next() == nil)")
}
