// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// One `text/event-stream` event, for ``TestHTTPResponse/eventStream(_:delayBetween:ending:status:headers:)``
/// and ``TestHTTPStreamWriter/send(_:)``.
///
/// ```swift
/// TestServerSentEvent(data: #"{"message":"hi"}"#)   // data: {"message":"hi"}\n\n
/// TestServerSentEvent(event: "done", data: "")       // event: done\ndata: \n\n
/// ```
public struct TestServerSentEvent: Sendable, Equatable {
    /// The `event:` field, or `nil` for none (a `message` event).
    public var event: String?
    /// The data; each line becomes one `data:` line.
    public var data: String
    /// The `id:` field, or `nil`.
    public var id: String?
    /// The `retry:` field in milliseconds, or `nil`.
    public var retry: Int?

    /// Creates an event.
    public init(event: String? = nil, data: String, id: String? = nil, retry: Int? = nil) {
        self.event = event
        self.data = data
        self.id = id
        self.retry = retry
    }

    /// The event as written on the wire, ending with its blank line.
    public var encoded: Data {
        var text = ""
        if let event { text += "event: \(event)\n" }
        if let id { text += "id: \(id)\n" }
        if let retry { text += "retry: \(retry)\n" }
        for line in data.split(separator: "\n", omittingEmptySubsequences: false) {
            text += "data: \(line)\n"
        }
        text += "\n"
        return Data(text.utf8)
    }
}
