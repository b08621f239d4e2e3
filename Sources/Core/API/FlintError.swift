// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Errors thrown by the app-level API (`AppRegistry.configure`, `FlintApp.configure`, `FlintOptions`).
///
/// Every failure is thrown, never trapped, and names what was wrong. Component, library and product
/// entry-point errors (including a deleted app) are ``ComponentError``s.
public enum FlintError: Error, Equatable, CustomStringConvertible {
    /// An app with this name is already configured in the registry.
    case appAlreadyConfigured(name: String)
    /// The app name is empty or contains characters other than `[A-Za-z0-9_-]`.
    case invalidAppName(String)
    /// The options are unusable; `reason` says which key and why. Also thrown by `FlintApp.configure()` when
    /// the default options file exists but does not load (the reason names the file and the problem).
    case invalidOptions(reason: String)
    /// `FlintApp.configure()` found no default options file (`FLINT_OPTIONS_FILE`, or
    /// `./GoogleService-Info.plist`).
    case missingDefaultOptions
    /// Never thrown: a deleted app is reported as ``ComponentError/appDeleted(name:)``, by containers and
    /// product entry points alike. Kept so that code naming it still compiles.
    @available(*, deprecated, message: "Deleted apps are reported as ComponentError.appDeleted(name:)")
    case appDeleted(name: String)

    /// The error in words.
    public var description: String {
        switch self {
        case .appAlreadyConfigured(let name):
            return "Cannot configure \(FlintApp.displayName(forAppNamed: name)): it is already configured."
        case .invalidAppName(let name):
            return "Invalid app name '\(name)': use a non-empty name of letters, digits, '-' and '_'."
        case .invalidOptions(let reason):
            return "Invalid options: \(reason)"
        case .missingDefaultOptions:
            return "No default options found: set FLINT_OPTIONS_FILE or add ./GoogleService-Info.plist."
        case .appDeleted(let name):
            return "Cannot use \(FlintApp.displayName(forAppNamed: name)): it was deleted."
        }
    }
}
