// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintRemoteConfig
import Foundation

/// Parses a condition expression of Firebase's condition language into a ``RemoteConfigExpression``.
///
/// Elements the emulator cannot decide are kept as `unsupported` (false) as long as they are well-formed tokens;
/// unbalanced brackets, unterminated strings, dangling operators and nesting deeper than ``maximumDepth`` are
/// errors.
struct RemoteConfigExpressionParser {
    /// The deepest nesting of parentheses and `!` accepted.
    static let maximumDepth = 32
    /// The longest expression accepted, in characters.
    static let maximumLength = 10_000

    enum Token: Hashable {
        case word(String)  // identifiers, keywords
        case string(String)
        case number(Double)
        case symbol(String)  // . [ ] ( ) , && || ! and comparison operators
    }

    private var tokens: [Token]
    private var position = 0
    private var depth = 0

    /// The expression `text`.
    ///
    /// - Throws: a message naming what is wrong.
    static func parse(_ text: String) throws(RemoteConfigTemplateJSONError) -> RemoteConfigExpression {
        guard text.count <= maximumLength else {
            throw RemoteConfigTemplateJSONError("the expression is longer than \(maximumLength) characters")
        }
        var parser = RemoteConfigExpressionParser(tokens: try tokenize(text))
        guard !parser.tokens.isEmpty else { throw RemoteConfigTemplateJSONError("the expression is empty") }
        let expression = try parser.parseOr()
        guard parser.position == parser.tokens.count else {
            throw RemoteConfigTemplateJSONError("unexpected \(parser.describe(parser.tokens[parser.position]))")
        }
        return expression
    }

    private init(tokens: [Token]) {
        self.tokens = tokens
    }

    // MARK: - Grammar

    private mutating func parseOr() throws(RemoteConfigTemplateJSONError) -> RemoteConfigExpression {
        var terms = [try parseAnd()]
        while take(.symbol("||")) { terms.append(try parseAnd()) }
        return terms.count == 1 ? terms[0] : .or(terms)
    }

    private mutating func parseAnd() throws(RemoteConfigTemplateJSONError) -> RemoteConfigExpression {
        var terms = [try parseUnary()]
        while take(.symbol("&&")) { terms.append(try parseUnary()) }
        return terms.count == 1 ? terms[0] : .and(terms)
    }

    private mutating func parseUnary() throws(RemoteConfigTemplateJSONError) -> RemoteConfigExpression {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else {
            throw RemoteConfigTemplateJSONError("the expression nests deeper than \(Self.maximumDepth) levels")
        }
        if take(.symbol("!")) { return .not(try parseUnary()) }
        if take(.symbol("(")) {
            let inner = try parseOr()
            try expect(.symbol(")"))
            return inner
        }
        return try parseAtom()
    }

    private mutating func parseAtom() throws(RemoteConfigTemplateJSONError) -> RemoteConfigExpression {
        let start = position
        guard case .word(let word) = try next() else {
            throw RemoteConfigTemplateJSONError("unexpected \(describe(tokens[start]))")
        }
        switch word {
        case "true": return .constant(true)
        case "false": return .constant(false)
        case "percent": return try parsePercent()
        default: break
        }
        // A dotted name (up to a method call such as `.exactlyMatches(`), then an optional ['key'].
        var name = word
        while peek(.symbol(".")), case .word(let part)? = peek(at: position + 1),
            peek(at: position + 2) != .symbol("(")
        {
            position += 2
            name += "." + part
        }
        var key: String?
        if take(.symbol("[")) {
            guard case .string(let text) = try next() else {
                throw RemoteConfigTemplateJSONError("\(name)[…] needs a quoted key")
            }
            key = text
            try expect(.symbol("]"))
        }
        let element: RemoteConfigElement? =
            switch (name, key) {
            case ("app.id", nil): .appID
            case ("app.version", nil): .appVersion
            case ("app.firebaseInstallationId", nil): .installationID
            case ("app.userProperty", let key?): .userProperty(key)
            case ("app.customSignal", let key?): .customSignal(key)
            case ("device.country", nil): .country
            case ("device.language", nil): .language
            default: nil
            }
        let expression = try parseTest(of: element)
        return element == nil ? .unsupported(name) : expression
    }

