// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation
import Testing

@testable import FlintDatabase

/// ``ServerSentEventParser``: the `text/event-stream` format as the Realtime Database sends it.
@Suite("Database event stream parsing")
struct ServerSentEventParserTests {
    private typealias Event = ServerSentEventParser.Event

    @Test func eventsEndAtABlankLine() throws {
        var parser = ServerSentEventParser()
        #expect(try parser.append(Data("event: put\ndata: {\"path\":\"/\",\"data\":1}\n".utf8)) == [])
        #expect(try parser.append(Data("\n".utf8)) == [Event(type: "put", data: #"{"path":"/","data":1}"#)])
    }

    @Test func chunksMaySplitLinesAnywhere() throws {
        var parser = ServerSentEventParser()
        let text = "event: patch\r\ndata: {\"a\":1}\r\n\r\nevent: keep-alive\r\ndata: null\r\n\r\n"
        var events: [Event] = []
        for byte in Data(text.utf8) { events += try parser.append(Data([byte])) }
        #expect(events == [Event(type: "patch", data: #"{"a":1}"#), Event(type: "keep-alive", data: "null")])
    }

    @Test func dataLinesJoinAndCommentsAndOtherFieldsAreIgnored() throws {
        var parser = ServerSentEventParser()
        let events = try parser.append(Data(": a comment\nid: 7\nretry: 10\ndata: one\ndata:two\n\ndata\n\n\n".utf8))
        #expect(events == [Event(type: "message", data: "one\ntwo"), Event(type: "message", data: "")])
    }

    @Test func anOverlongLineIsAnErrorNotAnUnboundedBuffer() throws {
        var parser = ServerSentEventParser()
        let chunk = Data(repeating: UInt8(ascii: "x"), count: ServerSentEventParser.maximumLineLength + 1)
        #expect(throws: DatabaseError.self) { try parser.append(chunk) }
    }

    @Test func anOverlongLineIsAnErrorAlsoWhenItArrivesWholeInOneChunk() throws {
        var parser = ServerSentEventParser()
        var chunk = Data("data: ".utf8)
        chunk.append(Data(repeating: UInt8(ascii: "x"), count: ServerSentEventParser.maximumLineLength))
        chunk.append(Data("\n\n".utf8))
        #expect(throws: DatabaseError.self) { try parser.append(chunk) }
    }

    @Test func anEventsDataPastItsLimitIsAnErrorNotAnUnboundedBuffer() throws {
        var parser = ServerSentEventParser(maximumEventSize: 10)
        // Up to the limit: "12345\n1234" is 10 bytes; a blank line ends it and the next event starts from zero.
        #expect(
            try parser.append(Data("data: 12345\ndata: 1234\n\n".utf8)) == [Event(type: "message", data: "12345\n1234")]
        )
        #expect(try parser.append(Data("data: 1234567890\n\n".utf8)) == [Event(type: "message", data: "1234567890")])
        // Lines of 5 bytes, each within the line limit, never ended by a blank line.
        #expect(try parser.append(Data("data: 12345\n".utf8)) == [])
        let error = #expect(throws: DatabaseError.self) { try parser.append(Data("data: 12345\n".utf8)) }
        #expect(error?.code == .unknown)
    }

    @Test func eventPayloadsNeedAPathAndData() throws {
        let (keys, data) = try DatabaseEventStream.payload(#"{"path":"/a/b","data":{"c":1}}"#)
        #expect(keys == ["a", "b"])
        #expect((data as? [String: Int]) == ["c": 1])
        #expect(try DatabaseEventStream.payload(#"{"path":"/","data":null}"#).0 == [])
        #expect(throws: DatabaseError.self) { try DatabaseEventStream.payload(#"{"data":1}"#) }
        #expect(throws: DatabaseError.self) { try DatabaseEventStream.payload(#"{"path":"/a#b","data":1}"#) }
        #expect(throws: DatabaseError.self) { try DatabaseEventStream.payload("not json") }
    }
}
