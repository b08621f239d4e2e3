// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintEmulator
import FlintInstallations
import FlintMessaging
import FlintTesting
import Foundation
import Testing

@Suite("Messaging service: Flint's HTTP Messaging client against the emulator")
struct MessagingServiceTests {
    private let send = "/v1/projects/demo-flint/messages:send"

    /// A Messaging instance pointed at the emulator, its Installations too.
    private func messaging(_ emulator: FlintEmulator, installationIdEnabled: Bool = false) throws -> Messaging {
        let app = try TestApp.make(
            libraries: [InstallationsLibrary.self, MessagingLibrary.self],
            overrides: [
                MessagingLibrary.settings(
                    MessagingSettings(isAutoInitEnabled: false, isInstallationIdEnabled: installationIdEnabled))
            ],
            options: emulatorOptions)
        let installations = try Installations.installations(app: app)
        let installationsEndpoint = try #require(emulator.endpoints[.installations])
        try installations.useEmulator(withHost: installationsEndpoint.host, port: installationsEndpoint.port)
        let messaging = try Messaging.messaging(app: app)
        let endpoint = try #require(emulator.endpoints[.messaging])
        try messaging.useEmulator(withHost: endpoint.host, port: endpoint.port)
        return messaging
    }

    private var configuration: EmulatorConfiguration { .ephemeral(services: [.installations, .messaging]) }

    /// Waits until the client's receive channel for `token` is connected (messages sent before are not kept).
    private func connected(_ emulator: FlintEmulator, _ token: String) async throws {
        try await waitUntil { emulator.messagingBackend?.receiverCount(for: token) == 1 }
    }

    @Test func aTokenIsRegisteredAndAMessageSentToItArrivesInTheStream() async throws {
        try await withEmulator(configuration) { emulator in
            let messaging = try messaging(emulator)
            let messages = messaging.foregroundMessages
            let token = try await messaging.token()
            let fid = try #require(emulator.installationsBackend?.registeredInstallations.first)
            #expect(token.hasPrefix("\(fid):APA91b"))
            #expect(emulator.messagingBackend?.registeredTokens == [token])
            try await connected(emulator, token)
            let sent = try await RawHTTP.json(
                "POST", emulator.url(.messaging, send),
                ["message": ["token": token, "data": ["text": "hello"], "notification": ["title": "Hi"]]],
                headers: ["Authorization": "Bearer owner"])
            #expect(sent.status == 200)
            #expect((sent.json["name"] as? String)?.hasPrefix("projects/demo-flint/messages/") == true)
            let message = try await first(of: messages)
            #expect(message.appData == ["text": "hello", "gcm.notification.title": "Hi"])
            #expect(message.from == emulatorOptions.gcmSenderID)
        }
    }

    @Test func topicsSubscribeUnsubscribeAndDeliver() async throws {
        try await withEmulator(configuration) { emulator in
            let messaging = try messaging(emulator)
            let messages = messaging.foregroundMessages
            let token = try await messaging.token()
            try await messaging.subscribe(toTopic: "weather")
            try await messaging.subscribe(toTopic: "/topics/paris")
            #expect(emulator.messagingBackend?.topics(of: token) == ["weather", "paris"])
            try await messaging.unsubscribe(fromTopic: "paris")
            #expect(emulator.messagingBackend?.topics(of: token) == ["weather"])
            try await connected(emulator, token)
            let toParis = try await RawHTTP.json(
                "POST", emulator.url(.messaging, send), ["message": ["topic": "paris", "data": ["n": "1"]]])
            #expect(toParis.status == 200)
            let sent = try await RawHTTP.json(
                "POST", emulator.url(.messaging, send),
                ["message": ["condition": "'weather' in topics", "data": ["n": "2"]]])
            #expect(sent.status == 200)
            let message = try await first(of: messages)
            #expect(message.appData == ["n": "2"])
        }
    }

