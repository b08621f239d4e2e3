// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// A module that registers components with Flint, like Firebase's `FIRLibrary`.
///
/// Register the library with ``AppRegistry/register(_:)`` (or ``FlintApp/registerLibrary(_:)``) before
/// configuring apps; every app configured afterwards gets its components. Apps configured earlier do
/// not (they are already validated and running).
///
/// ```swift
/// enum FunctionsLibrary: FlintLibrary {
///     static let libraryName = "flint-fun"
///     static let libraryVersion = "1.0.0"
///     static func componentsToRegister() -> [Component] {
///         [Component(FunctionsProvider.self, dependencies: [.optional(AuthInterop.self)]) { container, isCacheable in
///             isCacheable = true
///             return FunctionsProvider(app: container.app, auth: container.instance(for: AuthInterop.self))
///         }]
///     }
/// }
/// ```
public protocol FlintLibrary {
    /// The library's name in the user agent, e.g. `"flint-auth"`; `[A-Za-z0-9._-]+`.
    static var libraryName: String { get }
    /// The library's version in the user agent, e.g. `"1.0.0"`.
    static var libraryVersion: String { get }
    /// The components this library provides to every app configured after it is registered.
    static func componentsToRegister() -> [Component]
}

/// An object created by a component that wants to know when its app is deleted.
///
/// `FlintApp.delete()` awaits ``appWillBeDeleted(_:)`` on every cached instance that conforms, in reverse
/// creation order (dependents before what they depend on), before it releases them.
public protocol ComponentLifecycleMaintainer: AnyObject, Sendable {
    /// Called once when the app that owns this instance is being deleted.
    func appWillBeDeleted(_ app: FlintApp) async
}
