// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// Fetch settings (Firebase's `RemoteConfigSettings`), set through ``RemoteConfig/configSettings``.
public struct RemoteConfigSettings: Sendable, Hashable {
    /// The youngest a fetched config may be before ``RemoteConfig/fetch()`` asks the backend again, in
    /// seconds: 12 hours unless set. 0 fetches every time (development).
    public var minimumFetchInterval: TimeInterval
    /// How long a fetch request may take, in seconds: 60 unless set.
    public var fetchTimeout: TimeInterval

    /// Settings with Firebase's defaults: 12 hours between fetches, 60-second requests.
    public init(minimumFetchInterval: TimeInterval = 43_200, fetchTimeout: TimeInterval = 60) {
        self.minimumFetchInterval = minimumFetchInterval
        self.fetchTimeout = fetchTimeout
    }
}
