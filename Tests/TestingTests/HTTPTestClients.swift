// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintProductSupport
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Sends `request` on a fresh ephemeral session (no shared connection pool between tests), through
/// `URLSessionCalls` so that no test thread waits inside FoundationNetworking.
func fetch(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
    let session = URLSession(configuration: .ephemeral)
    defer { session.finishTasksAndInvalidate() }
    let (data, response) = try await URLSessionCalls.data(for: request, in: session)
    return (data, response as! HTTPURLResponse)
}

/// `GET url` on a fresh ephemeral session, with a bounded timeout.
func fetch(_ url: URL, timeout: TimeInterval = 10) async throws -> (Data, HTTPURLResponse) {
    try await fetch(URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout))
}

/// A data task whose bytes a test observes as they arrive (URLSession delegate; works on every platform).
final class StreamingClient: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private struct State {
        var received = Data()
        var pieces = 0
        var isComplete = false
        var error: (any Error)?
    }

    private let state = Locked(State())
    private let session = Locked<URLSession?>(nil)

    /// Starts `GET url` (on the `URLSessionCalls` queue).
    init(url: URL, timeout: TimeInterval = 10) {
        super.init()
        URLSessionCalls.run { [self] in
            let session = URLSession(configuration: .ephemeral, delegate: self, delegateQueue: nil)
            self.session.withLock { $0 = session }
            session.dataTask(
                with: URLRequest(
                    url: url, cachePolicy: .reloadIgnoringLocalCacheData,
                    timeoutInterval: timeout)
            ).resume()
        }
    }

    /// The body received so far, as text.
    var text: String { state.withLock { String(decoding: $0.received, as: UTF8.self) } }
    /// How many `didReceive data` callbacks ran.
    var pieces: Int { state.withLock { $0.pieces } }
    /// Whether the task completed (successfully or not).
    var isComplete: Bool { state.withLock { $0.isComplete } }
    /// The task's error once it completed, `nil` on success.
    var error: (any Error)? { state.withLock { $0.error } }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        state.withLock {
            $0.received.append(data)
            $0.pieces += 1
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        state.withLock {
            $0.isComplete = true
            $0.error = error
        }
    }

    /// Ends the session (it retains its delegate until then).
    func invalidate() {
        URLSessionCalls.run { [self] in
            session.withLock { session in
                defer { session = nil }
                return session
            }?.invalidateAndCancel()
        }
    }
}

/// Runs blocking work on its own thread, not on the Swift concurrency pool.
func onThread<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread.detachNewThread { continuation.resume(returning: work()) }
    }
}

/// A raw TCP client for what URLSession cannot send on purpose (a chunked request body, exact bytes): connects
/// to `host:port`, writes `bytes`, and reads until the server closes (each read bounded to 5 s). `nil` when the
/// connection could not be made.
func rawExchange(host: String = "127.0.0.1", port: Int, _ bytes: [UInt8]) async -> String? {
    await onThread {
        #if canImport(Darwin)
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #else
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        #if canImport(Darwin)
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else { return nil }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { return nil }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, bytes.count - offset) }
            guard written > 0 else { break }
            offset += written
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, 4096) }
            guard count > 0 else { break }
            received += buffer.prefix(count)
        }
        return String(decoding: received, as: UTF8.self)
    }
}
