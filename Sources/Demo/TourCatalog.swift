// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The tours `flint-demo` can run: `flint-demo <name>`, listed by `flint-demo --list`; `flint-demo all` runs every
/// one in this order.
enum TourCatalog {
    /// One tour: its command-line name, what it shows, and how to run it.
    struct Entry {
        let name: String
        let summary: String
        let run: () async throws -> Void
    }

    /// Every tour, in the order `all` runs them.
    @MainActor static let entries: [Entry] = [
        Entry(
            name: "components",
            summary:
                "the component system in depth: libraries, timings, the combined-protocol pattern, multi-instance providers, fakes, validation, delete",
            run: { try await Tour().run() }),
        Entry(
            name: "auth",
            summary: "Auth and App Check: sign-up on the embedded emulator, authStateChanges, debug tokens",
            run: authTour),
        Entry(
            name: "functions", summary: "Functions: callables with the caller's token, errors as over HTTP, streaming",
            run: functionsTour),
        Entry(
            name: "firestore", summary: "Firestore: documents, queries, listeners and snapshots, transactions",
            run: firestoreTour),
        Entry(
            name: "database", summary: "Realtime Database: values, events() streams, transactions, onDisconnect",
            run: databaseTour),
        Entry(
            name: "storage", summary: "Storage: an upload drawn as a live progress bar, pause and resume",
            run: storageTour),
        Entry(
            name: "remoteconfig",
            summary: "Installations and Remote Config: defaults, a conditional fetch, a config update arriving live",
            run: remoteConfigTour),
        Entry(
            name: "sync",
            summary: "Sync engines: a document and a collection kept in sync, queued writes, two apps on one backend",
            run: syncTour),
        Entry(
            name: "messaging",
            summary: "Cloud Messaging: a function in one app pushes a message to another app; topics",
            run: messagingTour),
        Entry(
            name: "combine",
            summary:
                "FlintCombine: publishers and futures on Apple platforms; on Linux, where to find its OpenCombine tests",
            run: combineTour),
    ]

    /// The tour named `name`, if there is one.
    @MainActor static func entry(named name: String) -> Entry? {
        entries.first { $0.name == name }
    }

    /// The `--list` text.
    @MainActor static var listing: String {
        let width = entries.map(\.name.count).max() ?? 0
        return
            (["Tours (flint-demo <tour>; flint-demo all runs every one):"]
            + entries.map { "  \($0.name.padding(toLength: width, withPad: " ", startingAt: 0))  \($0.summary)" }
            + ["", "Also: flint-demo graph [--dot] [--output FILE] [--svg FILE]  (the quick tour's component graph)"])
            .joined(separator: "\n")
    }
}
