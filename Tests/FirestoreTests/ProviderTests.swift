// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop
import FlintTesting
import Testing

@testable import FlintFirestore

/// The multi-database provider: one instance per app and database, released when the app is deleted.
@Suite(.timeLimit(.minutes(3)))
struct ProviderTests {
    @Test func sameAppAndDatabaseGiveTheSameInstance() throws {
        let app = try TestApp.make(libraries: [FirestoreLibrary.self])
        let first = try Firestore.firestore(app: app)
        #expect(first === (try Firestore.firestore(app: app)))
        #expect(first === (try Firestore.firestore(app: app, database: "(default)")))
        #expect(first.databaseID == DatabaseID(projectID: "flint-test", database: "(default)"))
        #expect(first.appName == app.name)
    }

    @Test func eachDatabaseHasItsOwnInstanceAndData() async throws {
        let app = try TestApp.make(libraries: [FirestoreLibrary.self])
        let main = try Firestore.firestore(app: app)
        let analytics = try Firestore.firestore(app: app, database: "analytics")
        #expect(main !== analytics)
        #expect(analytics.databaseID.database == "analytics")
        try await main.document("c/d").setData(["in": "default"])
        try await analytics.document("c/d").setData(["in": "analytics"])
        #expect(try await main.document("c/d").getDocument().get("in") == "default")
        #expect(try await analytics.document("c/d").getDocument().get("in") == "analytics")
        let provider = try #require(app.container.require(FirestoreProvider.self) as? FirestoreInstances)
        #expect(provider.instanceCount == 2)
    }

    @Test func differentAppsHaveDifferentInstances() throws {
        let registry = AppRegistry()
        try registry.register(FirestoreLibrary.self)
        let first = try registry.configure(name: "first", options: .testing)
        let second = try registry.configure(name: "second", options: .testing)
        #expect(try Firestore.firestore(app: first) !== Firestore.firestore(app: second))
    }

    @Test func separateAppsHaveSeparateBackendsByDefault() async throws {
        let first = try Firestore.firestore(app: TestApp.make(name: "one", libraries: [FirestoreLibrary.self]))
        let second = try Firestore.firestore(app: TestApp.make(name: "two", libraries: [FirestoreLibrary.self]))
        try await first.document("c/d").setData(["n": 1])
        #expect(try await second.document("c/d").getDocument().exists == false)
    }

