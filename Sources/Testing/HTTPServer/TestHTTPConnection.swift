// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// One connection of a ``TestHTTPServer``, served on its own thread: reads and parses one request (bounded
/// by the server's ``TestHTTPServer/Limits``), records it, asks the handler, writes the answer. The core
/// closes the descriptor afterwards.
struct TestHTTPConnection {
    /// Why a request could not be read.
    private enum ReadFailure: Error {
        /// The peer closed, or a read timed out or failed: drop the connection without an answer.
        case closed
        /// Answer with this status and drop the connection.
        case reject(Int)
    }

    let fd: Int32
    let core: TestHTTPServerCore
    private var buffer: [UInt8] = []

    init(fd: Int32, core: TestHTTPServerCore) {
        self.fd = fd
        self.core = core
    }

    mutating func serve() {
        TestHTTPSocket.setNoSigPipe(fd)
        TestHTTPSocket.setTimeouts(fd, core.limits.ioTimeout)
        let request: TestHTTPRequest
        do {
            request = try readRequest()
        } catch .reject(let status) {
            reject(status)
            return
        } catch {
            return
        }
        core.record(request)
        let response = core.handler(request)
        write(response)
    }

    // MARK: Reading

    /// Reads more bytes into the buffer.
    private mutating func fill() throws(ReadFailure) {
        guard let bytes = TestHTTPSocket.receive(fd, upTo: 16 * 1024), !bytes.isEmpty else { throw .closed }
        buffer.append(contentsOf: bytes)
    }

    /// The index of the first `\r\n\r\n` in the buffer at or after `start`.
    private func headEnd(from start: Int) -> Int? {
        guard buffer.count >= 4 else { return nil }
        var index = max(0, start)
        while index + 3 < buffer.count {
            if buffer[index] == 13, buffer[index + 1] == 10, buffer[index + 2] == 13, buffer[index + 3] == 10 {
                return index
            }
            index += 1
        }
        return nil
    }

