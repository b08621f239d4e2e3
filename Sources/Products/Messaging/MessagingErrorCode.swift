// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The codes of a ``MessagingError``, with the raw values of Firebase's `MessagingError.Code`
/// (`FIRMessagingError`).
public enum MessagingErrorCode: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// An unknown error (0), e.g. an operation on an instance whose app was deleted.
    case unknown = 0
    /// The backend could not validate the request from this client (1): it refused the installation's
    /// credentials.
    case authentication = 1
    /// The installation service cannot be accessed (2): the app has no `InstallationsInterop` or it
    /// failed to give an installation ID or auth token.
    case noAccess = 2
    /// The request to the backend timed out (3).
    case timeout = 3
    /// No network available to reach the servers (4).
    case network = 4
    /// Another similar operation is in progress (5): the token changed while it was being fetched, again and
    /// again.
    case operationInProgress = 5
    /// Some parameters of the request were invalid (7): an unknown token, a malformed topic condition, a
    /// message too big.
    case invalidRequest = 7
    /// The topic name is invalid for subscription or unsubscription (8).
    case invalidTopicName = 8

    /// The case name, e.g. `invalidTopicName`.
    public var description: String {
        switch self {
        case .unknown: "unknown"
        case .authentication: "authentication"
        case .noAccess: "noAccess"
        case .timeout: "timeout"
        case .network: "network"
        case .operationInProgress: "operationInProgress"
        case .invalidRequest: "invalidRequest"
        case .invalidTopicName: "invalidTopicName"
        }
    }

    /// The message of an error that carries none.
    public var defaultMessage: String {
        switch self {
        case .unknown: "An unknown error occurred."
        case .authentication: "Messaging couldn't validate the request from this client."
        case .noAccess: "The installation service cannot be accessed."
        case .timeout: "The request to the Messaging backend timed out."
        case .network: "No network available to reach the servers."
        case .operationInProgress: "Another similar operation is in progress."
        case .invalidRequest: "Some parameters of the request were invalid."
        case .invalidTopicName: "The topic name is invalid."
        }
    }
}
