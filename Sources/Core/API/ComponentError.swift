// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Errors of component registration, graph validation and resolution, and of every product entry point
/// (`Auth.auth()`, `Firestore.firestore(app:database:)`, …; see
/// <doc:ComponentSystem#Product-entry-points>).
///
/// Type names are the fully qualified names of the keyed types (as `String(reflecting:)` prints them, minus
/// the unstable `(unknown context at $…).` part of private types; see ``typeName(of:)``), so that two types
/// with one short name in different modules stay apart in messages. App names are printed with
/// ``FlintApp/displayName(forAppNamed:)``: "the default app" or "app 'name'".
public enum ComponentError: Error, Equatable, CustomStringConvertible {
    /// No component provides this type in the container.
    case notRegistered(type: String)
    /// A product entry point found no component for its product in the app: the product's library
    /// (`library`, the name of its ``FlintLibrary`` type, e.g. `AuthLibrary`) was not registered with the app's
    /// registry before the app was configured. `type` is the product's type, e.g. `FlintAuth.Auth`.
    case libraryNotRegistered(type: String, library: String)
    /// Two or more libraries register a component for one type. Overrides are the way to replace one.
    case duplicateComponent(type: String, libraries: [String])
    /// A component's required dependency has no provider in the container.
    case missingDependency(component: String, dependency: String)
    /// The dependency graph has a cycle; every type in it, in cycle order, each once.
    case dependencyCycle([String])
    /// A factory asked its restricted container for a type it did not declare as a dependency.
    case undeclaredDependency(component: String, requested: String)
    /// A resolved instance is not of the type it was converted to: thrown by
    /// ``ComponentContainer/require(_:as:)`` (the combined-protocol pattern's down-cast), with the
    /// instance's dynamic type.
    case instanceDoesNotConform(type: String, instanceType: String)
    /// The factory returned nil ("nothing for this app"); it runs again on the next request.
    case factoryReturnedNil(type: String)
    /// The factory threw; `reason` is the thrown error's description.
    case factoryFailed(type: String, reason: String)
    /// The container's app was deleted. The one error for a deleted app, in containers and product entry
    /// points alike (`FlintError.appDeleted` is deprecated and never thrown).
    case appDeleted(name: String)
    /// A product entry point without an `app:` argument (such as `Auth.auth()`) found no default app in
    /// `AppRegistry.shared`: call `FlintApp.configure()` first, or pass an app.
    case defaultAppNotConfigured
    /// A product cannot work with its app's options (for example Firestore or Functions without a
    /// `projectID`). `product` is the product's type name, e.g. `FlintFirestore.Firestore`; `reason` names
    /// the option and what to do.
    case invalidOptions(product: String, reason: String)
    /// A product entry point's own argument is unusable (for example a malformed Firestore database ID).
    /// `product` is the product's type name; `reason` names the argument and its valid form.
    case invalidArgument(product: String, reason: String)
    /// A library (or user-agent entry) name outside `[A-Za-z0-9._-]+`, refused by `AppRegistry.register`,
    /// `registerUserAgent(name:version:)` and `FlintApp.registerLibrary(_:)` (the registry is unchanged).
    case invalidLibraryName(String)

    /// The name Flint uses for `type` in errors, events and graph exports.
    public static func typeName(of type: Any.Type) -> String {
        readableTypeName(type)
    }

    /// The error in words, with what to do about it where there is something to do.
    public var description: String {
        switch self {
        case .notRegistered(let type):
            return "No component is registered for \(type): register the library that provides it (libraries "
                + "registered after an app was configured reach it too), or pass a component for it in "
                + "configure(overrides:)."
        case .libraryNotRegistered(let type, let library):
            return "\(type) is not registered: register its library with FlintApp.registerLibrary(\(library).self) "
                + "(or registry.register(\(library).self)); it reaches apps already configured too."
        case .duplicateComponent(let type, let libraries):
            return "Multiple components provide \(type) (libraries: \(libraries.joined(separator: ", ")))."
        case .missingDependency(let component, let dependency):
            return "\(component) requires \(dependency), which no component provides."
        case .dependencyCycle(let members):
            let path = (members + members.prefix(1)).joined(separator: " -> ")
            return "Dependency cycle: \(path)."
        case .undeclaredDependency(let component, let requested):
            return "\(component) requested \(requested), which it did not declare as a dependency."
        case .instanceDoesNotConform(let type, let instanceType):
            return "The instance of \(instanceType) does not conform to \(type)."
        case .factoryReturnedNil(let type):
            return "The factory for \(type) returned nil."
        case .factoryFailed(let type, let reason):
            return "The factory for \(type) failed: \(reason)"
        case .appDeleted(let name):
            return "Cannot use \(FlintApp.displayName(forAppNamed: name)): it was deleted."
        case .defaultAppNotConfigured:
            return "No default app is configured in AppRegistry.shared: call FlintApp.configure() first, "
                + "or pass an app."
        case .invalidOptions(let product, let reason):
            return "\(product) cannot use the app's options: \(reason)"
        case .invalidArgument(let product, let reason):
            return "Invalid argument for \(product): \(reason)"
        case .invalidLibraryName(let name):
            return "Invalid library name '\(name)': use letters, digits, '.', '-' and '_'."
        }
    }
}
