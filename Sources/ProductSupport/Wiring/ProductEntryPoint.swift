// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore

/// The shared shape of product entry points (`Auth.auth()`, `Firestore.firestore(app:database:)`, …), as
/// described once in "Product entry points" (FlintCore's Component System guide): every entry point is
/// `throws(ComponentError)` and returns a non-optional instance.
///
/// ```swift
/// public static func auth() throws(ComponentError) -> Auth {
///     try auth(app: ProductEntryPoint.defaultApp())
/// }
///
/// public static func auth(app: FlintApp) throws(ComponentError) -> Auth {
///     try ProductEntryPoint.require(Auth.self, in: app, product: Auth.self, library: AuthLibrary.self)
/// }
/// ```
public enum ProductEntryPoint {
    /// The default app of `AppRegistry.shared`, for entry points without an `app:` argument.
    ///
    /// - Throws: `ComponentError.defaultAppNotConfigured` when there is none.
    public static func defaultApp() throws(ComponentError) -> FlintApp {
        guard let app = FlintApp.app() else { throw .defaultAppNotConfigured }
        return app
    }

    /// The instance of `component` in `app`'s container, where `component` is what `library` registers for
    /// `product` (the product type itself, or its internal provider).
    ///
    /// - Throws: `ComponentError.libraryNotRegistered(type:library:)` naming `product` and `library` when no
    ///   component provides `component` (the library was not registered before `app` was configured);
    ///   otherwise the container's errors unchanged (`ComponentError.appDeleted(name:)` for a deleted app,
    ///   `ComponentError.factoryReturnedNil(type:)`, …).
    public static func require<T: Sendable>(
        _ component: T.Type, in app: FlintApp, product: Any.Type,
        library: any FlintLibrary.Type
    ) throws(ComponentError) -> T {
        do {
            return try app.container.require(component)
        } catch .notRegistered(let type) where type == ComponentError.typeName(of: component) {
            throw .libraryNotRegistered(
                type: ComponentError.typeName(of: product), library: String(describing: library))
        }
    }
}
