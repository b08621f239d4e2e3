// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintOpenCombine
import FlintTesting
import Testing

@testable import FlintAuth

#if canImport(Combine)
    import Combine
#elseif canImport(OpenCombine)
    import OpenCombine
#endif

@Suite("Auth publishers: authStateDidChangePublisher and idTokenDidChangePublisher", .timeLimit(.minutes(1)))
struct AuthPublisherTests {
    @Test func authStateDidChangePublisherSendsNilThenTheUserThenNil() async throws {
        let fixture = try AuthFixture()
        let recorder = Recorder(fixture.auth.authStateDidChangePublisher())
        try await recorder.waitForValues(1)
        let ada = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        try await recorder.waitForValues(2)
        try fixture.auth.signOut()
        let values = try await recorder.waitForValues(3)
        #expect(values.map { $0?.uid } == [nil, ada.uid, nil])
    }

    @Test func cancellingRemovesTheListener() async throws {
        let fixture = try AuthFixture()
        #expect(fixture.auth.listenerCount == 0)
        let recorder = Recorder(fixture.auth.authStateDidChangePublisher())
        try await recorder.waitForValues(1)
        // The listener that sends the values, and the one of the stream that tells the app's deletion.
        #expect(fixture.auth.listenerCount == 2)
        recorder.cancel()
        try await waitUntil { fixture.auth.listenerCount == 0 }
        try await fixture.auth.signInAnonymously()
        #expect(recorder.values.count == 1)
        #expect(recorder.completion == nil)
    }

    @Test func finishesWhenTheAppIsDeleted() async throws {
        let fixture = try AuthFixture()
        let recorder = Recorder(fixture.auth.idTokenDidChangePublisher())
        try await recorder.waitForValues(1)
        _ = await fixture.app.delete()
        #expect(isFinished(try await recorder.waitForCompletion()))
    }
}
