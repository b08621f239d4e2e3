// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop
import FlintProductSupport
import Foundation

/// Cloud Storage for one app and bucket (Firebase's `Storage`).
///
/// ```swift
/// FlintApp.registerLibrary(StorageLibrary.self)
/// try FlintApp.configure(options: options)          // options.storageBucket = "my-app.appspot.com"
/// let ref = try Storage.storage().reference(withPath: "images/cat.png")
/// let metadata = try await ref.putDataAsync(png)
/// let data = try await ref.data(maxSize: 10 << 20)
/// ```
///
/// **Instances.** Each app's container holds one provider (registered by ``StorageLibrary``), which keeps one
/// instance per bucket and releases them when the app is deleted; deleting the app also cancels the instance's
/// running tasks. The entry points follow the shape of every product: `throws(ComponentError)`, never
/// optional, never trapping; `ComponentError.invalidOptions(product:reason:)` for an app without
/// `storageBucket` or a URL that is not `gs://bucket`.
///
/// **Where operations go.** To the app's ``StorageBackend`` component: by default an embedded
/// ``LocalStorageBackend``. The caller's uid and tokens come from the app's optional `AuthInterop` and
/// `AppCheckInterop`.
public final class Storage: Sendable {
    /// The bucket of this instance, e.g. `my-app.appspot.com`.
    public let bucket: String
    /// The name of the app this instance belongs to.
    public let appName: String

    private let appBackend: any StorageBackend
    /// The backend set by ``useEmulator(withHost:port:)``, which replaces the app's.
    private let emulatorBackend = Locked<HTTPStorageBackend?>(nil)
    let contextProvider: StorageContextProvider
    private let settings = Locked(Settings())
    /// The running tasks (cancelled when the app is deleted); nil once the app was deleted.
    private let tasks = Locked<[ObjectIdentifier: StorageTaskCore]?>([:])
    /// The operations in flight that are not tasks (metadata, lists, deletions, download URLs), ended when the app
    /// is deleted.
    private let operations = InFlightOperations()

    private struct Settings {
        var uploadChunkSizeBytes: Int64 = 1 << 20
        var callbackQueue = DispatchQueue(label: "flint.storage.callbacks")
        var maxUploadRetryTime: TimeInterval = 600
        var maxDownloadRetryTime: TimeInterval = 600
        var maxOperationRetryTime: TimeInterval = 120
        var allowInsecureTokenAttachment = false
    }

    /// The size of the chunks uploads and downloads transfer between progress events, rounded up to a
    /// multiple of 256 KiB (and at least 256 KiB). 1 MiB unless set.
    public static let chunkGranularity: Int64 = 256 * 1024

    /// The app this Storage belongs to (Firebase's `app`); nil once the app is gone. Weak: Storage never keeps its
    /// app alive.
    public var app: FlintApp? { appReference }
    private weak let appReference: FlintApp?

    init(
        appName: String, bucket: String, backend: any StorageBackend, contextProvider: StorageContextProvider,
        app: FlintApp? = nil
    ) {
        self.appName = appName
        appReference = app
        self.bucket = bucket
        appBackend = backend
        self.contextProvider = contextProvider
    }

    // MARK: - Entry points

    /// The instance of the default app for its options' `storageBucket`.
    ///
    /// - Throws: `ComponentError.defaultAppNotConfigured` without a default app, then the errors of
    ///   ``storage(app:)``.
    public static func storage() throws(ComponentError) -> Storage {
        try storage(app: ProductEntryPoint.defaultApp())
    }

    /// The instance of the default app for the bucket of `url` (`gs://bucket`).
    ///
    /// - Throws: `ComponentError.defaultAppNotConfigured` without a default app, then the errors of
    ///   ``storage(app:url:)``.
    public static func storage(url: String) throws(ComponentError) -> Storage {
        try storage(app: ProductEntryPoint.defaultApp(), url: url)
    }

    /// The instance of `app` for its options' `storageBucket`; the same object every time.
    ///
    /// - Throws: `ComponentError.libraryNotRegistered(type:library:)` when ``StorageLibrary`` was not
    ///   registered before `app` was configured, `ComponentError.appDeleted(name:)` for a deleted app,
    ///   `ComponentError.invalidOptions(product:reason:)` when the options have no `storageBucket`.
    public static func storage(app: FlintApp) throws(ComponentError) -> Storage {
        let bucket = app.options.storageBucket.map { $0.hasPrefix("gs://") ? String($0.dropFirst(5)) : $0 }
            .map { $0.split(separator: "/").first.map(String.init) ?? "" }
        guard let bucket, !bucket.isEmpty else {
            throw .invalidOptions(
                product: ComponentError.typeName(of: Storage.self),
                reason: "the app's options have no storageBucket; set FlintOptions.storageBucket.")
        }
        return try provider(of: app).storage(bucket: bucket)
    }

