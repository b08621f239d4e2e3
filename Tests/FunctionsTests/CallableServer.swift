import FlintCore
@testable import FlintFunctions
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A request the fixture server recorded.
struct RecordedRequest: Decodable, Sendable, Equatable {
    let method: String
    let path: String
    /// Header names are lower-cased by the server.
    let headers: [String: String]
    let body: String
}

/// Why the fixture server could not be used.
enum CallableServerError: Error, Equatable {
    case scriptNotFound
    case noPortWithin(seconds: Double)
    case controlRequestFailed(String)
    case didNotExitWithin(seconds: Double)
}

/// The Python fixture server (`Fixtures/callable_server.py`) on 127.0.0.1, one per test.
final class CallableServer: Sendable {
    let port: Int
    private let process: Process
    private let input: Pipe
    private let exited: OneShot

    private init(port: Int, process: Process, input: Pipe, exited: OneShot) {
        self.port = port
        self.process = process
        self.input = input
        self.exited = exited
    }

    /// `http://127.0.0.1:<port>`.
    var origin: String { "http://127.0.0.1:\(port)" }

    /// Starts the server and waits (at most `timeout` seconds) for the port it prints.
    ///
    /// Blocking work (reading the pipe) runs on a dedicated thread, never on the tests' cooperative pool.
    static func start(timeout: Double = 10) async throws -> CallableServer {
        guard let script = Bundle.module.url(forResource: "callable_server", withExtension: "py",
                                             subdirectory: "Fixtures") else {
            throw CallableServerError.scriptNotFound
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path]
        let input = Pipe()
        let output = Pipe()
        let exited = OneShot()
        process.standardInput = input
        process.standardOutput = output
        process.terminationHandler = { _ in exited.fire() }
        try process.run()
        let reader = output.fileHandleForReading
        // A deadline terminates the process, which ends a pending read with EOF.
        let watchdog = Task {
            try? await Task.sleep(for: .seconds(timeout))
            if !Task.isCancelled, process.isRunning { process.terminate() }
        }
        let line = await withCheckedContinuation { (continuation: CheckedContinuation<String, Never>) in
            Thread.detachNewThread {
                var bytes = Data()
                while !bytes.contains(UInt8(ascii: "\n")) {
                    let chunk = reader.availableData
                    if chunk.isEmpty { break }
                    bytes.append(chunk)
                }
                continuation.resume(returning: String(decoding: bytes, as: UTF8.self))
            }
        }
        watchdog.cancel()
        let server = CallableServer(port: Int(line.split(separator: "\n").first.map(String.init) ?? "") ?? 0,
                                    process: process, input: input, exited: exited)
        guard server.port > 0 else {
            try? await server.stop()   // the missing port is the error to report
            throw CallableServerError.noPortWithin(seconds: timeout)
        }
        return server
    }

    /// Stops the server (closing its stdin also makes it exit on its own) and waits at most `timeout`
    /// seconds for it to exit.
    ///
    /// - Throws: ``CallableServerError/didNotExitWithin(seconds:)`` when it was still running then.
    func stop(timeout: Double = 10) async throws {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        do {
            try await exited.wait(timeout: .seconds(timeout))
        } catch {
            throw CallableServerError.didNotExitWithin(seconds: timeout)
        }
    }

    /// Scripts the answer to the next recorded request.
    func enqueue(status: Int, body: String, contentType: String = "application/json") async throws {
        let script: CallableValue = ["status": .int(Int64(status)), "body": .string(body),
                                     "contentType": .string(contentType)]
        let data = try script.jsonData()
        _ = try await control(path: "/__enqueue", method: "POST", body: data)
    }

    /// Every recorded request, in arrival order.
    func requests() async throws -> [RecordedRequest] {
        let data = try await control(path: "/__requests", method: "GET", body: nil)
        return try JSONDecoder().decode([RecordedRequest].self, from: data)
    }

    /// The only recorded request; fails when there is not exactly one.
    func onlyRequest() async throws -> RecordedRequest {
        let all = try await requests()
        guard all.count == 1, let request = all.first else {
            throw CallableServerError.controlRequestFailed("expected 1 recorded request, got \(all.count)")
        }
        return request
    }

    private func control(path: String, method: String, body: Data?) async throws -> Data {
        var request = URLRequest(url: URL(string: origin + path)!, cachePolicy: .reloadIgnoringLocalCacheData,
                                 timeoutInterval: 10)
        request.httpMethod = method
        request.httpBody = body
        return try await withCheckedThrowingContinuation { continuation in
            URLSession.shared.dataTask(with: request) { data, response, error in
                if let error {
                    continuation.resume(throwing: CallableServerError.controlRequestFailed("\(error)"))
                } else if (response as? HTTPURLResponse)?.statusCode != 200 {
                    continuation.resume(throwing: CallableServerError.controlRequestFailed("status of \(path)"))
                } else {
                    continuation.resume(returning: data ?? Data())
                }
            }.resume()
        }
    }
}

/// Runs `body` with a fresh fixture server and stops the server afterwards, whether `body` returns or throws.
///
/// `body`'s error wins over a failure to stop the server.
@discardableResult
func withCallableServer<R>(isolation: isolated (any Actor)? = #isolation,
                           _ body: (CallableServer) async throws -> R) async throws -> R {
    let server = try await CallableServer.start()
    let result: Result<R, any Error>
    do {
        result = .success(try await body(server))
    } catch {
        result = .failure(error)
    }
    let stopped: Result<Void, any Error>
    do {
        try await server.stop()
        stopped = .success(())
    } catch {
        stopped = .failure(error)
    }
    let value = try result.get()
    try stopped.get()
    return value
}
