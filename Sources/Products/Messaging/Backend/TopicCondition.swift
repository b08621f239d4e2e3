// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// A topic condition such as `'a' in topics && ('b' in topics || 'c' in topics)`: which devices a message
/// sent to a condition reaches (FCM's `condition` target).
///
/// The grammar is FCM's: `'topic' in topics` (single quotes), `!` (negation), `&&` (binds tighter than
/// `||`), `||`, and parentheses. As in FCM, a condition names at most ``maximumTopics`` topics (repeats count); Flint also
/// refuses parentheses nested deeper than ``maximumDepth``. Every malformed condition is a
/// ``MessagingError`` (`invalidRequest`, or `invalidTopicName` for a bad name) saying where it went wrong;
/// parsing never recurses deeper than ``maximumDepth``.
public indirect enum TopicCondition: Sendable, Hashable, CustomStringConvertible {
    /// `'name' in topics`.
    case topic(String)
    /// The condition does not hold: `!('name' in topics)`.
    case not(TopicCondition)
    /// Both sides hold.
    case and(TopicCondition, TopicCondition)
    /// Either side holds.
    case or(TopicCondition, TopicCondition)

    /// The most topics one condition may name (FCM: "up to five topics").
    public static let maximumTopics = 5
    /// The deepest nesting of parentheses and negations accepted.
    public static let maximumDepth = 8

    /// Parses `text`.
    ///
    /// - Throws: ``MessagingError`` `invalidRequest` for a malformed condition, more than ``maximumTopics``
    ///   topics or parentheses deeper than ``maximumDepth``; `invalidTopicName` for a quoted name that is not
    ///   a valid topic name.
    public init(parsing text: String) throws(MessagingError) {
        var parser = Parser(text: Array(text.utf8), source: text)
        self = try parser.parseCondition()
    }

    /// Whether a device subscribed to `topics` (bare names) is reached.
    public func matches(_ topics: Set<String>) -> Bool {
        switch self {
        case .topic(let name): topics.contains(name)
        case .not(let inner): !inner.matches(topics)
        case .and(let left, let right): left.matches(topics) && right.matches(topics)
        case .or(let left, let right): left.matches(topics) || right.matches(topics)
        }
    }

    /// The topics named, in order.
    public var topics: [String] {
        switch self {
        case .topic(let name): [name]
        case .not(let inner): inner.topics
        case .and(let left, let right), .or(let left, let right): left.topics + right.topics
        }
    }

    /// The condition written back, fully parenthesized: `('a' in topics && 'b' in topics)`.
    public var description: String {
        switch self {
        case .topic(let name): "'\(name)' in topics"
        case .not(let inner): "!\(inner)"
        case .and(let left, let right): "(\(left) && \(right))"
        case .or(let left, let right): "(\(left) || \(right))"
        }
    }
}

/// A recursive-descent parser over UTF-8 bytes, bounded by ``TopicCondition/maximumDepth``.
private struct Parser {
    let text: [UInt8]
    let source: String
    var position = 0
    var topicCount = 0
    var depth = 0

    init(text: [UInt8], source: String) {
        self.text = text
        // Messages quote the condition, shortened: the input may be huge.
        self.source = source.count > 120 ? String(source.prefix(120)) + "…" : source
    }

    mutating func parseCondition() throws(MessagingError) -> TopicCondition {
        skipSpaces()
        guard position < text.count else { throw failure("the condition is empty") }
        let condition = try parseOr()
        skipSpaces()
        guard position == text.count else { throw failure("unexpected text at offset \(position)") }
        return condition
    }

    private mutating func parseOr() throws(MessagingError) -> TopicCondition {
        var condition = try parseAnd()
        while consume("||") {
            condition = .or(condition, try parseAnd())
        }
        return condition
    }

    private mutating func parseAnd() throws(MessagingError) -> TopicCondition {
        var condition = try parsePrimary()
        while consume("&&") {
            condition = .and(condition, try parsePrimary())
        }
        return condition
    }

    private mutating func parsePrimary() throws(MessagingError) -> TopicCondition {
        skipSpaces()
        guard position < text.count else { throw failure("the condition ends where a topic was expected") }
        if text[position] == UInt8(ascii: "!") {
            depth += 1
            guard depth <= TopicCondition.maximumDepth else {
                throw failure("parentheses and negations are nested deeper than \(TopicCondition.maximumDepth) levels")
            }
            position += 1
            let inner = try parsePrimary()
            depth -= 1
            return .not(inner)
        }
        if text[position] == UInt8(ascii: "(") {
            depth += 1
            guard depth <= TopicCondition.maximumDepth else {
                throw failure("parentheses and negations are nested deeper than \(TopicCondition.maximumDepth) levels")
            }
            position += 1
            let inner = try parseOr()
            guard consume(")") else { throw failure("a ')' is missing at offset \(position)") }
            depth -= 1
            return inner
        }
        return try parseTopic()
    }

    private mutating func parseTopic() throws(MessagingError) -> TopicCondition {
        let quote = UInt8(ascii: "'")
        guard text[position] == quote else {
            throw failure("expected a topic name in single quotes, '(' or '!' at offset \(position)")
        }
        let start = position + 1
        guard let end = text[start...].firstIndex(of: quote) else {
            throw failure("the topic name at offset \(position) has no closing quote")
        }
        let name = String(decoding: text[start..<end], as: UTF8.self)
        guard let topic = MessagingTopic.normalize(name), !name.hasPrefix(MessagingTopic.prefix) else {
            throw MessagingError(.invalidTopicName, message: "Invalid topic name '\(name)' in condition \(source).")
        }
        position = end + 1
        guard consumeWord("in"), consumeWord("topics") else {
            throw failure("expected 'in topics' after '\(name)' at offset \(position)")
        }
        topicCount += 1
        guard topicCount <= TopicCondition.maximumTopics else {
            throw failure("it names more than \(TopicCondition.maximumTopics) topics")
        }
        return .topic(topic)
    }

    private mutating func skipSpaces() {
        while position < text.count,
            text[position] == UInt8(ascii: " ") || text[position] == UInt8(ascii: "\t")
                || text[position] == UInt8(ascii: "\n") || text[position] == UInt8(ascii: "\r")
        {
            position += 1
        }
    }

    /// Consumes `token` after spaces when it comes next.
    private mutating func consume(_ token: StaticString) -> Bool {
        skipSpaces()
        let bytes = UnsafeBufferPointer(start: token.utf8Start, count: token.utf8CodeUnitCount)
        guard text.count - position >= bytes.count, text[position..<position + bytes.count].elementsEqual(bytes) else {
            return false
        }
        position += bytes.count
        return true
    }

    /// Consumes the word `word` after spaces, when it is followed by a non-letter.
    private mutating func consumeWord(_ word: StaticString) -> Bool {
        let saved = position
        guard consume(word) else { return false }
        if position < text.count, MessagingTopic.isAllowed(text[position]) {
            position = saved
            return false
        }
        return true
    }

    private func failure(_ reason: String) -> MessagingError {
        MessagingError(.invalidRequest, message: "Invalid topic condition \(source): \(reason).")
    }
}
