// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// What Remote Config keeps of one app between launches: the fetched and active configs, their template
/// versions, and the fetch bookkeeping (status, times, backoff).
struct RemoteConfigStoredState: Codable, Sendable, Equatable {
    /// The latest fetched config.
    var fetched: [String: String] = [:]
    /// The active config, read by ``RemoteConfig/configValue(forKey:)``.
    var active: [String: String] = [:]
    /// The template version of ``fetched`` (0 for none).
    var fetchedTemplateVersion = 0
    /// The template version of ``active``.
    var activeTemplateVersion = 0
    /// Whether a fetch brought a config that ``RemoteConfig/activate()`` has not copied yet.
    var hasUnactivatedFetch = false
    /// ``RemoteConfigFetchStatus`` raw value.
    var lastFetchStatus = RemoteConfigFetchStatus.noFetchYet.rawValue
    /// When the latest fetch (successful or not) ended.
    var lastFetchTime: Date?
    /// When the latest successful fetch ended (the minimum fetch interval counts from it).
    var lastSuccessfulFetchTime: Date?
    /// Until when fetches are throttled after server errors.
    var throttleEndTime: Date?
    /// The current backoff interval, in seconds (0 when not backing off).
    var backoffInterval: Double = 0

    /// The keys that differ between ``fetched`` and ``active``: added, changed or removed.
    var changedKeys: Set<String> {
        Set(fetched.keys).union(active.keys).filter { fetched[$0] != active[$0] }
    }
}
