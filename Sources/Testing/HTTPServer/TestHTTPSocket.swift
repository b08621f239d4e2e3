// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Thin wrappers over the POSIX socket calls ``TestHTTPServer`` uses, hiding the Glibc/Darwin differences.
///
/// Every function works on a raw file descriptor; ownership (who closes it) stays with the caller.
enum TestHTTPSocket {
    /// `127.0.0.1` in network byte order.
    static let loopback = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)

    /// Creates a TCP socket bound to 127.0.0.1 on an ephemeral port, listening; returns it and its port.
    static func listenOnLoopback(backlog: Int32 = 64) throws -> (fd: Int32, port: Int) {
        #if canImport(Darwin)
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #else
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        guard fd >= 0 else { throw TestHTTPServerError.socketCallFailed("socket", errno: errno) }
        do {
            setNoSigPipe(fd)
            var address = sockaddr_in()
            #if canImport(Darwin)
                address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
            #endif
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = 0  // ephemeral: the kernel picks a free port
            address.sin_addr = loopback
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard bound == 0 else { throw TestHTTPServerError.socketCallFailed("bind", errno: errno) }
            guard listen(fd, backlog) == 0 else { throw TestHTTPServerError.socketCallFailed("listen", errno: errno) }
            let (_, port) = try localAddress(of: fd)
            return (fd, port)
        } catch {
            _ = closeDescriptor(fd)
            throw error
        }
    }

    /// The IPv4 address (dotted) and port a socket is bound to, read back with `getsockname`.
    static func localAddress(of fd: Int32) throws -> (host: String, port: Int) {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let result = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard result == 0 else { throw TestHTTPServerError.socketCallFailed("getsockname", errno: errno) }
        let raw = UInt32(bigEndian: address.sin_addr.s_addr)
        let host = [24, 16, 8, 0].map { String((raw >> UInt32($0)) & 0xFF) }.joined(separator: ".")
        return (host, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// Makes writes to a socket whose peer went away fail with `EPIPE` instead of raising `SIGPIPE` (Darwin;
    /// on Linux every send passes `MSG_NOSIGNAL`).
    static func setNoSigPipe(_ fd: Int32) {
        #if canImport(Darwin)
            var on: Int32 = 1
            _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    /// Bounds every blocking `recv` (`SO_RCVTIMEO`) and `send` (`SO_SNDTIMEO`) on `fd` to `timeout`.
    static func setTimeouts(_ fd: Int32, _ timeout: Duration) {
        let (seconds, attoseconds) = timeout.components
        let microseconds = max(attoseconds / 1_000_000_000_000, seconds == 0 ? 1 : 0)
        var value = timeval(tv_sec: .init(seconds), tv_usec: .init(microseconds))
        let size = socklen_t(MemoryLayout<timeval>.size)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &value, size)
        _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &value, size)
    }

    /// Accepts one connection; `nil` when `accept` failed (e.g. the listening socket was shut down).
    static func acceptConnection(_ fd: Int32) -> Int32? {
        while true {
            let connection = accept(fd, nil, nil)
            if connection >= 0 { return connection }
            if errno == EINTR { continue }
            return nil
        }
    }

    /// Waits until one of `fds` is readable (or hung up); returns the readable ones' indices.
    static func waitReadable(_ fds: [Int32]) -> [Int] {
        var polled = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        while true {
            let result = poll(&polled, nfds_t(polled.count), -1)
            if result >= 0 { break }
            if errno != EINTR { return Array(fds.indices) }
        }
        return polled.indices.filter { polled[$0].revents != 0 }
    }

    /// Reads up to `count` bytes; an empty array means end of stream, `nil` an error or the read timeout.
    static func receive(_ fd: Int32, upTo count: Int) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: count)
        while true {
            let read = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, count, 0) }
            if read >= 0 { return Array(buffer.prefix(read)) }
            if errno == EINTR { continue }
            return nil
        }
    }

    /// Writes every byte of `bytes`; false when the peer went away or the write timed out.
    static func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        #if canImport(Darwin)
            let flags: Int32 = 0
        #else
            let flags = Int32(MSG_NOSIGNAL)
        #endif
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { send(fd, $0.baseAddress! + offset, bytes.count - offset, flags) }
            if written > 0 {
                offset += written
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                return false
            }
        }
        return true
    }

    /// Writes the pipe's wake-up byte (used to interrupt ``waitReadable(_:)``).
    static func writeByte(_ fd: Int32) {
        var byte: UInt8 = 1
        _ = write(fd, &byte, 1)
    }

    /// Creates a pipe: (read end, write end).
    static func makePipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw TestHTTPServerError.socketCallFailed("pipe", errno: errno) }
        return (ends[0], ends[1])
    }

    /// Shuts both directions of a socket down: blocked `recv`/`send`/`accept` calls on it return at once.
    static func shutdownBoth(_ fd: Int32) {
        _ = shutdown(fd, Int32(SHUT_RDWR))
    }

    /// Shuts the sending direction down (the peer reads end of stream).
    static func shutdownWrite(_ fd: Int32) {
        _ = shutdown(fd, Int32(SHUT_WR))
    }

    /// Closes a descriptor.
    @discardableResult
    static func closeDescriptor(_ fd: Int32) -> Int32 {
        close(fd)
    }
}