    /// What follows an element: `.method([…])`, `<op> literal`, `in [...]`, or nothing for an undecidable
    /// element that is a test by itself.
    private mutating func parseTest(of element: RemoteConfigElement?) throws(RemoteConfigTemplateJSONError)
        -> RemoteConfigExpression
    {
        let unknown = RemoteConfigExpression.unsupported("")
        if take(.symbol(".")) {
            let method: RemoteConfigMethod?
            switch try next() {
            case .word("exactlyMatches"): method = .exactlyMatches
            case .word("contains"): method = .contains
            case .word("notContains"): method = .notContains
            case .word("matches"): method = .matches
            case .symbol(let symbol) where RemoteConfigComparison(symbol: symbol) != nil:
                method = .version(RemoteConfigComparison(symbol: symbol)!)
            case .word: method = nil
            case let token: throw RemoteConfigTemplateJSONError("unexpected \(describe(token)) after '.'")
            }
            try expect(.symbol("("))
            let targets = try parseList()
            try expect(.symbol(")"))
            guard let element, let method else { return unknown }
            return .method(element, method, targets)
        }
        if case .symbol(let symbol)? = peek(at: position), let comparison = RemoteConfigComparison(symbol: symbol) {
            position += 1
            let literal: RemoteConfigLiteral
            switch try next() {
            case .number(let number): literal = .number(number)
            case .string(let text): literal = .string(text)
            case .word:
                // `dateTime >= dateTime('…')` and similar: a call, skipped.
                if take(.symbol("(")) { try skipCall() }
                return unknown
            case .symbol("("):
                try skipCall()
                return unknown
            case let token: throw RemoteConfigTemplateJSONError("unexpected \(describe(token)) after \(symbol)")
            }
            guard let element else { return unknown }
            return .compare(element, comparison, literal)
        }
        if take(.word("in")) {
            let values = try parseList()
            guard let element else { return unknown }
            return .among(element, values)
        }
        if take(.symbol("(")) {
            try skipCall()
            return unknown
        }
        return unknown
    }

    /// `percent <op> n`, `percent between a and b`, with an optional `('seed')`.
    private mutating func parsePercent() throws(RemoteConfigTemplateJSONError) -> RemoteConfigExpression {
        var seed = ""
        if take(.symbol("(")) {
            guard case .string(let text) = try next() else {
                throw RemoteConfigTemplateJSONError("percent(…) needs a quoted seed")
            }
            seed = text
            try expect(.symbol(")"))
        }
        if take(.word("between")) {
            let lower = try number()
            try expect(.word("and"))
            let upper = try number()
            return .percent(seed: seed, lowerExclusive: lower == 0 ? -1 : lower, upperInclusive: upper)
        }
        guard case .symbol(let symbol) = try next(), let comparison = RemoteConfigComparison(symbol: symbol) else {
            throw RemoteConfigTemplateJSONError("percent needs a comparison or 'between'")
        }
        let bound = try number()
        let step = 0.000_001
        switch comparison {
        case .less: return .percent(seed: seed, lowerExclusive: -1, upperInclusive: bound - step)
        case .lessOrEqual: return .percent(seed: seed, lowerExclusive: -1, upperInclusive: bound)
        case .greater: return .percent(seed: seed, lowerExclusive: bound, upperInclusive: 100)
        case .greaterOrEqual: return .percent(seed: seed, lowerExclusive: bound - step, upperInclusive: 100)
        case .equal, .notEqual: return .unsupported("percent \(symbol)")
        }
    }

    /// `['a', 'b', 3]`, values as text.
    private mutating func parseList() throws(RemoteConfigTemplateJSONError) -> [String] {
        try expect(.symbol("["))
        var values: [String] = []
        if take(.symbol("]")) { return values }
        repeat {
            switch try next() {
            case .string(let text): values.append(text)
            case .number(let number): values.append(Self.text(of: number))
            case let token: throw RemoteConfigTemplateJSONError("unexpected \(describe(token)) in a list")
            }
        } while take(.symbol(","))
        try expect(.symbol("]"))
        return values
    }

