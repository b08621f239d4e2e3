// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintAuth
import FlintCore
import FlintEmulator
import FlintFunctions
import FlintTesting
import Foundation
import Testing

@Suite("Functions service: Flint's Functions client against the emulator")
struct FunctionsServiceTests {
    /// The Functions instance of a new app pointed at `emulator`'s Functions service (and its Auth service, with
    /// `auth`, when served).
    private func functions(_ emulator: FlintEmulator, overrides: [Component] = []) throws -> (Functions, Auth?) {
        let app = try TestApp.make(
            libraries: [AuthLibrary.self, FunctionsLibrary.self], overrides: overrides, options: emulatorOptions)
        let functions = try Functions.functions(app: app)
        let endpoint = try #require(emulator.endpoints[.functions])
        functions.useEmulator(withHost: endpoint.host, port: endpoint.port)
        var auth: Auth?
        if let authEndpoint = emulator.endpoints[.auth] {
            auth = try Auth.auth(app: app)
            auth?.useEmulator(withHost: authEndpoint.host, port: authEndpoint.port)
        }
        return (functions, auth)
    }

    private static let functionsOnly = EmulatorConfiguration.ephemeral(services: [.functions])

    // MARK: - Calls

    @Test func echoReturnsEveryJSONType() async throws {
        try await withEmulator(Self.functionsOnly) { emulator in
            let echo = try functions(emulator).0.httpsCallable("echo")
            let object: CallableValue = [
                "null": nil, "true": true, "false": false, "int": .int(Int64.max), "negative": .int(Int64.min),
                "int32": .int32(-7), "double": 2.5, "string": "héllo \"wörld\" / ✓", "empty": "",
                "array": [1, "two", [3.5, nil], [:]], "object": ["nested": ["deep": [true]]],
            ]
            #expect(try await echo.call(object).data == object.replacingInt32)
            for value: CallableValue in [nil, true, 0, .int(-42), 1e-300, "text", [], [:], [nil, false]] {
                #expect(try await echo.call(value).data == value)
            }
            // Numbers arrive as JSON numbers: a whole double is an int, as with a deployed function.
            #expect(try await echo.call(.double(2.0)).data == .int(2))
            #expect(try await echo.call(.uint32(7)).data == .int(7))
        }
    }

    @Test func dataAtTheClientsNestingLimitRoundTrips() async throws {
        try await withEmulator(Self.functionsOnly) { emulator in
            var nested: CallableValue = .int(7)  // its wrapper is a level
            for _ in 1..<510 { nested = [nested] }
            let echo = try functions(emulator).0.httpsCallable("echo")
            #expect(try await echo.call(nested).data == nested)
        }
    }

