// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
extension TestHTTPServer {
    /// The bounds every connection of a ``TestHTTPServer`` runs under.
    public struct Limits: Sendable, Equatable {
        /// The largest request head (request line and headers, with their line ends) accepted; a larger one
        /// is answered `431 Request Header Fields Too Large`.
        public var maxHeaderBytes: Int
        /// The largest request body accepted (`Content-Length`, or the sum of the chunks); a larger one is
        /// answered `413 Content Too Large`.
        public var maxBodyBytes: Int
        /// How long a blocked read or write on a connection may wait (`SO_RCVTIMEO`/`SO_SNDTIMEO`) before the
        /// server drops the connection.
        public var ioTimeout: Duration
        /// The most connections served at once (each has a thread of its own): while that many are open the
        /// server accepts no other, and further clients wait in the listening socket's backlog until one
        /// closes. At least 1.
        public var maxConnections: Int

        /// Creates limits (defaults: 16 KiB of headers, 1 MiB of body, 10 s per read or write, 64 connections
        /// at once).
        public init(
            maxHeaderBytes: Int = 16 * 1024, maxBodyBytes: Int = 1024 * 1024,
            ioTimeout: Duration = .seconds(10), maxConnections: Int = 64
        ) {
            self.maxHeaderBytes = maxHeaderBytes
            self.maxBodyBytes = maxBodyBytes
            self.ioTimeout = ioTimeout
            self.maxConnections = max(1, maxConnections)
        }
    }
}
