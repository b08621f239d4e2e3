/// Resolves a type later, on each ``get()``; what a factory with a ``Dependency/provider(_:isRequired:)``
/// dependency receives from `container.provider(for:)`.
///
/// Holding a provider instead of the instance breaks construction cycles (A needs B, B needs a provider
/// of A) and defers costly creation until it is needed. The provider keeps its container weakly.
/// `T` is `Sendable`, as everything that comes out of a container is.
public struct Provider<T: Sendable>: Sendable {
    private let reference: WeakStorageReference
    private let index: Int?
    /// The qualified key resolved, for naming it when nothing provides it; nil for an unqualified `T`.
    private let key: TypeKey?

    init(storage: ContainerStorage, index: Int?, key: TypeKey? = nil) {
        reference = WeakStorageReference(storage)
        self.index = index
        self.key = key
    }

    /// The instance, or nil when there is none (not registered, nil factory, failure, app gone).
    public func get() -> T? {
        try? require()
    }

    /// The instance, or the reason there is none.
    public func require() throws(ComponentError) -> T {
        guard let storage = reference.storage, !storage.isDeleted else { throw .appDeleted(name: reference.appName) }
        guard let index else { throw .notRegistered(type: key?.name ?? readableTypeName(T.self)) }
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
