// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop

// A leaf component: nothing depends on Functions, so it registers under an internal, empty protocol and
// is reached only through its own entry point. It optionally depends on AuthInterop.

/// An empty protocol to register Functions with: internal, so only this module can ask a container for it.
protocol FunctionsInstanceProvider: AnyObject, Sendable {}

/// A tiny Functions client: one per app, calls are made as the signed-in user when Auth is present.
final class DemoFunctions: FunctionsInstanceProvider, ComponentLifecycleMaintainer, CustomStringConvertible {
    /// The app this instance belongs to.
    let appName: String
    private let serial = Serial.next("DemoFunctions")
    /// Injected by the factory (nil when no component provides AuthInterop).
    private let auth: (any AuthInterop)?

    init(appName: String, auth: (any AuthInterop)?) {
        self.appName = appName
        self.auth = auth
    }

    var description: String { "DemoFunctions #\(serial)" }

    /// Pretends to call a callable function and says as whom.
    func call(_ function: String) -> String {
        guard let auth else { return "\(function)() sent without auth (no AuthInterop in this app)" }
        return "\(function)() sent as user \(auth.getUserID() ?? "<nobody signed in>")"
    }

    func appWillBeDeleted(_ app: FlintApp) async {
        componentSays("\(self)", "appWillBeDeleted(\(app.displayName)): cancelled pending calls")
    }

    /// The public entry point, like Firebase's `Functions.functions(app:)`.
    static func functions(app: FlintApp) throws -> DemoFunctions {
        // The only conformer of the instance-provider protocol is DemoFunctions.
        try app.container.require(FunctionsInstanceProvider.self) as! DemoFunctions
    }
}

/// Registers Functions: one cacheable instance per app, plus a health check for Diagnostics.
enum FunctionsLibrary: FlintLibrary {
    static let libraryName = "flint-demo-functions"
    static let libraryVersion = "1.0.0"

    static func componentsToRegister() -> [Component] {
        [
            Component(FunctionsInstanceProvider.self, dependencies: [.optional(AuthInterop.self)]) {
                container, isCacheable in
                isCacheable = true
                // Optional: nil when no component provides AuthInterop in this app.
                let auth = container.instance(for: AuthInterop.self)
                let functions = DemoFunctions(appName: container.appName, auth: auth)
                let seen = auth.map { "got AuthInterop (\($0))" } ?? "no AuthInterop, continuing without"
                componentSays(
                    "\(functions)", "created for \(FlintApp.displayName(forAppNamed: container.appName)); \(seen)")
                return functions
            },
            .contribution(to: HealthCheck.self) { _, isCacheable in
                isCacheable = true
                return HealthCheck(name: "functions") { "reachable" }
            },
        ]
    }
}
