// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The waiters for types a container does not provide yet.
struct DeferredWaiters {
    var byType: [ObjectIdentifier: [Int: DeferredWaiter]] = [:]
    var typeOfToken: [Int: ObjectIdentifier] = [:]
    var nextToken = 0
}

/// Waiting for types a container does not provide yet (``Deferred``): a waiter is told when a library that
/// provides its type joins the app, or when the app is deleted.
extension ContainerStorage {
    /// Registers `waiter` to be told when a component provides `id`, unless one does now or the storage is shut
    /// down. Checked under the same lock that ``announceAvailable(_:)`` takes after the graph grew, so a waiter is
    /// either told now or registered in time.
    func waitForAvailability(of id: ObjectIdentifier, _ waiter: DeferredWaiter) -> DeferredWaitOutcome {
        deferredWaiters.withLock { waiters in
            guard waiters != nil else { return .deleted }
            if index(of: id) != nil { return .availableNow }
            let token = waiters!.nextToken
            waiters!.nextToken += 1
            waiters!.byType[id, default: [:]][token] = waiter
            waiters!.typeOfToken[token] = id
            return .registered(token)
        }
    }

    /// Withdraws a waiter registered by ``waitForAvailability(of:_:)`` (nothing if it was told already).
    func cancelWaiting(_ token: Int) {
        deferredWaiters.withLock { waiters in
            guard let id = waiters?.typeOfToken.removeValue(forKey: token) else { return }
            waiters!.byType[id]?[token] = nil
        }
    }

    /// Tells the waiters of every type in `ids`, now provided, with no lock held.
    func announceAvailable(_ ids: [ObjectIdentifier]) {
        let told = deferredWaiters.withLock { waiters -> [DeferredWaiter] in
            guard waiters != nil else { return [] }
            var told: [DeferredWaiter] = []
            for id in ids {
                guard let entries = waiters!.byType.removeValue(forKey: id) else { continue }
                for (token, waiter) in entries.sorted(by: { $0.key < $1.key }) {
                    waiters!.typeOfToken[token] = nil
                    told.append(waiter)
                }
            }
            return told
        }
        for waiter in told { waiter.available() }
    }
}
