// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The protocol-typed service resolved by the cached-resolve cases.
protocol BenchService: AnyObject, Sendable {
    /// Some work, so the service is not empty.
    func value() -> Int
}

/// The cached (singleton) implementation of ``BenchService``.
final class BenchServiceImpl: BenchService {
    let seed: Int
    init(seed: Int = 1) { self.seed = seed }
    func value() -> Int { seed }
}

/// A second, unrelated protocol: the service the second thread resolves in `cached_resolve_2_threads`, so
/// that each thread resolves its own type and its own instance.
protocol OtherService: AnyObject, Sendable {
    /// Some work, so the service is not empty.
    func value() -> Int
}

/// The cached implementation of ``OtherService``.
final class OtherServiceImpl: OtherService {
    func value() -> Int { 2 }
}

/// The cached dependency of the fresh instances.
final class SharedDependency: Sendable {
    let id = 7
}

/// The protocol-typed service created anew on every resolve in `fresh_instance`.
protocol FreshService: AnyObject, Sendable {
    /// The injected dependency.
    var dependency: SharedDependency { get }
}

/// A new instance per resolve, holding the one cached ``SharedDependency``.
final class FreshServiceImpl: FreshService {
    let dependency: SharedDependency
    init(dependency: SharedDependency) { self.dependency = dependency }
}

/// The service behind every generated type of the configure and eager cases: one distinct class per key
/// type `Key`, holding the instance it depends on (its parent in the generated tree).
final class Node<Key>: Sendable {
    let parent: (any AnyObject & Sendable)?
    init(parent: (any AnyObject & Sendable)?) { self.parent = parent }
}

/// The "stored property" baseline: the services held directly by an object.
final class PropertyHolder: @unchecked Sendable {
    /// `var` (and the holder passed through ``opaque(_:)``) so that reads are not hoisted out of a loop.
    var service: any BenchService
    var other: any OtherService
    var dependency: SharedDependency

    init() {
        service = BenchServiceImpl()
        other = OtherServiceImpl()
        dependency = SharedDependency()
    }
}

/// Carries a value that is not `Sendable` (a Swinject container) across threads. Only used where the value
/// is thread-safe by construction (a synchronized resolver) or used by one thread at a time.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
}
