// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import Foundation
import Testing

@testable import FlintAppCheck

/// A refresh scheduler that records every refresh scheduled and fires one when the test says so (Firebase's
/// `FIRFakeTimer`): automatic refresh without waiting for real time.
final class FakeRefreshScheduler: AppCheckRefreshScheduler {
    private struct Entry {
        let date: Date
        let refresh: @Sendable () async -> Void
        let registration: ClosureListenerRegistration
    }

    private let entries = Locked<[Entry]>([])

    /// Records `refresh` for `date`.
    func schedule(at date: Date, _ refresh: @escaping @Sendable () async -> Void) -> any ListenerRegistration {
        let registration = ClosureListenerRegistration {}
        entries.withLock { $0.append(Entry(date: date, refresh: refresh, registration: registration)) }
        return registration
    }

    /// How many refreshes were scheduled, cancelled or not.
    var scheduledCount: Int { entries.withLock { $0.count } }

    /// The dates of the refreshes scheduled and not cancelled (nor fired), oldest first.
    var pendingDates: [Date] { entries.withLock { $0.filter { !$0.registration.isRemoved }.map(\.date) } }

    /// Fires the one pending refresh, as its timer would, and returns when the refresh is done.
    func fire(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let pending = entries.withLock { $0.filter { !$0.registration.isRemoved } }
        let entry = try #require(pending.count == 1 ? pending.first : nil, sourceLocation: sourceLocation)
        entry.registration.remove()
        await entry.refresh()
    }
}
