// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Resolves a type later, on each ``get()``; what a factory with a ``Dependency/provider(_:isRequired:)-(T.Type,_)``
/// dependency receives from `container.provider(for:)`.
///
/// Holding a provider instead of the instance breaks construction cycles (A needs B, B needs a provider
/// of A) and defers costly creation until it is needed. The provider keeps its container weakly.
/// `T` is `Sendable`, as everything that comes out of a container is.
public struct Provider<T: Sendable>: Sendable {
    private let reference: WeakStorageReference
    /// The providing slot found when the provider was made; nil when nothing provided the type then (a library
    /// registered later may: see ``require()``).
    private let index: Int?
    /// The key resolved (qualified or not), to look it up again and to name it when nothing provides it.
    private let key: TypeKey

    init(storage: ContainerStorage, index: Int?, key: TypeKey) {
        reference = WeakStorageReference(storage)
        self.index = index
        self.key = key
    }

    /// The instance, or nil when there is none (not registered, nil factory, failure, app gone).
    public func get() -> T? {
        try? require()
    }

    /// The instance, or the reason there is none. A provider made when nothing provided its type looks the type
    /// up again on each call, so a library registered after the app was configured reaches it.
    public func require() throws(ComponentError) -> T {
        guard let storage = reference.storage, !storage.isDeleted else { throw .appDeleted(name: reference.appName) }
        guard let index = index ?? storage.index(of: key.id) else { throw .notRegistered(type: key.name) }
        return try storage.value(at: index, as: T.self)
    }
}

/// A weak reference to container storage that can cross threads (the reference never changes after init).
final class WeakStorageReference: @unchecked Sendable {
    private(set) weak var storage: ContainerStorage?
    let appName: String

    init(_ storage: ContainerStorage) {
        self.storage = storage
        appName = storage.appName
    }
}
