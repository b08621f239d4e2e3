/// Errors thrown by the app-level API (`AppRegistry`, `FlintApp`, `FlintOptions`).
///
/// Every failure is thrown, never trapped, and names what was wrong.
public enum FlintError: Error, Equatable, CustomStringConvertible {
    /// An app with this name is already configured in the registry.
    case appAlreadyConfigured(name: String)
    /// The app name is empty or contains characters other than `[A-Za-z0-9_-]`.
    case invalidAppName(String)
    /// The options are unusable; `reason` says which key and why.
    case invalidOptions(reason: String)
    /// `FlintApp.configure()` found no default options file (`FLINT_OPTIONS_FILE`, or
    /// `./GoogleService-Info.plist`).
    case missingDefaultOptions
    /// The app was deleted.
    case appDeleted(name: String)
    /// A registered library (or user-agent entry) has a name outside `[A-Za-z0-9._-]+`.
    case invalidLibraryName(String)
    /// A product entry point without an `app:` argument (such as `Auth.auth()`) found no default app in
    /// `AppRegistry.shared`: call `FlintApp.configure()` first.
    case defaultAppNotConfigured

    public var description: String {
        switch self {
        case .appAlreadyConfigured(let name):
            return "An app named '\(name)' is already configured."
        case .invalidAppName(let name):
            return "Invalid app name '\(name)': use a non-empty name of letters, digits, '-' and '_'."
        case .invalidOptions(let reason):
            return "Invalid options: \(reason)"
        case .missingDefaultOptions:
            return "No default options found: set FLINT_OPTIONS_FILE or add ./GoogleService-Info.plist."
        case .appDeleted(let name):
            return "The app '\(name)' was deleted."
        case .invalidLibraryName(let name):
            return "Invalid library name '\(name)': use letters, digits, '.', '-' and '_'."
        case .defaultAppNotConfigured:
            return "No default app is configured: call FlintApp.configure() first."
        }
    }
}
