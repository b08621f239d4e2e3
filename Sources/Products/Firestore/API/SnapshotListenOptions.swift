// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// How a snapshot listener behaves (Firebase's `SnapshotListenOptions`): whether metadata-only changes raise
/// snapshots, and where the data comes from. Each `with` method returns new options.
///
/// ```swift
/// let options = SnapshotListenOptions()
///     .withSource(.cache)
///     .withIncludeMetadataChanges(true)
/// let registration = db.collection("cities").addSnapshotListener(options: options) { snapshot, error in
///     // snapshots from the local cache only
/// }
/// ```
public struct SnapshotListenOptions: Sendable, Hashable {
    /// Where the listener gets its data; ``ListenSource/default`` unless set.
    public private(set) var source: ListenSource = .default
    /// Whether changes of `hasPendingWrites` / `isFromCache` alone raise snapshots; false unless set.
    public private(set) var includeMetadataChanges = false

    /// The default options: ``ListenSource/default``, without metadata-only changes.
    public init() {}

    /// These options with `includeMetadataChanges` (Firebase's `optionsWithIncludeMetadataChanges:`).
    public func withIncludeMetadataChanges(_ includeMetadataChanges: Bool) -> SnapshotListenOptions {
        var options = self
        options.includeMetadataChanges = includeMetadataChanges
        return options
    }

    /// These options with `source` (Firebase's `optionsWithSource:`).
    public func withSource(_ source: ListenSource) -> SnapshotListenOptions {
        var options = self
        options.source = source
        return options
    }
}
