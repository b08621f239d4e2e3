// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A blocking TCP connection to `127.0.0.1`, for requests whose body a test sends piece by piece (URLSession
/// sends a body whole). Reads time out after a minute, so a test never hangs on it.
final class RawSocket {
    private let descriptor: Int32

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    init(port: Int) throws {
        #if canImport(Glibc)
            descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw Failure(description: "socket: \(errno)") }
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(descriptor)
            throw Failure(description: "connect: \(errno)")
        }
    }

    deinit { close(descriptor) }

    /// Sends all of `data`.
    func send(_ data: Data) throws {
        try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            var sent = 0
            while sent < buffer.count {
                let count = write(descriptor, buffer.baseAddress! + sent, buffer.count - sent)
                guard count > 0 else { throw Failure(description: "write: \(errno)") }
                sent += count
            }
        }
    }

    /// Reads until the server closes the connection (send `Connection: close`): the status and the body.
    func readResponse() throws -> (status: Int, body: Data) {
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            guard count >= 0 else { throw Failure(description: "read: \(errno)") }
            if count == 0 { break }
            received.append(contentsOf: buffer[0..<count])
        }
        guard let headerEnd = received.range(of: Data("\r\n\r\n".utf8)) else {
            throw Failure(description: "no response head in \(received.count) bytes")
        }
        let head = String(decoding: received[..<headerEnd.lowerBound], as: UTF8.self)
        let status = head.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        return (status, Data(received[headerEnd.upperBound...]))
    }
}
