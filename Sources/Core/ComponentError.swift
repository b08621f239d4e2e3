/// Errors of component registration, graph validation and resolution.
///
/// Type names are the fully qualified names of the keyed types (as `String(reflecting:)` prints them, minus
/// the unstable `(unknown context at $…).` part of private types; see ``typeName(of:)``), so that two types
/// with one short name in different modules stay apart in messages.
public enum ComponentError: Error, Equatable, CustomStringConvertible {
    /// No component provides this type in the container.
    case notRegistered(type: String)
    /// Two or more libraries register a component for one type. Overrides are the way to replace one.
    case duplicateComponent(type: String, libraries: [String])
    /// A component's required dependency has no provider in the container.
    case missingDependency(component: String, dependency: String)
    /// The dependency graph has a cycle; every type in it, in cycle order, each once.
    case dependencyCycle([String])
    /// A factory asked its restricted container for a type it did not declare as a dependency.
    case undeclaredDependency(component: String, requested: String)
    /// A resolved instance is not of the type that was asked for (for example a set contribution or an
    /// aliased type whose conversion failed).
    case instanceDoesNotConform(type: String, instanceType: String)
    /// The factory returned nil ("nothing for this app"); it runs again on the next request.
    case factoryReturnedNil(type: String)
    /// The factory threw; `reason` is the thrown error's description.
    case factoryFailed(type: String, reason: String)
    /// The container's app was deleted.
    case appDeleted(name: String)

    /// The name Flint uses for `type` in errors, events and graph exports.
    public static func typeName(of type: Any.Type) -> String {
        readableTypeName(type)
    }

    public var description: String {
        switch self {
        case .notRegistered(let type):
            return "No component is registered for \(type)."
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
            return "The app '\(name)' was deleted."
        }
    }
}
