// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop

/// A small product used by this suite: greets the signed-in user, through AuthInterop when present.
final class Greeter: Sendable {
    let auth: (any AuthInterop)?
    let salutation: String
    init(auth: (any AuthInterop)?, salutation: String = "Hello") {
        self.auth = auth
        self.salutation = salutation
    }
    func greeting() -> String { "\(salutation), \(auth?.getUserID() ?? "stranger")" }
}

/// Registers ``Greeter`` with an optional dependency on AuthInterop.
enum GreeterLibrary: FlintLibrary {
    static let libraryName = "testing-greeter"
    static let libraryVersion = "2.1.0"
    static func componentsToRegister() -> [Component] {
        [
            Component(Greeter.self, dependencies: [.optional(AuthInterop.self)]) { container, isCacheable in
                isCacheable = true
                return Greeter(auth: container.instance(for: AuthInterop.self))
            }
        ]
    }
}

/// An instance that records `appWillBeDeleted`.
final class LifecycleProbe: ComponentLifecycleMaintainer {
    private let deletedApps = Locked<[String]>([])
    var appsDeleted: [String] { deletedApps.withLock { $0 } }
    func appWillBeDeleted(_ app: FlintApp) async {
        deletedApps.withLock { $0.append(app.name) }
    }
}