    @Test func errorsCarryTheirCodeMessageAndDetails() async throws {
        let functions: [String: EmulatorCallable] = [
            "refuse": EmulatorCallable { request, _ in
                throw FunctionsError(
                    .permissionDenied, message: "Not yours.", details: ["asked": request.data, "id": .int(1 << 60)])
            },
            "crash": EmulatorCallable { _, _ in
                struct Secret: Error { let text = "database password is hunter2" }
                throw Secret()
            },
        ]
        try await withEmulator(Self.functionsOnly, functions: functions) { emulator in
            let client = try self.functions(emulator).0
            let refused = await #expect(throws: FunctionsError.self) {
                _ = try await client.httpsCallable("refuse").call("mine")
            }
            #expect(refused?.code == .permissionDenied)
            #expect(refused?.message == "Not yours.")
            #expect(refused?.details == ["asked": "mine", "id": .int(1 << 60)])
            let crashed = await #expect(throws: FunctionsError.self) {
                _ = try await client.httpsCallable("crash").call()
            }
            #expect(crashed?.code == .internal)
            #expect(crashed?.message == "INTERNAL")
            let missing = await #expect(throws: FunctionsError.self) {
                _ = try await client.httpsCallable("echo").call()
            }
            #expect(missing?.code == .notFound)
        }
    }

    @Test func samplesAreServedByDefault() async throws {
        try await withEmulator(Self.functionsOnly) { emulator in
            #expect(emulator.functionsBackend?.functionNames == ["countdown", "echo", "whoami"])
            let client = try functions(emulator).0
            let anonymous = await #expect(throws: FunctionsError.self) {
                _ = try await client.httpsCallable("whoami").call()
            }
            #expect(anonymous?.code == .unauthenticated)
            #expect(try await client.httpsCallable("countdown").call(3).data == 0)
            let wrong = await #expect(throws: FunctionsError.self) {
                _ = try await client.httpsCallable("countdown").call("ten")
            }
            #expect(wrong?.code == .invalidArgument)
            let regional = try Functions.functions(app: try #require(client.app), region: "europe-west1")
            let endpoint = try #require(emulator.endpoints[.functions])
            regional.useEmulator(withHost: endpoint.host, port: endpoint.port)
            #expect(try await regional.httpsCallable("echo").call("anywhere").data == "anywhere")
        }
    }

    @Test func aCallerSignedInWithTheEmulatorsAuthIsItsUser() async throws {
        try await withEmulator(.ephemeral(services: [.auth, .functions])) { emulator in
            let (functions, signIn) = try functions(emulator)
            let auth = try #require(signIn)
            let user = try await auth.createUser(withEmail: "ada@example.com", password: "analytical").user
            let result = try await functions.httpsCallable("whoami").call().data
            #expect(result["uid"] == .string(user.uid))
            #expect(result["token"]?["email"] == "ada@example.com")
            #expect(result["token"]?["aud"] == "demo-flint")
        }
    }

    @Test func tokensAndHeadersReachTheHandler() async throws {
        let context = EmulatorCallable { request, _ in
            [
                "appCheckToken": request.appCheckToken.map(CallableValue.string) ?? nil,
                "appID": request.app.map { .string($0.appID) } ?? nil,
                "instanceIDToken": request.instanceIDToken.map(CallableValue.string) ?? nil,
                "uid": request.auth.map { .string($0.uid) } ?? nil,
                "acceptsStreaming": .bool(request.acceptsStreaming),
                "name": .string(request.functionName),
            ]
        }
        try await withEmulator(Self.functionsOnly, functions: ["context": context]) { emulator in
            let appCheck = "eyJhbGciOiJub25lIn0.\(base64URL(#"{"sub":"1:123:ios:abc"}"#))."
            let overrides = FakeAppCheck(token: appCheck).components + FakeMessaging(fcmToken: "device-1").components
            let result = try await functions(emulator, overrides: overrides).0.httpsCallable("context").call()
            #expect(
                result.data == [
                    "appCheckToken": .string(appCheck), "appID": "1:123:ios:abc", "instanceIDToken": "device-1",
                    "uid": nil, "acceptsStreaming": false, "name": "context",
                ])
            let plain = try await functions(emulator).0.httpsCallable("context").call()
            #expect(plain.data["appCheckToken"] == .null && plain.data["instanceIDToken"] == .null)
        }
    }

    // MARK: - Streams

    @Test func aStreamSendsItsChunksThenItsResult() async throws {
        try await withEmulator(Self.functionsOnly) { emulator in
            let countdown = try functions(emulator).0.httpsCallable("countdown")
            let responses = try await collect(4, from: countdown.stream(3))
            #expect(responses == [.message(3), .message(2), .message(1), .result(0)])
            let echoed = try await collect(1, from: countdown.stream(["count": 0, "intervalMilliseconds": 1]))
            #expect(echoed == [.result(0)])
        }
    }

    @Test func aStreamEndsWithTheHandlersError() async throws {
        let failing = EmulatorCallable { _, response in
            response.sendChunk("partial")
            throw FunctionsError(.resourceExhausted, message: "Quota.", details: ["retryAfter": 3])
        }
        try await withEmulator(Self.functionsOnly, functions: ["failing": failing, "echo": .init { r, _ in r.data }]) {
            emulator in
            let client = try functions(emulator).0
            var received: [JSONStreamResponse] = []
            let error = await #expect(throws: FunctionsError.self) {
                for try await response in client.httpsCallable("failing").stream() { received.append(response) }
            }
            #expect(received == [.message("partial")])
            #expect(error?.code == .resourceExhausted)
            #expect(error?.message == "Quota.")
            #expect(error?.details == ["retryAfter": 3])
            let missing = await #expect(throws: FunctionsError.self) {
                for try await _ in client.httpsCallable("nowhere").stream() {}
            }
            #expect(missing?.code == .notFound)
        }
    }

    /// A function that streams chunks until it is cancelled, then opens `cancelled`.
    private static func endless(_ cancelled: Gate) -> EmulatorCallable {
        EmulatorCallable { _, response in
            var sent: Int64 = 0
            while true {
                sent += 1
                response.sendChunk(.int(sent))
                do {
                    // Paces the chunks; the handler is cancelled once a chunk cannot reach the caller.
                    try await Task.sleep(for: .milliseconds(10))
                } catch {
                    cancelled.open()
                    throw error
                }
            }
        }
    }

    @Test func stoppingAStreamCancelsItsHandler() async throws {
        let cancelled = Gate()
        try await withEmulator(Self.functionsOnly, functions: ["endless": Self.endless(cancelled)]) { emulator in
            let endless = try functions(emulator).0.httpsCallable("endless")
            endless.timeoutInterval = 24 * 3600  // the call's deadline must not be what ends it
            for try await response in endless.stream() {
                #expect(response == .message(1))
                break
            }
            try await cancelled.wait(timeout: defaultTestTimeout)
        }
    }

    @Test func stoppingTheEmulatorCancelsARunningHandler() async throws {
        let cancelled = Gate()
        let streaming = Gate()
        let emulator = try await FlintEmulator.start(
            configuration: Self.functionsOnly, functions: ["endless": Self.endless(cancelled)], log: { _ in })
        let endless = try functions(emulator).0.httpsCallable("endless")
        endless.timeoutInterval = 24 * 3600
        let consumer = Task {
            for try await _ in endless.stream() { streaming.open() }
        }
        try await streaming.wait(timeout: defaultTestTimeout)
        try await emulator.stop()
        try await cancelled.wait(timeout: defaultTestTimeout)
        // The stream ended without a result.
        await #expect(throws: FunctionsError.self) { try await consumer.value }
    }

    // MARK: - The library API

    @Test func handlersRegisteredOnTheBackendAreServedToo() async throws {
        try await withEmulator(Self.functionsOnly, functions: [:]) { emulator in
            #expect(emulator.functionsBackend?.functionNames == [])
            emulator.functionsBackend?.register(name: "late") { data, _ in ["got": data] }
            let late = try functions(emulator).0.httpsCallable("late")
            #expect(try await late.call(1).data == ["got": 1])
        }
    }

    @Test func aHandlerCanBeCalledDirectly() async throws {
        let echo = try #require(EmulatorCallable.samples["echo"])
        #expect(try await echo.handler(EmulatorCallable.Request(data: "hi"), EmulatorCallable.Response()) == "hi")
        let chunks = Locked<[CallableValue]>([])
        let countdown = try #require(EmulatorCallable.samples["countdown"])
        let streaming = EmulatorCallable.Response { chunk in
            chunks.withLock { $0.append(chunk) }
            return true
        }
        #expect(try await countdown.handler(EmulatorCallable.Request(data: 2), streaming) == 0)
        #expect(chunks.withLock { $0 } == [2, 1])
    }
}

extension CallableValue {
    /// The value as it comes back from a server: `.int32` and `.uint32` numbers read as `.int`.
    fileprivate var replacingInt32: CallableValue {
        switch self {
        case .int32(let value): .int(Int64(value))
        case .uint32(let value): .int(Int64(value))
        case .array(let elements): .array(elements.map(\.replacingInt32))
        case .object(let members): .object(members.mapValues(\.replacingInt32))
        default: self
        }
    }
}

/// `text` in base64url without padding.
func base64URL(_ text: String) -> String {
    Data(text.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
        .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
}