    private mutating func readRequest() throws(ReadFailure) -> TestHTTPRequest {
        let limit = core.limits.maxHeaderBytes
        var searched = 0
        var end: Int?
        while true {
            end = headEnd(from: searched - 3)
            if let end {
                if end + 4 > limit { throw .reject(431) }
                break
            }
            if buffer.count >= limit { throw .reject(431) }
            searched = buffer.count
            try fill()
        }
        let headEnd = end!
        let head = String(decoding: buffer[..<headEnd], as: UTF8.self)
        buffer.removeFirst(headEnd + 4)

        let lines = head.components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ", omittingEmptySubsequences: true)
        guard requestLine.count == 3, requestLine[2].hasPrefix("HTTP/") else { throw .reject(400) }
        var headers = TestHTTPHeaders()
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { throw .reject(400) }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { throw .reject(400) }
            headers.append(name: name, value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }

        let chunked = headers["Transfer-Encoding"]?.lowercased().contains("chunked") ?? false
        var length = 0
        if !chunked, let value = headers["Content-Length"] {
            guard let parsed = Int(value), parsed >= 0 else { throw .reject(400) }
            guard parsed <= core.limits.maxBodyBytes else { throw .reject(413) }
            length = parsed
        }
        if headers["Expect"]?.lowercased() == "100-continue" {
            _ = TestHTTPSocket.sendAll(fd, Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))
        }
        let body = chunked ? try readChunkedBody() : try readExactly(length)
        return TestHTTPRequest(
            method: String(requestLine[0]), path: String(requestLine[1]),
            version: String(requestLine[2]), headers: headers, body: Data(body),
            wasChunked: chunked)
    }

    private mutating func readExactly(_ count: Int) throws(ReadFailure) -> [UInt8] {
        while buffer.count < count { try fill() }
        let bytes = Array(buffer.prefix(count))
        buffer.removeFirst(count)
        return bytes
    }

    /// One line without its `\r\n` (at most 4 KiB).
    private mutating func readLine() throws(ReadFailure) -> String {
        while true {
            if let index = buffer.firstIndex(of: 10) {
                var line = buffer[..<index]
                if line.last == 13 { line = line.dropLast() }
                let text = String(decoding: line, as: UTF8.self)
                buffer.removeFirst(index + 1)
                return text
            }
            if buffer.count > 4096 { throw .reject(400) }
            try fill()
        }
    }

    private mutating func readChunkedBody() throws(ReadFailure) -> [UInt8] {
        var body: [UInt8] = []
        while true {
            let sizeLine = try readLine()
            let sizeText = sizeLine.prefix { $0 != ";" }.trimmingCharacters(in: .whitespaces)
            guard let size = Int(sizeText, radix: 16), size >= 0 else { throw .reject(400) }
            if size == 0 {
                while try !readLine().isEmpty {}  // trailers, up to the blank line
                return body
            }
            guard body.count + size <= core.limits.maxBodyBytes else { throw .reject(413) }
            body += try readExactly(size)
            guard try readLine().isEmpty else { throw .reject(400) }
        }
    }

    // MARK: Writing

    /// Answers a request that was not read completely, then reads (and drops) what the client still sends
    /// for a moment, so closing does not reset the connection before the client read the answer.
    private func reject(_ status: Int) {
        let body = Array("\(status) \(Self.reason(status))\n".utf8)
        let head =
            "HTTP/1.1 \(status) \(Self.reason(status))\r\nContent-Type: text/plain\r\n"
            + "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        guard TestHTTPSocket.sendAll(fd, Array(head.utf8) + body) else { return }
        TestHTTPSocket.shutdownWrite(fd)
        TestHTTPSocket.setTimeouts(fd, .milliseconds(200))
        var drained = 0
        while drained < 4 * (core.limits.maxBodyBytes + core.limits.maxHeaderBytes),
            let bytes = TestHTTPSocket.receive(fd, upTo: 64 * 1024), !bytes.isEmpty
        {
            drained += bytes.count
        }
    }

    private func write(_ response: TestHTTPResponse) {
        guard core.pause(response.delay) else { return }
        var headers = response.headers
        switch response.body {
        case .closeWithoutResponse:
            return
        case .fixed(let data, _), .slow(let data, _, _, _):
            if headers["Content-Length"] == nil { headers["Content-Length"] = String(data.count) }
        case .chunked, .stream:
            headers["Content-Length"] = nil
            headers["Transfer-Encoding"] = "chunked"
        }
        if headers["Connection"] == nil { headers["Connection"] = "close" }
        var head = "HTTP/1.1 \(response.status) \(Self.reason(response.status))\r\n"
        for field in headers.fields { head += "\(field.name): \(field.value)\r\n" }
        head += "\r\n"
        guard send(Array(head.utf8)) else { return }

        switch response.body {
        case .closeWithoutResponse:
            return
        case .fixed(let data, let truncatedAfter):
            _ = send(Array(data.prefix(truncatedAfter ?? data.count)))
        case .slow(let data, let bytesPerWrite, let pause, let truncatedAfter):
            let bytes = Array(data.prefix(truncatedAfter ?? data.count))
            var offset = 0
            while offset < bytes.count {
                if offset > 0 { guard core.pause(pause) else { return } }
                let end = min(bytes.count, offset + bytesPerWrite)
                guard send(Array(bytes[offset..<end])) else { return }
                offset = end
            }
        case .chunked(let chunks, let delayBetween, let ending):
            for (index, chunk) in chunks.enumerated() {
                if index > 0 { guard core.pause(delayBetween) else { return } }
                guard send(Self.chunk(chunk)) else { return }
            }
            if ending == .complete { _ = send(Self.lastChunk) }
        case .stream(let writer):
            guard core.attach(writer) else { return }
            defer { core.detach(writer) }
            while let item = writer.next() {
                switch item {
                case .data(let data):
                    guard send(Self.chunk(data)) else { return }
                    writer.didWriteChunk()
                case .finish:
                    _ = send(Self.lastChunk)
                    return
                case .pause(let duration):
                    guard core.pause(duration) else { return }
                case .abort:
                    return
                }
            }
        }
    }

    private func send(_ bytes: [UInt8]) -> Bool {
        TestHTTPSocket.sendAll(fd, bytes)
    }

    private static let lastChunk = Array("0\r\n\r\n".utf8)

    private static func chunk(_ data: Data) -> [UInt8] {
        Array(String(data.count, radix: 16).utf8) + [13, 10] + Array(data) + [13, 10]
    }

    static func reason(_ status: Int) -> String {
        switch status {
        case 100: "Continue"
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 413: "Content Too Large"
        case 418: "I'm a teapot"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 499: "Client Closed Request"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: "Status \(status)"
        }
    }
}
