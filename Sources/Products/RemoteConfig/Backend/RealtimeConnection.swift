// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintProductSupport
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One real-time invalidation stream of ``RESTRemoteConfigBackend``: a delegate-based data task whose body is
/// read as it arrives, split into JSON objects, and turned into template-version announcements.
final class RealtimeConnection: NSObject, URLSessionDataDelegate, Sendable {
    /// The most bytes kept while waiting for the end of one message.
    static let maximumMessageSize = 64 * 1024

    private struct State {
        var buffer = Data()
        var lastVersion: Int
        var status = 0
        var stopped = false
    }

    private let state: Locked<State>
    private let pending = PendingDataTask()
    private let listener: @Sendable (Result<Int, RemoteConfigBackendError>) -> Void

    init(lastKnownVersion: Int, listener: @escaping @Sendable (Result<Int, RemoteConfigBackendError>) -> Void) {
        state = Locked(State(lastVersion: lastKnownVersion))
        self.listener = listener
    }

    /// Opens the stream (on the URLSession call queue).
    func start(_ request: URLRequest, configuration: URLSessionConfiguration) {
        pending.start(
            { [self] in
                URLSession(configuration: configuration, delegate: self, delegateQueue: nil).dataTask(with: request)
            }, orIfCancelled: {})
    }

    /// Closes the stream; nothing is delivered afterwards.
    func stop() {
        state.withLock { $0.stopped = true }
        pending.cancel()
    }

    /// Delivers `result` unless stopped; a failure also stops the connection.
    private func deliver(_ result: Result<Int, RemoteConfigBackendError>) {
        let deliver = state.withLock { state -> Bool in
            guard !state.stopped else { return false }
            if case .failure = result { state.stopped = true }
            return true
        }
        guard deliver else { return }
        if case .failure = result { pending.cancel() }
        listener(result)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        state.withLock { $0.status = status }
        switch status {
        case 200:
            completionHandler(.allow)
        case 429, 500, 502, 503, 504:
            completionHandler(.cancel)
            deliver(.failure(.unavailable("The real-time server answered HTTP \(status).")))
        default:
            completionHandler(.cancel)
            deliver(.failure(.invalidResponse("The real-time server answered HTTP \(status).")))
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let outcome = state.withLock { state -> Result<[Int], RemoteConfigBackendError> in
            state.buffer.append(data)
            var versions: [Int] = []
            while let message = Self.takeMessage(from: &state.buffer) {
                guard
                    let object = try? BoundedJSON.object(
                        from: message, maximumSize: Self.maximumMessageSize, maximumDepth: 8)
                else {
                    return .failure(.invalidResponse("A real-time message is not a JSON object."))
                }
                if object["featureDisabled"] as? Bool == true {
                    return .failure(.featureDisabled)
                }
                if let version = RESTRemoteConfigBackend.templateVersion(object["latestTemplateVersionNumber"]),
                    version > state.lastVersion
                {
                    state.lastVersion = version
                    versions.append(version)
                }
            }
            if state.buffer.count > Self.maximumMessageSize {
                return .failure(
                    .invalidResponse("A real-time message is larger than \(Self.maximumMessageSize) bytes."))
            }
            return .success(versions)
        }
        switch outcome {
        case .success(let versions):
            for version in versions { deliver(.success(version)) }
        case .failure(let error): deliver(.failure(error))
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        deliver(
            .failure(
                .unreachable(
                    error.map { "The real-time stream failed: \($0.localizedDescription)" }
                        ?? "The real-time stream was closed by the server.")))
        session.finishTasksAndInvalidate()
    }

    /// Removes and returns the first complete top-level JSON object in `buffer` (text before it, such as the
    /// `[` and `,` of a streamed array, is dropped); nil when none is complete yet.
    static func takeMessage(from buffer: inout Data) -> Data? {
        guard let start = buffer.firstIndex(of: UInt8(ascii: "{")) else {
            buffer.removeAll()
            return nil
        }
        var depth = 0
        var inString = false
        var escaped = false
        var index = start
        while index < buffer.endIndex {
            let byte = buffer[index]
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "{") {
                depth += 1
            } else if byte == UInt8(ascii: "}") {
                depth -= 1
                if depth == 0 {
                    let message = Data(buffer[start...index])
                    buffer = Data(buffer[buffer.index(after: index)...])
                    return message
                }
            }
            index = buffer.index(after: index)
        }
        if start > buffer.startIndex { buffer = Data(buffer[start...]) }
        return nil
    }
}
