// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// `for key in remoteConfig`: Firebase's `RemoteConfig` enumerates the keys of the active config (its
/// `NSFastEnumeration`), as ``allKeys(from:)`` with ``RemoteConfigSource/remote`` lists them.
extension RemoteConfig: Sequence {
    /// An iterator over the active config's keys, as they are now.
    public func makeIterator() -> IndexingIterator<[String]> {
        allKeys(from: .remote).makeIterator()
    }
}
