// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintDatabase

/// The Realtime Database part of the tour: a scoreboard followed with `events()` in one app while a second
/// app, over the same embedded backend, writes; then a transaction, Codable, and presence with
/// `onDisconnect`. Uses its own private registry, prints only what does not change between runs (no push IDs
/// or times) and deletes its apps at the end.
func databaseTour() async throws {
    var narrator = Narrator()
    print("")
    print("Flint Realtime Database: a scoreboard on the embedded backend")

    narrator.section(
        "Two apps, one backend",
        "Overriding the DatabaseBackend component with one shared LocalDatabaseBackend makes two apps two clients of one database."
    )
    let registry = AppRegistry()
    try registry.register(DatabaseLibrary.self)
    let backend = LocalDatabaseBackend()
    let shared: [Component] = [.instance(backend, as: DatabaseBackend.self)]
    let aliceApp = try registry.configure(name: "alice", options: DemoOptions.standard, overrides: shared)
    let bobApp = try registry.configure(name: "bob", options: DemoOptions.standard, overrides: shared)
    let alice = try Database.database(app: aliceApp)
    let bob = try Database.database(app: bobApp)
    narrator.show("Database.database(app: alice).url → \(alice.url)")

    narrator.section(
        "Follow the top scores with events()",
        "alice iterates scores.queryOrderedByValue().queryLimited(toLast: 2).events(): a childAdded per child at first, then each change's events in the SDK's order."
    )
    let scores = alice.reference(withPath: "game/scores")
    var top = scores.queryOrderedByValue().queryLimited(toLast: 2).events().makeAsyncIterator()
    try await bob.reference(withPath: "game/scores").setValue(["ada": 10, "bob": 7])
    narrator.show("bob sets {ada: 10, bob: 7}")
    for _ in 0..<2 { narrator.detail(describe(try await top.next())) }
    try await bob.reference(withPath: "game/scores/cy").setValue(12)
    narrator.show("bob sets cy = 12: the window of two pushes bob out")
    for _ in 0..<2 { narrator.detail(describe(try await top.next())) }

    narrator.section(
        "A transaction",
        "The block sees the local value first and runs again when another client changed it; here alice adds 5 to ada's score."
    )
    let (committed, snapshot) = try await scores.child("ada").runTransactionBlock { data in
        data.value = ((data.value as? Int) ?? 0) + 5
        return .success(withValue: data)
    }
    narrator.show("runTransactionBlock → committed: \(committed), ada = \(snapshot.value ?? "nil")")
    for _ in 0..<2 { narrator.detail(describe(try await top.next())) }

    narrator.section("Codable", "setValue(from:) stores an Encodable as a tree; data(as:) decodes a snapshot.")
    let settings = alice.reference(withPath: "game/settings")
    try await settings.setValue(from: GameSettings(rounds: 3, title: "Finals", teams: ["red", "blue"]))
    let read = try await bob.reference(withPath: "game/settings").getData().data(as: GameSettings.self)
    narrator.show("bob reads data(as: GameSettings.self) → \(read)")

    narrator.section(
        "Presence with onDisconnect",
        "alice registers onDisconnectRemoveValue() on her presence entry; goOffline() makes the backend apply it, which bob sees."
    )
    try await alice.reference(withPath: "presence/alice").setValue(true)
    try await alice.reference(withPath: "presence/alice").onDisconnectRemoveValue()
    alice.goOffline()
    narrator.show(
        "after alice.goOffline(), bob reads presence/alice: exists = \(try await bob.reference(withPath: "presence/alice").getData().exists())"
    )
    alice.goOnline()

    narrator.section("Delete the apps", "Deleting an app finishes its streams and applies its onDisconnect operations.")
    await aliceApp.delete()
    await bobApp.delete()
    narrator.show("deleted alice and bob; registry apps left: \(registry.allApps.count)")
}

/// A Codable value for the tour.
private struct GameSettings: Codable, CustomStringConvertible {
    var rounds: Int
    var title: String
    var teams: [String]

    var description: String { "\(title): \(rounds) rounds, teams \(teams.joined(separator: ", "))" }
}

/// One event as a line: `childAdded cy = 12 (after ada)`.
private func describe(_ event: DatabaseEvent?) -> String {
    guard let event else { return "(the stream ended)" }
    let snapshot = event.snapshot
    let after: String
    switch event {
    case .childAdded(_, let previous), .childChanged(_, let previous), .childMoved(_, let previous):
        after = " (after \(previous ?? "none"))"
    case .childRemoved:
        after = ""
    }
    return "\(event.type) \(snapshot.key) = \(snapshot.value ?? "nil")\(after)"
}
