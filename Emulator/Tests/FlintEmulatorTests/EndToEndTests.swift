// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintAppCheck
import FlintAuth
import FlintCore
import FlintDatabase
import FlintEmulator
import FlintFunctions
import FlintInstallations
import FlintMessaging
import FlintRemoteConfig
import FlintStorage
import FlintTesting
import Foundation
import Testing

/// One app, every product's wire client pointed at one emulator, no fixtures: sign-up → ID token → a Database
/// write the rules allow only to that user → a Storage upload and download under the user's folder → a callable
/// that sees the uid → a Remote Config fetch of a published template → an Installations ID and token → a
/// Messaging token and a message sent to it → an App Check token from a debug token.
@Suite("End to end: every product against one emulator")
struct EndToEndTests {
    @Test func everyProductWorksAgainstOneEmulator() async throws {
        let databaseRules: @Sendable (DatabaseRulesRequest) -> Bool = { request in
            request.operation == .read || request.path.hasPrefix("/users/\(request.uid ?? "-")")
        }
        let storageRules: StorageRules = { request in request.path.hasPrefix("users/\(request.uid ?? "-")/") }
        try await withEmulator(.ephemeral(), databaseRules: databaseRules, storageRules: storageRules) { emulator in
            func endpoint(_ service: EmulatorConfiguration.Service) throws -> FlintEmulator.Endpoint {
                try #require(emulator.endpoints[service])
            }
            let appCheckFactory = AppCheckDebugProviderFactory(
                endpoint: .emulator(host: try endpoint(.appCheck).host, port: try endpoint(.appCheck).port),
                debugToken: UUID().uuidString)
            let app = try TestApp.make(
                libraries: [
                    AuthLibrary.self, DatabaseLibrary.self, StorageLibrary.self, FunctionsLibrary.self,
                    InstallationsLibrary.self, RemoteConfigLibrary.self, MessagingLibrary.self, AppCheckLibrary.self,
                ],
                overrides: [
                    AppCheckLibrary.providerFactory(appCheckFactory),
                    MessagingLibrary.settings(MessagingSettings(isAutoInitEnabled: false)),
                ],
                options: emulatorOptions)

            // Auth: a new account, its ID token issued by the emulator for the project.
            let auth = try Auth.auth(app: app)
            auth.useEmulator(withHost: try endpoint(.auth).host, port: try endpoint(.auth).port)
            let user = try await auth.createUser(withEmail: "ada@example.com", password: "analytical").user
            let claims = try await user.getIDTokenResult().claims
            #expect(claims["aud"] == .string("demo-flint"))

            // Realtime Database: the write carries the ID token; another user's location is refused.
            let database = try Database.database(app: app)
            try database.useEmulator(withHost: try endpoint(.database).host, port: try endpoint(.database).port)
            let profile = database.reference(withPath: "users/\(user.uid)/profile")
            try await profile.setValue(["name": "Ada"])
            #expect(try await profile.getData().childSnapshot(forPath: "name").value as? String == "Ada")
            await #expect(throws: (any Error).self) {
                try await database.reference(withPath: "users/someone-else").setValue(1)
            }

            // Storage: an upload and a download under the user's folder.
            let storage = try Storage.storage(app: app)
            storage.useEmulator(withHost: try endpoint(.storage).host, port: try endpoint(.storage).port)
            let notes = storage.reference(withPath: "users/\(user.uid)/notes.txt")
            _ = try await notes.putDataAsync(Data("analytical engine".utf8))
            #expect(try await notes.data(maxSize: 1 << 10) == Data("analytical engine".utf8))

            // Functions: the callable sees the signed-in user.
            let functions = try Functions.functions(app: app)
            functions.useEmulator(withHost: try endpoint(.functions).host, port: try endpoint(.functions).port)
            #expect(try await functions.httpsCallable("whoami").call().data["uid"] == .string(user.uid))

            // Remote Config: a published template, fetched through the real Installations client.
            let installations = try Installations.installations(app: app)
            try installations.useEmulator(
                withHost: try endpoint(.installations).host, port: try endpoint(.installations).port)
            let template = try await RawHTTP.json(
                "PUT", emulator.url(.remoteConfig, "/v1/projects/demo-flint/remoteConfig"),
                ["parameters": ["welcome": ["defaultValue": ["value": "Hello, Ada"]]]], headers: ["If-Match": "*"])
            #expect(template.status == 200)
            let remoteConfig = try RemoteConfig.remoteConfig(app: app)
            try remoteConfig.useEmulator(
                withHost: try endpoint(.remoteConfig).host, port: try endpoint(.remoteConfig).port)
            #expect(try await remoteConfig.fetchAndActivate() == .successFetchedFromRemote)
            #expect(remoteConfig["welcome"].stringValue == "Hello, Ada")

            // Installations: the ID the emulator registered, and a token for it.
            let fid = try await installations.installationID()
            #expect(emulator.installationsBackend?.registeredInstallations.contains(fid) == true)
            #expect(try await installations.authToken().authToken.isEmpty == false)

            // Messaging: a token, and a message sent to it through the send endpoint arrives.
            let messaging = try Messaging.messaging(app: app)
            try messaging.useEmulator(withHost: try endpoint(.messaging).host, port: try endpoint(.messaging).port)
            let messages = messaging.foregroundMessages
            let token = try await messaging.token()
            try await waitUntil { emulator.messagingBackend?.receiverCount(for: token) == 1 }
            let sent = try await RawHTTP.json(
                "POST", emulator.url(.messaging, "/v1/projects/demo-flint/messages:send"),
                ["message": ["token": token, "data": ["for": user.uid]]], headers: ["Authorization": "Bearer owner"])
            #expect(sent.status == 200)
            #expect(try await first(of: messages).appData["for"] == user.uid)

            // App Check: a token for the app, issued by the emulator.
            let appCheckToken = try await AppCheck.appCheck(app: app).token(forcingRefresh: false)
            #expect(emulator.appCheckBackend?.verify(appCheckToken.token)?.sub == emulatorOptions.googleAppID)
        }
    }
}
