// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore

/// A lock-protected weak reference that `@Sendable` closures can set and read: check that an object is released,
/// with a bounded wait.
///
/// ```swift
/// let task = WeakHolder<StorageUploadTask>()
/// do { task.set(ref.putData(data)) }
/// try await waitUntil { task.value == nil }
/// ```
public final class WeakHolder<T: AnyObject>: @unchecked Sendable {
    private let lock = Locked<Void>(())
    private weak var stored: T?

    /// An empty holder.
    public init() {}

    /// Holds `value`, weakly.
    public func set(_ value: T) { lock.withLock { _ in stored = value } }

    /// The object, while something else keeps it.
    public var value: T? { lock.withLock { _ in stored } }
}