    /// Skips the arguments of a call whose `(` was taken, up to its `)`.
    private mutating func skipCall() throws(RemoteConfigTemplateJSONError) {
        var open = 1
        while open > 0 {
            switch try next() {
            case .symbol("("): open += 1
            case .symbol(")"): open -= 1
            default: break
            }
        }
    }

    private mutating func number() throws(RemoteConfigTemplateJSONError) -> Double {
        guard case .number(let value) = try next() else { throw RemoteConfigTemplateJSONError("a number is needed") }
        return value
    }

    // MARK: - Tokens

    private func peek(_ token: Token) -> Bool { position < tokens.count && tokens[position] == token }
    private func peek(at index: Int) -> Token? { index < tokens.count ? tokens[index] : nil }

    private mutating func take(_ token: Token) -> Bool {
        guard peek(token) else { return false }
        position += 1
        return true
    }

    private mutating func next() throws(RemoteConfigTemplateJSONError) -> Token {
        guard position < tokens.count else { throw RemoteConfigTemplateJSONError("the expression ends too early") }
        defer { position += 1 }
        return tokens[position]
    }

    private mutating func expect(_ token: Token) throws(RemoteConfigTemplateJSONError) {
        let found = try next()
        guard found == token else {
            throw RemoteConfigTemplateJSONError("expected \(describe(token)), found \(describe(found))")
        }
    }

    private func describe(_ token: Token) -> String {
        switch token {
        case .word(let word): "'\(word.prefix(50))'"
        case .string(let text): "the string '\(text.prefix(50))'"
        case .number(let number): "the number \(Self.text(of: number))"
        case .symbol(let symbol): "'\(symbol)'"
        }
    }

    static func text(of number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
    }

    static func tokenize(_ text: String) throws(RemoteConfigTemplateJSONError) -> [Token] {
        var tokens: [Token] = []
        let characters = Array(text.unicodeScalars)
        var index = 0
        func isWordStart(_ c: Unicode.Scalar) -> Bool { c == "_" || c.properties.isAlphabetic }
        func isWord(_ c: Unicode.Scalar) -> Bool { isWordStart(c) || ("0"..."9").contains(c) }
        while index < characters.count {
            let c = characters[index]
            if c.properties.isWhitespace {
                index += 1
            } else if c == "'" || c == "\"" {
                var value = String.UnicodeScalarView()
                index += 1
                var closed = false
                while index < characters.count {
                    let d = characters[index]
                    index += 1
                    if d == "\\", index < characters.count {
                        value.append(characters[index])
                        index += 1
                    } else if d == c {
                        closed = true
                        break
                    } else {
                        value.append(d)
                    }
                }
                guard closed else { throw RemoteConfigTemplateJSONError("a string is not terminated") }
                tokens.append(.string(String(value)))
            } else if ("0"..."9").contains(c)
                || (c == "-" && index + 1 < characters.count && ("0"..."9").contains(characters[index + 1]))
            {
                var end = index + 1
                while end < characters.count, ("0"..."9").contains(characters[end]) || characters[end] == "." {
                    end += 1
                }
                let literal = String(String.UnicodeScalarView(characters[index..<end]))
                guard let value = Double(literal) else {
                    throw RemoteConfigTemplateJSONError("'\(literal.prefix(50))' is not a number")
                }
                tokens.append(.number(value))
                index = end
            } else if isWordStart(c) {
                var end = index + 1
                while end < characters.count, isWord(characters[end]) { end += 1 }
                tokens.append(.word(String(String.UnicodeScalarView(characters[index..<end]))))
                index = end
            } else {
                let two = index + 1 < characters.count ? String(c) + String(characters[index + 1]) : ""
                if ["&&", "||", "==", "!=", "<=", ">="].contains(two) {
                    tokens.append(.symbol(two))
                    index += 2
                } else if ".[](),!<>".unicodeScalars.contains(c) {
                    tokens.append(.symbol(String(c)))
                    index += 1
                } else {
                    throw RemoteConfigTemplateJSONError("unexpected character '\(Character(c))'")
                }
            }
        }
        return tokens
    }
}
