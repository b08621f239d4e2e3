// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintAuth
import FlintCombine
import FlintCore
import FlintFirestore
import FlintTesting

#if canImport(Combine)
    import Combine
#endif

/// The Combine part of the tour. Where Apple's Combine exists, a short publisher demo: Auth's
/// `authStateDidChangePublisher()` sees a sign-in made by a `Future`, and a Firestore `snapshotPublisher()` sees
/// a document written by another. Elsewhere (Linux), FlintCombine is empty in the root package: the tour says so
/// and points to the nested package whose tests build the same sources against OpenCombine.
func combineTour() async throws {
    var narrator = Narrator()
    print("")
    print("FlintCombine: publishers and futures (Firebase's Combine decisions)")
    #if canImport(Combine)
        try await combinePublisherDemo(&narrator)
    #else
        let implementation = CombineSupport.implementation ?? "none"
        narrator.section(
            "Combine is Apple-only",
            "FlintCombine builds against Apple's Combine. Here (Combine implementation: \(implementation)) the root "
                + "package's FlintCombine declares nothing but CombineSupport.")
        narrator.show("The same sources are built against OpenCombine and tested on Linux by the nested package:")
        narrator.show("  swift test --package-path CombineTests")
        narrator.show("Names: addStateDidChangeListener → authStateDidChangePublisher(),")
        narrator.show("       addSnapshotListener → snapshotPublisher(includeMetadataChanges:),")
        narrator.show("       try await ref.setData(data) → ref.setData(data): a Future, started at once.")
    #endif
}

#if canImport(Combine)
    /// The publisher demo: an auth state publisher and a snapshot publisher, fed by futures.
    private func combinePublisherDemo(_ narrator: inout Narrator) async throws {
        let app = try TestApp.make(libraries: [AuthLibrary.self, FirestoreLibrary.self])
        let auth = try Auth.auth(app: app)
        let db = try Firestore.firestore(app: app)
        let seen = Locked<[String]>([])
        narrator.section(
            "authStateDidChangePublisher()",
            "A PassthroughSubject per subscription, fed by Auth's state listener; cancelling removes the listener.")
        let states = auth.authStateDidChangePublisher()
            .sink { user in
                let state = user.map { "signed in (\($0.uid.prefix(8))…)" } ?? "signed out"
                seen.withLock { $0.append("auth state: \(state)") }
            }
        let signIn: Future<AuthDataResult, AuthErrorCode> = auth.signInAnonymously()
        _ = try await signIn.value
        narrator.section(
            "snapshotPublisher() and a setData future",
            "The future starts at once; the publisher sees the document before and after the write.")
        let document = db.document("demo/combine")
        let snapshots = document.snapshotPublisher()
            .sink(
                receiveCompletion: { _ in },
                receiveValue: { snapshot in
                    seen.withLock { $0.append("snapshot: exists=\(snapshot.exists)") }
                })
        let write: Future<Void, FirestoreError> = document.setData(["greeting": "hello from a Future"])
        try await write.value
        try await waitUntil { seen.withLock { $0.count } >= 4 }
        for line in seen.withLock({ $0 }) { narrator.show(line) }
        states.cancel()
        snapshots.cancel()
        await app.delete()
    }
#endif
