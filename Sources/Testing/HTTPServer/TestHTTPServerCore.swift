// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// The shared state of one ``TestHTTPServer``: its sockets, the accept loop, the open connections and the
/// recorded requests. The accept loop and every connection run on their own threads (never on the Swift
/// concurrency pool, since they block) and hold this object, not the ``TestHTTPServer`` — so the server's
/// `deinit` runs, and stops everything, when the test drops it.
final class TestHTTPServerCore: @unchecked Sendable {
    let listenFD: Int32
    let port: Int
    let limits: TestHTTPServer.Limits
    let handler: TestHTTPServer.Handler
    private let wakeRead: Int32
    private let wakeWrite: Int32

    /// Guards every variable below, and is broadcast when any of them changes.
    private let condition = NSCondition()
    private var stopped = false
    private var acceptLoopFinished = false
    private var nextConnectionID: UInt64 = 0
    /// Open connections: id → file descriptor. Closed (and removed) only under the lock, so `stop()` never
    /// shuts down a descriptor number that was reused after its connection closed.
    private var connections: [UInt64: Int32] = [:]
    private var writers: [ObjectIdentifier: TestHTTPStreamWriter] = [:]
    private var recorded: [TestHTTPRequest] = []

    init(limits: TestHTTPServer.Limits, handler: @escaping TestHTTPServer.Handler) throws {
        let (fd, port) = try TestHTTPSocket.listenOnLoopback()
        let wake: (read: Int32, write: Int32)
        do {
            wake = try TestHTTPSocket.makePipe()
        } catch {
            TestHTTPSocket.closeDescriptor(fd)
            throw error
        }
        listenFD = fd
        self.port = port
        self.limits = limits
        self.handler = handler
        wakeRead = wake.read
        wakeWrite = wake.write
    }

    /// Starts the accept loop on its own thread.
    func startAcceptLoop() {
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "TestHTTPServer accept :\(port)"
        thread.start()
    }

    private func acceptLoop() {
        while true {
            guard waitForConnectionSlot() else { break }
            let ready = TestHTTPSocket.waitReadable([listenFD, wakeRead])
            if isStopped || ready.contains(1) { break }
            guard ready.contains(0) else { continue }
            guard let fd = TestHTTPSocket.acceptConnection(listenFD) else {
                // E.g. out of descriptors: back off instead of spinning on a listening socket that stays readable.
                _ = pause(.milliseconds(10))
                continue
            }
            guard let id = register(fd) else { break }
            let thread = Thread { [self] in
                var connection = TestHTTPConnection(fd: fd, core: self)
                connection.serve()
                closeConnection(id)
            }
            thread.name = "TestHTTPServer connection :\(port)"
            thread.start()
        }
        condition.lock()
        acceptLoopFinished = true
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until fewer than ``TestHTTPServer/Limits/maxConnections`` connections are open; false when the
    /// server stops first.
    private func waitForConnectionSlot() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while !stopped && connections.count >= limits.maxConnections {
            condition.wait()
        }
        return !stopped
    }

    var isStopped: Bool {
        condition.lock()
        defer { condition.unlock() }
        return stopped
    }

    var openConnectionCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return connections.count
    }

    var requests: [TestHTTPRequest] {
        condition.lock()
        defer { condition.unlock() }
        return recorded
    }

    func record(_ request: TestHTTPRequest) {
        condition.lock()
        recorded.append(request)
        condition.unlock()
    }

    /// Adds an accepted connection; `nil` (and the descriptor closed) when the server is stopping.
    private func register(_ fd: Int32) -> UInt64? {
        condition.lock()
        defer { condition.unlock() }
        guard !stopped else {
            TestHTTPSocket.closeDescriptor(fd)
            return nil
        }
        nextConnectionID += 1
        connections[nextConnectionID] = fd
        return nextConnectionID
    }

    private func closeConnection(_ id: UInt64) {
        condition.lock()
        if let fd = connections.removeValue(forKey: id) { TestHTTPSocket.closeDescriptor(fd) }
        condition.broadcast()
        condition.unlock()
    }

    /// Lets `writer` be interrupted by `stop()`; false when the server is already stopping.
    func attach(_ writer: TestHTTPStreamWriter) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !stopped else { return false }
        writers[ObjectIdentifier(writer)] = writer
        return true
    }

    func detach(_ writer: TestHTTPStreamWriter) {
        condition.lock()
        writers[ObjectIdentifier(writer)] = nil
        condition.unlock()
    }

    /// Waits `duration` (the server's own behaviour: a slow answer); false when `stop()` cut it short.
    func pause(_ duration: Duration) -> Bool {
        guard duration > .zero else { return !isStopped }
        let (seconds, attoseconds) = duration.components
        let deadline = Date(timeIntervalSinceNow: Double(seconds) + Double(attoseconds) * 1e-18)
        condition.lock()
        defer { condition.unlock() }
        while !stopped {
            if !condition.wait(until: deadline) { break }
        }
        return !stopped
    }

    /// Stops accepting, shuts every connection down, wakes every pause and stream, waits (at most 5 s) for
    /// the threads to close their connections, then closes the listening socket. Later calls do nothing.
    /// (Called from a handler, it waits out those 5 s for the handler's own connection.)
    func stop() {
        condition.lock()
        guard !stopped else {
            condition.unlock()
            return
        }
        stopped = true
        for fd in connections.values { TestHTTPSocket.shutdownBoth(fd) }
        let streams = Array(writers.values)
        condition.broadcast()
        condition.unlock()

        for writer in streams { writer.interrupt() }
        TestHTTPSocket.writeByte(wakeWrite)
        TestHTTPSocket.shutdownBoth(listenFD)

        let deadline = Date(timeIntervalSinceNow: 5)
        condition.lock()
        while !(acceptLoopFinished && connections.isEmpty) {
            if !condition.wait(until: deadline) { break }
        }
        // Normally empty by now. A thread stuck in its handler past the deadline still has its descriptor
        // (already shut down, so the connection is over); it closes it when the handler returns — closing it
        // here could let the thread write to an unrelated socket that reused the number.
        condition.unlock()

        TestHTTPSocket.closeDescriptor(listenFD)
        TestHTTPSocket.closeDescriptor(wakeRead)
        TestHTTPSocket.closeDescriptor(wakeWrite)
    }
}
