// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInstallations
import FlintRemoteConfig
import Foundation

/// The Installations and Remote Config part of the tour: an installation ID and token, defaults, a fetch
/// with a condition, then a config update arriving live through `updates` while a consumer listens, and
/// activated. Uses its own private registry and deletes its app at the end.
func remoteConfigTour() async throws {
    var narrator = Narrator()
    print("")
    print("Flint Installations and Remote Config: a config update arriving live")

    let registry = AppRegistry()
    try registry.register(InstallationsLibrary.self)
    try registry.register(RemoteConfigLibrary.self)
    let backend = LocalRemoteConfigBackend()
    let app = try registry.configure(
        name: "rc-tour", options: DemoOptions.standard,
        overrides: [RemoteConfigLibrary.backend(backend)])

    narrator.section(
        "The installation",
        "Installations creates the app instance's ID on first use; Remote Config reaches it through InstallationsInterop."
    )
    let installations = try Installations.installations(app: app)
    let fid = try await installations.installationID()
    let token = try await installations.authToken(forcingRefresh: false)
    narrator.show("installationID() → \(fid) (\(fid.count) characters); authToken expires \(token.expirationDate)")

    narrator.section(
        "Defaults, then a fetch",
        "The template gives 10% of installations (hashed on the ID) a beta greeting; everyone else the default.")
    try backend.publish(
        RemoteConfigTemplate(
            parameters: [
                "greeting": RemoteConfigParameter(defaultValue: "Hello", conditionalValues: ["beta": "Hi, tester"]),
                "theme": RemoteConfigParameter(defaultValue: "light"),
            ],
            conditions: [RemoteConfigCondition(name: "beta", expression: .percent(lowerBound: 0, upperBound: 10))]))
    let remoteConfig = try RemoteConfig.remoteConfig(app: app)
    try remoteConfig.setDefaults(["greeting": "Welcome", "theme": "system"])
    narrator.show(
        "before fetching: greeting = \(remoteConfig["greeting"].stringValue) (source \(remoteConfig["greeting"].source))"
    )
    let status = try await remoteConfig.fetchAndActivate()
    narrator.show(
        "fetchAndActivate() → \(status); greeting = \(remoteConfig["greeting"].stringValue) (source \(remoteConfig["greeting"].source)), theme = \(remoteConfig["theme"].stringValue)"
    )
    narrator.show(
        "fetchAndActivate() again → \(try await remoteConfig.fetchAndActivate()) (the 12-hour minimum fetch interval)")

    narrator.section(
        "A config update arriving live",
        "A consumer iterates remoteConfig.updates; publishing a new template version fetches it at once and yields the changed keys. The app still activates."
    )
    let listening = AsyncStream<Void>.makeStream()
    let consumer = Task { () throws -> RemoteConfigUpdate? in
        listening.continuation.yield()
        for try await update in remoteConfig.updates { return update }
        return nil
    }
    for await _ in listening.stream { break }
    // The consumer's listener may not be registered yet: the embedded backend replays the newest version on
    // connect, so publishing now is never missed.
    try backend.publish(RemoteConfigTemplate(values: ["greeting": "Hello", "theme": "dark", "banner": "Spring sale"]))
    if let update = try await consumer.value {
        narrator.show("updates yielded updatedKeys = \(update.updatedKeys.sorted())")
        narrator.show("not active yet: theme = \(remoteConfig["theme"].stringValue)")
        narrator.show(
            "activate() → \(try await remoteConfig.activate()); theme = \(remoteConfig["theme"].stringValue), banner = \(remoteConfig["banner"].stringValue)"
        )
    }
    await app.delete()
}
