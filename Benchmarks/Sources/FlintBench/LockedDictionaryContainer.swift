// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Synchronization

/// The "baseline-dict" system: the straightforward container everybody writes first. A dictionary keyed
/// by `ObjectIdentifier(T.self)` behind one `Mutex`, instances stored as existentials and cast back with
/// `as! T` on every resolve; factories are closures stored in the same dictionary and run outside the lock.
///
/// Deliberately simple: two threads racing on the first resolve of a cached entry may both run its factory
/// (the last one wins). Resolved types here are protocol existentials, so `as! T` is a cast from `Any` to
/// the protocol, the cost this baseline exists to show.
final class LockedDictionaryContainer: Sendable {
    private enum Entry: Sendable {
        case instance(any Sendable)
        case factory(cached: Bool, make: @Sendable (LockedDictionaryContainer) -> any Sendable)
    }

    private let entries = Mutex<[ObjectIdentifier: Entry]>([:])

    /// Registers an already created instance.
    func register<T: Sendable>(_ type: T.Type, instance: T) {
        entries.withLock { $0[ObjectIdentifier(type)] = .instance(instance) }
    }

    /// Registers a factory; `cached` keeps the first instance, otherwise every resolve runs the factory.
    func register<T: Sendable>(
        _ type: T.Type, cached: Bool,
        factory: @escaping @Sendable (LockedDictionaryContainer) -> T
    ) {
        entries.withLock { $0[ObjectIdentifier(type)] = .factory(cached: cached, make: factory) }
    }

    /// The instance for `type`, or nil when nothing is registered.
    func resolve<T>(_ type: T.Type) -> T? {
        let key = ObjectIdentifier(type)
        switch entries.withLock({ $0[key] }) {
        case .instance(let instance):
            return (instance as! T)
        case .factory(let cached, let make):
            let instance = make(self)
            if cached { entries.withLock { $0[key] = .instance(instance) } }
            return (instance as! T)
        case nil:
            return nil
        }
    }
}
