// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintFunctions
import FlintInterop
import FlintTesting
import Foundation
import Testing

@testable import FlintMessaging

/// Functions reads `MessagingInterop` and sends the token as `Firebase-Instance-ID-Token`; FlintMessaging
/// serves that protocol, and FakeMessaging behaves the same way for Functions.
@Suite("Functions sends the Messaging token")
struct FunctionsTokenTests {
    /// An app with Messaging and Functions whose embedded Functions backend has `whoIsCalling`, which
    /// answers the token it received (or "none").
    private func makeApp(messagingBackend: LocalMessagingBackend = LocalMessagingBackend()) throws -> (
        Messaging, Functions
    ) {
        let app = try makeMessagingApp(backend: messagingBackend, libraries: [FunctionsLibrary.self])
        let functions = try Functions.functions(app: app)
        try #require(functions.localBackend).register(name: "whoIsCalling") { _, context in
            .string(context.instanceIDToken ?? "none")
        }
        return (try Messaging.messaging(app: app), functions)
    }

    @Test func theRealTokenIsSentOnceIssued() async throws {
        let (messaging, functions) = try makeApp()
        #expect(try await functions.httpsCallable("whoIsCalling").call().data == "none")
        let token = try await messaging.token()
        #expect(try await functions.httpsCallable("whoIsCalling").call().data == .string(token))
        try await messaging.deleteToken()
        #expect(try await functions.httpsCallable("whoIsCalling").call().data == "none")
    }

    @Test func theTokenTravelsInTheFirebaseInstanceIDTokenHeader() async throws {
        try await withTestHTTPServer({ _ in .json(#"{"result":"ok"}"#) }) { server in
            let app = try makeMessagingApp(libraries: [FunctionsLibrary.self])
            let functions = try Functions.functions(app: app)
            functions.useEmulator(withHost: "127.0.0.1", port: server.port)
            let messaging = try Messaging.messaging(app: app)
            _ = try await functions.httpsCallable("f").call()
            let token = try await messaging.token()
            _ = try await functions.httpsCallable("f").call()
            #expect(server.requests.count == 2)
            #expect(server.requests.first?.headers["Firebase-Instance-ID-Token"] == nil)
            #expect(server.requests.last?.headers["Firebase-Instance-ID-Token"] == token)
        }
    }

    @Test func aFunctionCanReplyWithAPushMessageToTheCaller() async throws {
        let server = LocalMessagingBackend()
        let (messaging, functions) = try makeApp(messagingBackend: server)
        try #require(functions.localBackend).register(name: "ping") { _, context in
            guard let token = context.instanceIDToken else { return "no token" }
            try server.send(["reply": "pong"], to: .token(token))
            return "sent"
        }
        _ = try await messaging.token()
        let messages = messaging.foregroundMessages
        #expect(try await functions.httpsCallable("ping").call().data == "sent")
        #expect(try await first(of: messages).appData == ["reply": "pong"])
    }

    @Test func fakeMessagingAndMessagingLookTheSameToFunctions() async throws {
        // The real one: no token, then a token, then none again.
        let (messaging, functions) = try makeApp()
        var real: [CallableValue] = [try await functions.httpsCallable("whoIsCalling").call().data]
        let token = try await messaging.token()
        real.append(try await functions.httpsCallable("whoIsCalling").call().data)
        try await messaging.deleteToken()
        real.append(try await functions.httpsCallable("whoIsCalling").call().data)

        // The fake, scripted through the same states.
        let fake = FakeMessaging(fcmToken: nil)
        let fakeApp = try TestApp.make(libraries: [FunctionsLibrary.self], overrides: fake.components)
        let fakeFunctions = try Functions.functions(app: fakeApp)
        try #require(fakeFunctions.localBackend).register(name: "whoIsCalling") { _, context in
            .string(context.instanceIDToken ?? "none")
        }
        var scripted: [CallableValue] = [try await fakeFunctions.httpsCallable("whoIsCalling").call().data]
        fake.fcmToken = token
        scripted.append(try await fakeFunctions.httpsCallable("whoIsCalling").call().data)
        fake.fcmToken = nil
        scripted.append(try await fakeFunctions.httpsCallable("whoIsCalling").call().data)

        #expect(real == ["none", .string(token), "none"])
        #expect(scripted == real)
    }

    @Test func fakeMessagingReportsTokenChangesAsMessagingDoes() async throws {
        let messaging = try Messaging.messaging(app: makeMessagingApp())
        let real = Recorder<String?>()
        messaging.addTokenListener { real.record($0) }
        let first = try await messaging.token()
        try await messaging.deleteToken()
        let second = try await messaging.token()
        _ = try await messaging.token()

        let fake = FakeMessaging(fcmToken: nil)
        let scripted = Recorder<String?>()
        fake.addTokenListener { scripted.record($0) }
        fake.fcmToken = first
        fake.fcmToken = nil
        fake.fcmToken = second
        fake.fcmToken = second

        #expect(real.values == [first, nil, second])
        #expect(scripted.values == real.values)
    }
}
