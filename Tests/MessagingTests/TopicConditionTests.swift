// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Testing

@testable import FlintMessaging

@Suite("Topic conditions")
struct TopicConditionTests {
    @Test func andBindsTighterThanOr() throws {
        let condition = try TopicCondition(parsing: "'a' in topics && 'b' in topics || 'c' in topics")
        #expect(condition == .or(.and(.topic("a"), .topic("b")), .topic("c")))
        #expect(condition.matches(["c"]))
        #expect(condition.matches(["a", "b"]))
        #expect(!condition.matches(["a"]))
    }

    @Test func parenthesesGroup() throws {
        let condition = try TopicCondition(parsing: "'a' in topics && ('b' in topics || 'c' in topics)")
        #expect(condition == .and(.topic("a"), .or(.topic("b"), .topic("c"))))
        #expect(condition.matches(["a", "c"]))
        #expect(condition.matches(["a", "b", "x"]))
        #expect(!condition.matches(["b", "c"]))
        #expect(!condition.matches([]))
        #expect(condition.topics == ["a", "b", "c"])
        #expect(condition.description == "('a' in topics && ('b' in topics || 'c' in topics))")
    }

    @Test func spacingIsFree() throws {
        let condition = try TopicCondition(parsing: "  ('a'   in   topics)&&'b' in topics  ")
        #expect(condition == .and(.topic("a"), .topic("b")))
    }

    @Test func negationApplies() throws {
        let condition = try TopicCondition(parsing: "'a' in topics && !('b' in topics || 'c' in topics)")
        #expect(condition == .and(.topic("a"), .not(.or(.topic("b"), .topic("c")))))
        #expect(condition.matches(["a"]))
        #expect(!condition.matches(["a", "c"]))
        #expect(try TopicCondition(parsing: "!'a' in topics").matches(["b"]))
        #expect(condition.description == "('a' in topics && !('b' in topics || 'c' in topics))")
    }

    @Test func fiveTopicsAreTheLimit() throws {
        let five = (1...5).map { "'t\($0)' in topics" }.joined(separator: " || ")
        #expect(try TopicCondition(parsing: five).topics.count == 5)
        let six = five + " || 't6' in topics"
        let error = #expect(throws: MessagingError.self) { try TopicCondition(parsing: six) }
        #expect(error?.code == .invalidRequest)
        #expect(error?.message.contains("more than 5 topics") == true)
    }

    @Test(arguments: [
        ("", "empty"),
        ("   ", "empty"),
        ("'a' in topics &&", "ends where a topic was expected"),
        ("('a' in topics", "')' is missing"),
        ("'a' in topics)", "unexpected text"),
        ("'a' in topic", "expected 'in topics'"),
        ("'a' topics", "expected 'in topics'"),
        ("'a' in topicsx", "expected 'in topics'"),
        ("'a in topics", "no closing quote"),
        ("a in topics", "expected a topic name in single quotes"),
        ("\"a\" in topics", "expected a topic name in single quotes"),
        ("!", "ends where a topic was expected"),
        ("'a' in topics & 'b' in topics", "unexpected text"),
        ("!!", "ends where a topic was expected"),
        ("'a' in topics 'b' in topics", "unexpected text"),
    ])
    func malformedConditionsAreInvalidRequest(_ text: String, _ reason: String) {
        let error = #expect(throws: MessagingError.self) { try TopicCondition(parsing: text) }
        #expect(error?.code == .invalidRequest)
        #expect(error?.message.contains(reason) == true, "\(error?.message ?? "")")
    }

    @Test func invalidTopicNamesInsideAreInvalidTopicName() {
        for text in ["'' in topics", "'a b' in topics", "'/topics/a' in topics", "'caf\u{E9}' in topics"] {
            let error = #expect(throws: MessagingError.self) { try TopicCondition(parsing: text) }
            #expect(error?.code == .invalidTopicName, "\(text)")
        }
    }

    @Test func nestingIsBounded() throws {
        let deep = { (depth: Int) in
            String(repeating: "(", count: depth) + "'a' in topics" + String(repeating: ")", count: depth)
        }
        #expect(try TopicCondition(parsing: deep(TopicCondition.maximumDepth)) == .topic("a"))
        let error = #expect(throws: MessagingError.self) {
            try TopicCondition(parsing: deep(TopicCondition.maximumDepth + 1))
        }
        #expect(error?.message.contains("nested deeper") == true)
        let negations = String(repeating: "!", count: 100_000) + "'a' in topics"
        let negated = #expect(throws: MessagingError.self) { try TopicCondition(parsing: negations) }
        #expect(negated?.message.contains("nested deeper") == true)
    }

    @Test func hugeInputIsAnErrorNotACrash() throws {
        let parentheses = String(repeating: "(", count: 200_000)
        let error = #expect(throws: MessagingError.self) { try TopicCondition(parsing: parentheses) }
        #expect(error?.code == .invalidRequest)
        #expect((error?.message.count ?? .max) < 400)  // the condition is quoted shortened
        let spaces = String(repeating: " ", count: 200_000) + "'a' in topics"
        #expect(try TopicCondition(parsing: spaces) == .topic("a"))
        let ors = Array(repeating: "'a' in topics", count: 50_000).joined(separator: " || ")
        #expect(throws: MessagingError.self) { try TopicCondition(parsing: ors) }
    }
}
