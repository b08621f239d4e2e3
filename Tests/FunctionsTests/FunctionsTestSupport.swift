// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintProductSupport
import FlintTesting
import Foundation

@testable import FlintFunctions

/// A transport that records every request and answers with a scripted response.
final class RecordingTransport: FunctionsTransport {
    private let state: Locked<(requests: [CallableRequest], response: CallableResponse)>

    /// Answers `response` (by default `200 {"result":null}`).
    init(response: CallableResponse = CallableResponse(statusCode: 200, body: Data(#"{"result":null}"#.utf8))) {
        state = Locked((requests: [], response: response))
    }

    /// Answers `statusCode` with `body` (text).
    convenience init(statusCode: Int, body: String) {
        self.init(response: CallableResponse(statusCode: statusCode, body: Data(body.utf8)))
    }

    var requests: [CallableRequest] { state.withLock { $0.requests } }

    /// The only request; fails the test's `#require` when there is not exactly one.
    var onlyRequest: CallableRequest? {
        let all = requests
        return all.count == 1 ? all[0] : nil
    }

    func send(_ request: CallableRequest) async throws -> CallableResponse {
        state.withLock {
            $0.requests.append(request)
            return $0.response
        }
    }
}

/// An app with FunctionsLibrary registered in a private registry.
func makeFunctionsApp(
    name: String = FlintApp.defaultName,
    overrides: [Component] = [],
    options: FlintOptions = .testing
) throws -> FlintApp {
    try TestApp.make(name: name, libraries: [FunctionsLibrary.self], overrides: overrides, options: options)
}

/// An app whose calls go to `transport`, and its default Functions instance.
func functions(using transport: any FunctionsTransport, overrides: [Component] = []) throws -> Functions {
    let app = try makeFunctionsApp(overrides: [.instance(transport, as: FunctionsTransport.self)] + overrides)
    return try Functions.functions(app: app)
}

/// A local (unsigned) ID token for `uid`, as the Auth emulator issues them.
func idToken(uid: String, email: String? = nil, expiresAt: Double? = nil) -> String {
    var claims: [String: CallableValue] = ["sub": .string(uid), "user_id": .string(uid)]
    if let email { claims["email"] = .string(email) }
    if let expiresAt { claims["exp"] = .double(expiresAt) }
    return LocalJWT.encode(claims)
}

/// The request body as text.
extension CallableRequest {
    var bodyText: String { String(decoding: body, as: UTF8.self) }
}
