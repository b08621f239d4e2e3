// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintStorage

/// The Firebase SDK's `StorageObservableTaskTests.swift` (firebase-ios-sdk, FirebaseStorage/Tests/Unit), ported:
/// the terminal event reaches each observer once, whether it was added before or after the task ended. (The SDK's
/// observer added "during", between its state lock and the notification, needs its internals.)
@Suite("SDK: StorageObservableTaskTests")
struct SDKObservableTaskTests {
    /// `testSuccessIsDeliveredOnceToEachObserver`, `testFailureIsDeliveredOnceToEachObserver`.
    @Test(arguments: [StorageTaskStatus.success, .failure])
    func theTerminalEventIsDeliveredOnceToEachObserver(status: StorageTaskStatus) async throws {
        let backend = GatedBackend(holdStart: true)
        let (_, storage) = try makeStorage(backend: backend)
        let task = storage.reference(withPath: "object").putData(Data("data".utf8))
        let before = Locked(0)
        let after = Locked(0)
        task.observe(status) { _ in before.withLock { $0 += 1 } }
        if status == .failure { task.cancel() }
        backend.gate.open()
        try await waitUntil { before.withLock { $0 } == 1 }
        task.observe(status) { _ in after.withLock { $0 += 1 } }
        try await waitUntil { after.withLock { $0 } == 1 }
        // A later event of the same task (none comes) would arrive on the same queue: drain it once more.
        let drained = Locked(false)
        task.observe(status) { _ in drained.withLock { $0 = true } }
        try await waitUntil { drained.withLock { $0 } }
        #expect(before.withLock { $0 } == 1)
        #expect(after.withLock { $0 } == 1)
    }
}
