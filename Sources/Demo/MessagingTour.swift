// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintFunctions
import FlintInterop
import FlintMessaging
import FlintTesting

/// The Messaging part of the tour: two apps (each the default app of its own registry, since Messaging works in
/// the default app only) share one embedded messaging server. Alice's app calls a function that pushes a
/// message to Bob's token, Bob's `foregroundMessages` receives it; then a topic condition picks who gets a
/// message, a deleted token stops receiving, and a new installation ID brings a new token through
/// `tokenUpdates`. Installations is stood in for by FlintTesting's FakeInstallations. Deletes its apps at the
/// end.
func messagingTour() async throws {
    var narrator = Narrator()
    print("")
    print("Flint Messaging: a message from one app to another")

    let server = LocalMessagingBackend(projectID: "flint-demo")
    func makeApp(_ installations: FakeInstallations) throws -> FlintApp {
        let registry = AppRegistry()
        try registry.register(MessagingLibrary.self)
        try registry.register(FlintFunctions.FunctionsLibrary.self)
        return try registry.configure(
            options: DemoOptions.standard,
            overrides: [MessagingLibrary.backend(server)] + installations.components)
    }

    narrator.section(
        "Two apps on one messaging server",
        "Each app's Messaging is created eagerly at configure and, with auto-init on, fetches its token: {installation ID}:APA91b…."
    )
    let bobInstallations = FakeInstallations(installationID: "cBobInstallation000002")
    let aliceApp = try makeApp(FakeInstallations(installationID: "cAliceInstallation0001"))
    let bobApp = try makeApp(bobInstallations)
    let alice = try Messaging.messaging(app: aliceApp)
    let bob = try Messaging.messaging(app: bobApp)
    let bobToken = try await bob.token()
    narrator.show("bob.token() → \(bobToken.prefix(40))…")
    narrator.show("alice.token() → \(try await alice.token().prefix(40))…")

    narrator.section(
        "Alice calls a function that pushes to Bob",
        "The function runs on Alice's embedded Functions backend and sends through the shared server; Bob's foregroundMessages yields the message."
    )
    let functions = try Functions.functions(app: aliceApp)
    functions.localBackend?.register(name: "poke") { data, context in
        guard let to = data["to"]?.stringValue else {
            throw FunctionsError(.invalidArgument, message: "Say who to poke.")
        }
        let from = context.instanceIDToken.map { String($0.prefix(8)) } ?? "someone"
        let result = try server.send(["text": "poke from \(from)"], to: .token(to))
        return .string(result.name)
    }
    let bobMessages = bob.foregroundMessages
    let sent = try await functions.httpsCallable("poke").call(["to": .string(bobToken)])
    narrator.show("poke(to: bob) → \(sent.data.stringValue ?? "?")")
    for await message in bobMessages {
        narrator.show("bob received \(message.appData) from \(message.from)")
        break
    }

    narrator.section(
        "Topics and conditions",
        "Alice subscribes to 'weather' and 'paris', Bob to 'weather' and 'rome'; the server evaluates conditions against each token's topics."
    )
    try await alice.subscribe(toTopic: "weather")
    try await alice.subscribe(toTopic: "paris")
    try await bob.subscribe(toTopic: "weather")
    try await bob.subscribe(toTopic: "rome")
    for condition in ["'weather' in topics", "'weather' in topics && ('paris' in topics || 'lyon' in topics)"] {
        let result = try server.send(["forecast": "rain"], to: .condition(condition))
        let names = result.recipients.map { $0 == bobToken ? "bob" : "alice" }
        narrator.show("send to \(condition) → \(names)")
    }
    do {
        try await alice.subscribe(toTopic: "rain tomorrow")
    } catch {
        narrator.show("subscribe(toTopic: \"rain tomorrow\") → \(error.code) (\(error.code.rawValue))")
    }

    narrator.section(
        "Deleting the token", "deleteToken() unregisters it; tokenUpdates will yield the next one, never the deletion.")
    try await bob.deleteToken()
    do {
        try server.send(["text": "still there?"], to: .token(bobToken))
    } catch {
        narrator.show("send to bob's old token → \(error.code): \(error.message.prefix(48))…")
    }
    let fresh = try await bob.token()
    narrator.show("bob.token() → a new token: \(fresh != bobToken)")

    narrator.section(
        "A new installation ID",
        "When Installations reports a new ID, the token is invalid; with auto-init on, Messaging fetches the next one and tokenUpdates yields it."
    )
    let updates = bob.tokenUpdates
    bobInstallations.installationID = "cBobReinstalled0000003"
    let renewed = try await first(of: updates)
    narrator.show("installation ID changed → tokenUpdates yields \(renewed.prefix(40))…")

    await aliceApp.delete()
    await bobApp.delete()
}
