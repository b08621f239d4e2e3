// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
// Re-exported: the public API exposes FlintProductSupport types (this code type is its `RPCStatusCode`), so a
// user who imports only FlintFirestore can use them.
@_exported import FlintProductSupport

/// The status codes of Firestore errors: the gRPC codes, with their raw values (Firebase's
/// `FirestoreErrorCode.Code`).
///
/// The same type as `FunctionsErrorCode`: FlintProductSupport's ``RPCStatusCode`` (which also has `ok`, 0, never thrown).
public typealias FirestoreErrorCode = RPCStatusCode