    @Test func deletingTheTokenUnregistersIt() async throws {
        try await withEmulator(configuration) { emulator in
            let messaging = try messaging(emulator)
            let token = try await messaging.token()
            try await messaging.deleteToken()
            #expect(emulator.messagingBackend?.registeredTokens.isEmpty == true)
            let sent = try await RawHTTP.json(
                "POST", emulator.url(.messaging, send), ["message": ["token": token, "data": ["a": "b"]]])
            #expect(sent.status == 404)
            let error = try #require(sent.json["error"] as? [String: Any])
            #expect(error["status"] as? String == "NOT_FOUND")
            let details = try #require(error["details"] as? [[String: Any]])
            #expect(details.first?["errorCode"] as? String == "UNREGISTERED")
        }
    }

    @Test func anInstallationIDRegistrationReceivesMessagesSentToIt() async throws {
        try await withEmulator(configuration) { emulator in
            let messaging = try messaging(emulator, installationIdEnabled: true)
            let messages = messaging.foregroundMessages
            messaging.setAPNSToken(Data([0x0F, 0xA0]), type: .sandbox)
            try await messaging.register()
            let fid = try #require(emulator.installationsBackend?.registeredInstallations.first)
            #expect(emulator.messagingBackend?.registrationRequest(for: fid)?.apnsToken == Data([0x0F, 0xA0]))
            try await connected(emulator, fid)
            let sent = try await RawHTTP.json(
                "POST", emulator.url(.messaging, send), ["message": ["token": fid, "data": ["k": "v"]]])
            #expect(sent.status == 200)
            #expect(try await first(of: messages).appData == ["k": "v"])
        }
    }

    @Test func badInputGetsFirebaseShapedErrors() async throws {
        try await withEmulator(configuration) { emulator in
            func error(_ response: RawHTTP) -> [String: Any]? { response.json["error"] as? [String: Any] }
            let url = emulator.url(.messaging, send)
            let malformed = try await RawHTTP.send("POST", url, body: Data("{not json".utf8))
            #expect(malformed.status == 400)
            #expect(error(malformed)?["status"] as? String == "INVALID_ARGUMENT")
            let twoTargets = try await RawHTTP.json("POST", url, ["message": ["token": "a", "topic": "b"]])
            #expect(twoTargets.status == 400)
            let noTarget = try await RawHTTP.json("POST", url, ["message": ["data": ["a": "b"]]])
            #expect(noTarget.status == 400)
            let badTopic = try await RawHTTP.json("POST", url, ["message": ["topic": "a/b"]])
            #expect(badTopic.status == 400)
            let badCondition = try await RawHTTP.json("POST", url, ["message": ["condition": "'a' in"]])
            #expect(badCondition.status == 400)
            let notStrings = try await RawHTTP.json("POST", url, ["message": ["topic": "t", "data": ["n": 1]]])
            #expect(notStrings.status == 400)
            let reserved = try await RawHTTP.json("POST", url, ["message": ["topic": "t", "data": ["from": "x"]]])
            #expect(reserved.status == 400)
            let validated = try await RawHTTP.json(
                "POST", url, ["message": ["topic": "t", "data": ["a": "b"]], "validate_only": true])
            #expect(validated.json["name"] as? String == "projects/demo-flint/messages/fake_message_id")
            let noAuth = try await RawHTTP.json(
                "POST", emulator.url(.messaging, "/v1/projects/demo-flint/registrations"),
                ["installation": ["fid": "f", "appId": "a", "senderId": "s"]])
            #expect(noAuth.status == 401)
            let unknownTopicToken = try await RawHTTP.send(
                "POST", emulator.url(.messaging, "/iid/v1/nobody/rel/topics/t"),
                headers: ["x-goog-firebase-installations-auth": "FIS x"])
            #expect(unknownTopicToken.status == 404)
            let stream = try await RawHTTP.send(
                "GET", emulator.url(.messaging, "/emulator/v1/registrations/nobody/messages"))
            #expect(stream.status == 404)
            #expect(stream.headers["x-flint-message-stream"] == "1")
            let wrongMethod = try await RawHTTP.send("GET", url)
            #expect(wrongMethod.status == 405)
            let unknown = try await RawHTTP.send("POST", emulator.url(.messaging, "/nowhere"))
            #expect(unknown.status == 404)
            #expect(error(unknown)?["code"] as? Int == 404)
        }
    }
}
