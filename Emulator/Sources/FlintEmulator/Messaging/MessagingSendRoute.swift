// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintMessaging
import Foundation
import Hummingbird

/// FCM HTTP v1's send endpoint, `POST /v1/projects/{project}/messages:send`: `{"message": {"token" | "topic" |
/// "condition", "data": {…}, "notification": {"title", "body", "image"}}, "validate_only": false}` answers
/// `{"name": "projects/{project}/messages/{id}"}` and delivers the message at once to the receive channels of
/// the app instances it is for (the fields `android`, `apns`, `webpush` and `fcm_options` are accepted and
/// ignored). Any bearer token is accepted, as the emulator's other administrative routes accept it.
///
/// A token that is not registered (never issued, or deleted) is 404 with FCM's `UNREGISTERED` error code; a
/// message without exactly one target, with data or notification values that are not strings, a reserved data
/// key or a payload over FCM's limits is 400 `INVALID_ARGUMENT`. `validate_only` checks without sending and
/// answers `projects/{project}/messages/fake_message_id`, as FCM does.
struct MessagingSendRoute {
    let projectID: String
    let backend: LocalMessagingBackend

    func send(_ body: [String: Any]) throws -> Response {
        guard let message = body["message"] as? [String: Any] else {
            throw EmulatorHTTPError(.badRequest, "INVALID_ARGUMENT : the request needs a message object")
        }
        let targets = ["token", "topic", "condition"].filter { message[$0] != nil }
        guard targets.count == 1, let key = targets.first, let value = message[key] as? String, !value.isEmpty else {
            throw EmulatorHTTPError(
                .badRequest, "INVALID_ARGUMENT : the message needs exactly one of token, topic or condition")
        }
        let data = try strings(message, "data")
        let notification = try strings(message, "notification")
        let target: MessagingTarget
        switch key {
        case "token":
            guard let registered = backend.registrationRequest(for: value) else { throw MessagingService.unregistered }
            target = registered.installationID == value ? .installationID(value) : .token(value)
        case "topic": target = .topic(value)
        default: target = .condition(value)
        }
        if try AuthJSON.bool(body, "validate_only") == true {
            return EmulatorResponse.json(["name": "projects/\(projectID)/messages/fake_message_id"])
        }
        do {
            let result = try backend.send(data, notification: notification, to: target)
            return EmulatorResponse.json(["name": result.name])
        } catch {
            throw EmulatorHTTPError(.badRequest, "INVALID_ARGUMENT : \(error.message)")
        }
    }

    /// The object field `key` of `message`, every value a string (empty when absent).
    ///
    /// - Throws: 400 `INVALID_ARGUMENT` when it is not an object of strings.
    private func strings(_ message: [String: Any], _ key: String) throws(EmulatorHTTPError) -> [String: String] {
        guard let value = message[key], !(value is NSNull) else { return [:] }
        guard let object = value as? [String: Any] else {
            throw EmulatorHTTPError(.badRequest, "INVALID_ARGUMENT : message.\(key) must be an object")
        }
        var strings: [String: String] = [:]
        for (name, value) in object {
            guard let string = value as? String else {
                throw EmulatorHTTPError(
                    .badRequest, "INVALID_ARGUMENT : message.\(key).\(name.prefix(100)) must be a string")
            }
            strings[name] = string
        }
        return strings
    }
}