    /// The instance of `app` for the bucket of `url` (`gs://bucket`, with or without a trailing slash); the
    /// same object every time for the same bucket.
    ///
    /// - Throws: the errors of ``storage(app:)`` (but not for a missing `storageBucket`), and
    ///   `ComponentError.invalidOptions(product:reason:)` when `url` is not `gs://bucket`.
    public static func storage(app: FlintApp, url: String) throws(ComponentError) -> Storage {
        guard let parsed = StoragePath.parse(gsURL: url), parsed.path.isEmpty else {
            throw .invalidOptions(
                product: ComponentError.typeName(of: Storage.self),
                reason: "the storage URL \(url) is not of the form gs://bucket.")
        }
        return try provider(of: app).storage(bucket: parsed.bucket)
    }

    private static func provider(of app: FlintApp) throws(ComponentError) -> any StorageProvider {
        try ProductEntryPoint.require(
            StorageProvider.self, in: app, product: Storage.self, library: StorageLibrary.self)
    }

    // MARK: - Settings

    /// The size of the chunks transferred between progress events and pause points (Firebase's
    /// `uploadChunkSizeBytes`; here downloads use it too). Rounded up to a multiple of ``chunkGranularity``
    /// when used.
    public var uploadChunkSizeBytes: Int64 {
        get { settings.withLock { $0.uploadChunkSizeBytes } }
        set { settings.withLock { $0.uploadChunkSizeBytes = newValue } }
    }

    /// The chunk size tasks use: ``uploadChunkSizeBytes`` rounded up to a multiple of 256 KiB.
    var effectiveChunkSize: Int64 {
        let size = max(uploadChunkSizeBytes, 1)
        let granularity = Self.chunkGranularity
        let (quotient, overflow) = size.addingReportingOverflow(granularity - 1)
        guard !overflow else { return Int64.max / granularity * granularity }
        return quotient / granularity * granularity
    }

    /// The queue task observers and completions run on (through a serial queue per task, so that a task's
    /// events stay in order). A private serial queue unless set.
    public var callbackQueue: DispatchQueue {
        get { settings.withLock { $0.callbackQueue } }
        set { settings.withLock { $0.callbackQueue = newValue } }
    }

    /// How long upload requests retry transient failures, in seconds of backoff (Firebase's setting; 600): used
    /// after ``useEmulator(withHost:port:)``; the embedded backend does not fail transiently, and an
    /// ``HTTPStorageBackend`` made by hand has its own `maxRetryTime`.
    public var maxUploadRetryTime: TimeInterval {
        get { settings.withLock { $0.maxUploadRetryTime } }
        set { settings.withLock { $0.maxUploadRetryTime = newValue } }
    }

    /// How long download requests retry (600 s; see ``maxUploadRetryTime``).
    public var maxDownloadRetryTime: TimeInterval {
        get { settings.withLock { $0.maxDownloadRetryTime } }
        set { settings.withLock { $0.maxDownloadRetryTime = newValue } }
    }

    /// How long other requests (metadata, lists, deletes) retry (120 s; see ``maxUploadRetryTime``).
    public var maxOperationRetryTime: TimeInterval {
        get { settings.withLock { $0.maxOperationRetryTime } }
        set { settings.withLock { $0.maxOperationRetryTime = newValue } }
    }

    /// Where this instance's operations go: the emulator's HTTP backend after ``useEmulator(withHost:port:)``,
    /// else the app's ``StorageBackend``.
    var backend: any StorageBackend {
        emulatorBackend.withLock { $0 } ?? appBackend
    }

    /// The app's embedded backend, or nil when the app's ``StorageBackend`` was overridden with another kind
    /// or this instance uses an emulator.
    public var localBackend: LocalStorageBackend? { backend as? LocalStorageBackend }

    /// Points this instance at a Storage emulator: operations started afterwards speak the REST protocol
    /// (``HTTPStorageBackend``) to `http://{host}:{port}`, whatever the app's backend. Call it before using the
    /// instance, as in Firebase. Its retries follow ``maxUploadRetryTime`` (upload requests),
    /// ``maxDownloadRetryTime`` (download chunks) and ``maxOperationRetryTime`` (everything else) as they
    /// are when each request is made.
    ///
    /// `host` must be a plain host name or address (FlintProductSupport's `EmulatorOrigin`) and `port` in
    /// 1...65535: otherwise nothing is sent and every operation fails with ``StorageErrorCode/invalidArgument``
    /// naming what was wrong (the SDK stops the process instead). Tokens go to the emulator only if it is on a
    /// loopback host, or with ``allowInsecureTokenAttachment`` in debug builds.
    public func useEmulator(withHost host: String, port: Int) {
        useEmulator(withHost: host, port: port, sleep: { try await Task.sleep(for: $0) })
    }