    @Test func emptyOrSlashedDatabaseIDIsAnInvalidArgument() throws {
        let app = try TestApp.make(libraries: [FirestoreLibrary.self])
        #expect(
            throws: ComponentError.invalidArgument(
                product: "FlintFirestore.Firestore", reason: "Invalid database ID '': a database ID must not be empty.")
        ) {
            try Firestore.firestore(app: app, database: "")
        }
        #expect(
            throws: ComponentError.invalidArgument(
                product: "FlintFirestore.Firestore",
                reason: "Invalid database ID 'a/b': a database ID must not contain '/'.")
        ) {
            try Firestore.firestore(app: app, database: "a/b")
        }
    }

    /// The SDK accepts any non-empty database ID (its `DatabaseId` asserts only that), e.g. `myDb`.
    @Test(arguments: ["myDb", "Upper", "1abc", "under_score", "eu-archive-2", "(default)"])
    func databaseIDsTheSDKAcceptsGiveOneInstanceEach(database: String) async throws {
        let app = try TestApp.make(libraries: [FirestoreLibrary.self])
        let first = try Firestore.firestore(app: app, database: database)
        #expect(try Firestore.firestore(app: app, database: database) === first)
        #expect(first.databaseID.database == database)
        try await first.document("c/d").setData(["n": 1])
        #expect(try await first.document("c/d").getDocument().exists)
    }

    @Test func missingProjectIDIsAnInvalidOptionsError() throws {
        var options = FlintOptions.testing
        options.projectID = nil
        let app = try TestApp.make(libraries: [FirestoreLibrary.self], options: options)
        let expected = ComponentError.invalidOptions(
            product: "FlintFirestore.Firestore",
            reason: "the app's options have no projectID; set FlintOptions.projectID.")
        #expect(throws: expected) { try Firestore.firestore(app: app) }
        #expect(throws: expected) { try Firestore.firestore(app: app, database: "archive") }
        #expect(
            expected.description == "FlintFirestore.Firestore cannot use the app's options: the app's options "
                + "have no projectID; set FlintOptions.projectID.")
    }

    @Test func unregisteredLibraryIsLibraryNotRegisteredNamingIt() throws {
        let app = try TestApp.make()
        let expected = ComponentError.libraryNotRegistered(
            type: "FlintFirestore.Firestore", library: "FirestoreLibrary")
        #expect(throws: expected) { try Firestore.firestore(app: app) }
        #expect(throws: expected) { try Firestore.firestore(app: app, database: "archive") }
        #expect(expected.description.contains("FlintApp.registerLibrary(FirestoreLibrary.self)"))
    }

    @Test func aDeletedAppIsAppDeleted() async throws {
        let app = try TestApp.make(name: "gone", libraries: [FirestoreLibrary.self])
        await app.delete()
        #expect(throws: ComponentError.appDeleted(name: "gone")) { try Firestore.firestore(app: app) }
    }

    @Test func deletingTheAppTerminatesAndReleasesItsInstances() async throws {
        let app = try TestApp.make(libraries: [FirestoreLibrary.self])
        weak var weakFirestore: Firestore?
        do {
            let db = try Firestore.firestore(app: app)
            weakFirestore = db
            try await db.document("c/d").setData(["n": 1])
        }
        #expect(weakFirestore != nil)
        await app.delete()
        #expect(weakFirestore == nil)
    }

    @Test func terminateEndsListenersFailsOperationsAndTheNextRequestGetsANewInstance() async throws {
        let app = try TestApp.make(libraries: [FirestoreLibrary.self])
        let db = try Firestore.firestore(app: app)
        try await db.document("c/d").setData(["n": 1])
        let started = Gate()
        let consumer = Task { for try await _ in db.collection("c").snapshots { started.open() } }
        try await started.wait(timeout: defaultTestTimeout)

        await db.terminate()

        let outcome = try await result(of: consumer)
        #expect(throws: FirestoreError(.cancelled, "The Firestore instance was terminated.")) { try outcome.get() }
        #expect(db.engine.listenerCount == 0)
        let error = await #expect(throws: FirestoreError.self) { try await db.document("c/e").setData(["n": 2]) }
        #expect(error == FirestoreError(.failedPrecondition, "The client has already been terminated."))
        await db.terminate()  // a second call does nothing

        let fresh = try Firestore.firestore(app: app)
        #expect(fresh !== db)
        #expect(try Firestore.firestore(app: app) === fresh)
        #expect(try await fresh.document("c/d").getDocument().get("n") == 1)  // acknowledged writes stay
        let provider = try #require(app.container.require(FirestoreProvider.self) as? FirestoreInstances)
        #expect(provider.instanceCount == 1)
    }

    @Test func terminatingOneDatabaseLeavesTheOthers() async throws {
        let app = try TestApp.make(libraries: [FirestoreLibrary.self])
        let main = try Firestore.firestore(app: app)
        let analytics = try Firestore.firestore(app: app, database: "analytics")
        await analytics.terminate()
        #expect(try Firestore.firestore(app: app) === main)
        #expect(try Firestore.firestore(app: app, database: "analytics") !== analytics)
        try await main.document("c/d").setData(["n": 1])
    }

    @Test func operationsOnATerminatedInstanceFail() async throws {
        let app = try TestApp.make(libraries: [FirestoreLibrary.self])
        let db = try Firestore.firestore(app: app)
        await app.delete()
        let error = await #expect(throws: FirestoreError.self) { try await db.document("c/d").setData(["n": 1]) }
        #expect(error == FirestoreError(.failedPrecondition, "The client has already been terminated."))
        #expect(await firestoreCode { try await db.collection("c").getDocuments() } == .failedPrecondition)
        #expect(
            await firestoreCode {
                try await value(of: Task { for try await _ in db.collection("c").snapshots {} })
            } == .failedPrecondition)
    }

    @Test func pendingWritesFailWhenTheAppIsDeleted() async throws {
        let app = try TestApp.make(libraries: [FirestoreLibrary.self])
        let db = try Firestore.firestore(app: app)
        await db.disableNetwork()
        let write = Task { try await db.document("c/d").setData(["n": 1]) }
        try await waitUntil { db.engine.pendingWriteCount == 1 }
        await app.delete()
        let error = await #expect(throws: FirestoreError.self) { try await value(of: write) }
        #expect(error?.code == .failedPrecondition)
    }

    @Test func backendComponentCanBeOverridden() async throws {
        let backend = LocalFirestoreBackend()
        let app = try TestApp.make(
            libraries: [FirestoreLibrary.self],
            overrides: [.instance(backend, as: FirestoreBackend.self)])
        #expect(try app.container.require(FirestoreBackend.self) === backend)
        let db = try Firestore.firestore(app: app)
        try await db.document("c/d").setData(["n": 1])
        let read = try backend.document(at: "c/d", database: db.databaseID, caller: nil)
        #expect(read.value?.version == read.sequenceNumber)
    }

    @Test func libraryDeclaresItsDependencies() {
        let components = FirestoreLibrary.componentsToRegister()
        #expect(components.count == 2)
        #expect(FirestoreLibrary.libraryName == "flint-fst")
        let providerDependencies = components[0].dependencies.map { "\($0)" }
        #expect(providerDependencies.count == 3)
    }
}
