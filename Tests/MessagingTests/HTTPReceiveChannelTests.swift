// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintMessaging

@Suite("The HTTP backend's receive channel, on a server that announces one")
struct HTTPReceiveChannelTests {
    private static let message =
        #"{"data":{"text":"hello"},"from":"1234567890","messageId":"0:1%flint","sentTime":1700000000123}"#

    /// Answers registrations with `tok-1` (announcing the channel when `announce`) and the channel with one message.
    private static func handler(announce: Bool) -> @Sendable (TestHTTPRequest) -> TestHTTPResponse {
        { request in
            if request.method == "GET" {
                return .eventStream(
                    [TestServerSentEvent(data: "ignored"), TestServerSentEvent(event: "message", data: message)])
            }
            return TestHTTPResponse(
                headers: announce ? ["Content-Type": "application/json", "X-Flint-Message-Stream": "1"] : [:],
                body: #"{"token":"tok-1"}"#)
        }
    }

    private func messaging(at server: TestHTTPServer) throws -> (FlintApp, Messaging) {
        let app = try makeMessagingApp()
        let messaging = try Messaging.messaging(app: app)
        try messaging.useEmulator(withHost: "127.0.0.1", port: Int(server.port))
        return (app, messaging)
    }

    @Test func anAnnouncedChannelDeliversToTheForegroundStream() async throws {
        try await withTestHTTPServer(Self.handler(announce: true)) { server in
            let (app, messaging) = try messaging(at: server)
            let messages = messaging.foregroundMessages
            #expect(try await messaging.token() == "tok-1")
            let message = try await first(of: messages)
            #expect(message.messageID == "0:1%flint")
            #expect(message.from == "1234567890")
            #expect(message.appData == ["text": "hello"])
            #expect(message.sentTime == Date(timeIntervalSince1970: 1_700_000_000.123))
            let get = try #require(server.requests.first { $0.method == "GET" })
            #expect(get.path == "/emulator/v1/registrations/tok-1/messages")
            #expect(get.headers["Accept"] == "text/event-stream")
            await app.delete()
        }
    }

    @Test func withoutAnAnnouncementNothingIsRequested() async throws {
        try await withTestHTTPServer(Self.handler(announce: false)) { server in
            let (app, messaging) = try messaging(at: server)
            #expect(try await messaging.token() == "tok-1")
            try await messaging.subscribe(toTopic: "t")
            #expect(server.requests.map(\.method) == ["POST", "POST"])
            await app.delete()
        }
    }

    @Test func malformedMessageEventsAreNotMessages() {
        #expect(HTTPMessagingReceiver.message("{") == nil)
        #expect(HTTPMessagingReceiver.message(#"{"messageId":"1"}"#) == nil)
        #expect(HTTPMessagingReceiver.message(#"{"messageId":"1","from":"s","data":{"n":1}}"#) == nil)
        #expect(HTTPMessagingReceiver.message(#"{"messageId":"1","from":"s"}"#)?.appData == [:])
    }

    @Test func aNotificationReachesTheDataUnderGCMNotificationKeys() async throws {
        let backend = LocalMessagingBackend(projectID: "flint-test")
        let app = try makeMessagingApp(backend: backend)
        let messaging = try Messaging.messaging(app: app)
        let messages = messaging.foregroundMessages
        let token = try await messaging.token()
        try backend.send(["a": "b"], notification: ["title": "Hi", "body": "there"], to: .token(token))
        #expect(
            try await first(of: messages).appData == [
                "a": "b", "gcm.notification.title": "Hi", "gcm.notification.body": "there",
            ])
        #expect(throws: MessagingError.self) {
            try backend.send(
                [:], notification: ["body": String(repeating: "x", count: 4096)], to: .token(token))
        }
        await app.delete()
    }
}