    /// ``useEmulator(withHost:port:)`` with the wait between retries injected (tests).
    func useEmulator(withHost host: String, port: Int, sleep: @escaping @Sendable (Duration) async throws -> Void) {
        let origin: URL
        var failure: StorageError?
        do {
            origin = try EmulatorOrigin.make(host: host, port: port)
        } catch {
            // Never sent anywhere: every request fails with `failure` first.
            origin = URL(string: "http://emulator.invalid")!
            failure = StorageError(.invalidArgument, message: error.description)
        }
        let settings = settings
        let backend = HTTPStorageBackend(
            origin: origin, maxRetryTime: 120,
            retryTime: { kind in
                settings.withLock { settings in
                    switch kind {
                    case .upload: settings.maxUploadRetryTime
                    case .download: settings.maxDownloadRetryTime
                    case .operation: settings.maxOperationRetryTime
                    }
                }
            }, allowsInsecureTokens: { settings.withLock { $0.allowInsecureTokenAttachment } },
            originFailure: failure, sleep: sleep)
        emulatorBackend.withLock { $0 = backend }
    }

    /// The emulator origin set by ``useEmulator(withHost:port:)`` (e.g. `http://127.0.0.1:9199`), or nil.
    public var emulatorOrigin: String? {
        emulatorBackend.withLock { $0?.origin.absoluteString }
    }

    #if DEBUG
        /// Whether requests to the emulator may carry the ID and App Check tokens over plain HTTP to a host that is
        /// not loopback: an emulator on another machine, reached from a device by its network address (the SDK's
        /// debug-only escape hatch, false by default). Without it such a request fails with
        /// ``StorageErrorCode/unauthenticated`` before it is sent when it would carry a token. Read at each
        /// request, so it may be set after ``useEmulator(withHost:port:)``.
        ///
        /// Only in debug builds, as in the SDK, so that a release build can never send tokens unencrypted.
        public var allowInsecureTokenAttachment: Bool {
            get { settings.withLock { $0.allowInsecureTokenAttachment } }
            set { settings.withLock { $0.allowInsecureTokenAttachment = newValue } }
        }
    #endif

    // MARK: - References

    /// The root of the bucket.
    public func reference() -> StorageReference {
        StorageReference(storage: self, path: "")
    }

    /// The reference at `path` (slashes normalized: `/a//b/` is `a/b`).
    public func reference(withPath path: String) -> StorageReference {
        StorageReference(storage: self, path: StoragePath.normalize(path))
    }

    /// The reference named by `url`: `gs://bucket/path`, or a download URL
    /// `https://firebasestorage.googleapis.com/v0/b/{bucket}/o/{path}` (any host; the path percent-encoded whole or
    /// in segments; `…/v0/b/{bucket}` alone is the root), as the SDK parses them.
    ///
    /// - Throws: ``StorageError/pathError(message:)`` (with the SDK's message) for another scheme or a malformed
    ///   URL, ``StorageError/bucketMismatch(message:)`` when the URL names another bucket than this instance's.
    public func reference(forURL url: String) throws(StorageError) -> StorageReference {
        let parsed = try StoragePath.parse(url)
        guard parsed.bucket == bucket else {
            throw StorageError.bucketMismatch(
                message: "Provided bucket: `\(parsed.bucket)` does not match the Storage bucket of the current "
                    + "instance: `\(bucket)`")
        }
        return StorageReference(storage: self, path: parsed.path)
    }

    /// The reference named by `url` (see ``reference(forURL:)``).
    ///
    /// - Throws: the errors of ``reference(forURL:)``.
    public func reference(for url: URL) throws(StorageError) -> StorageReference {
        try reference(forURL: url.absoluteString)
    }

    // MARK: - Tasks

    /// Keeps `task` until it ends; false when the app was deleted (the task must fail).
    func track(_ task: StorageTaskCore) -> Bool {
        tasks.withLock { tasks in
            guard tasks != nil else { return false }
            tasks?[ObjectIdentifier(task)] = task
            return true
        }
    }

    /// Forgets an ended task.
    func untrack(_ task: StorageTaskCore) {
        tasks.withLock { _ = $0?.removeValue(forKey: ObjectIdentifier(task)) }
    }

    /// The number of running tasks.
    var runningTaskCount: Int { tasks.withLock { $0?.count ?? 0 } }

    /// `operation` on the object at `path`, ended with `cancelled` when the app is deleted (at once, its request
    /// cancelled; one started after the deletion never runs) or the calling task is cancelled.
    func run<T: Sendable>(on path: String, _ operation: @escaping @Sendable () async throws -> T) async throws -> T {
        try await OperationRace.run(
            in: operations,
            endedBy: { [bucket] ending -> any Error in
                StorageError(
                    .cancelled,
                    message: ending == .closed ? "The app was deleted." : "The operation was cancelled.",
                    bucket: bucket, object: path)
            }, operation)
    }

    /// Cancels every running task and operation, and every later one at once: the app was deleted.
    func terminate() {
        operations.close()
        let running = tasks.withLock { tasks in
            defer { tasks = nil }
            return Array((tasks ?? [:]).values)
        }
        for task in running {
            task.fail(
                StorageError(
                    .cancelled, message: "The app was deleted.", bucket: bucket,
                    object: task.reference.fullPath))
        }
    }
}
