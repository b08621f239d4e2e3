import FlintCore

/// The status codes of Firestore errors: the gRPC codes, with their raw values (Firebase's
/// `FirestoreErrorCode.Code`).
///
/// The same type as `FunctionsErrorCode`: FlintCore's ``RPCStatusCode`` (which also has `ok`, 0, never thrown).
public typealias FirestoreErrorCode = RPCStatusCode
