// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintProductSupport
import Foundation
import Testing

/// ``LineSplitter``: a streamed body split into lines, however it is chunked, with a limit on a line's size.
@Suite struct LineSplitterTests {
    private func text(_ lines: [Data]?) -> [String]? {
        lines?.map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func linesEndAtLFOrCRLFWithoutTheirLineEnds() {
        var splitter = LineSplitter()
        #expect(text(splitter.append(Data("one\ntwo\r\n\r\nthree\r".utf8))) == ["one", "two", ""])
        #expect(text(splitter.append(Data("\n".utf8))) == ["three"])
        #expect(splitter.finish() == nil)
    }

    @Test func aLineSplitAcrossChunksIsWhole() {
        var splitter = LineSplitter()
        var lines: [String] = []
        for byte in Data("data: {\"a\":1}\r\nnext\n".utf8) { lines += text(splitter.append(Data([byte]))) ?? [] }
        #expect(lines == [#"data: {"a":1}"#, "next"])
        #expect(text(splitter.append(Data("unterminated".utf8))) == [])
        #expect(splitter.finish() == Data("unterminated".utf8))
        #expect(splitter.finish() == nil)
    }

    @Test func anEmptyChunkEndsNoLine() {
        var splitter = LineSplitter(maximumLineSize: 8)
        #expect(text(splitter.append(Data())) == [])
        #expect(text(splitter.append(Data("ab".utf8))) == [])
        #expect(text(splitter.append(Data())) == [])
        #expect(text(splitter.append(Data("\n".utf8))) == ["ab"])
    }

    @Test func aLineOverTheLimitIsRefusedWhetherCompleteOrNot() {
        var upToTheLimit = LineSplitter(maximumLineSize: 4)
        #expect(text(upToTheLimit.append(Data("abcd\r".utf8))) == [])  // 4 bytes and a \r waiting for its \n
        #expect(text(upToTheLimit.append(Data("\n".utf8))) == ["abcd"])
        var growing = LineSplitter(maximumLineSize: 4)
        #expect(text(growing.append(Data("abc".utf8))) == [])
        #expect(growing.append(Data("de".utf8)) == nil)  // refused before its line end arrives
        var complete = LineSplitter(maximumLineSize: 4)
        #expect(complete.append(Data("ok\nabcde\n".utf8)) == nil)
    }
}
