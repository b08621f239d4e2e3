// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// What a model synchronized by the engines conforms to (the seed's `DataSyncModelProtocol`): identified by a
/// string document ID, `Codable` for the remote and the local files, `Sendable`, with analytics parameters and
/// ready-made mocks for previews and tests.
///
/// ```swift
/// struct UserModel: DataSyncModelProtocol {
///     let id: String
///     var name: String
///     var eventParameters: [String: String] { ["user_name": name] }
///     static var mocks: [Self] { [UserModel(id: "1", name: "John")] }
/// }
/// ```
public protocol DataSyncModelProtocol: Identifiable, Codable, Sendable where ID == String {
    /// Parameters added to the analytics events about this model (strings, as `AnalyticsInterop` takes).
    var eventParameters: [String: String] { get }
    /// Sample values for previews and tests.
    static var mocks: [Self] { get }
}

extension DataSyncModelProtocol {
    /// No extra parameters by default.
    public var eventParameters: [String: String] { [:] }
}
