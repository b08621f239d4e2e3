// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintProductSupport
import Foundation
import Testing

/// `BoundedJSON`'s depth measurement of caller values: containers counted, nothing bridged, never recursive.
@Suite("Bounded nesting of values", .timeLimit(.minutes(3)))
struct BoundedNestingTests {
    /// Thrown by an exit test whose check failed (any throw exits the child with a failure).
    struct CheckFailed: Error {}

    /// A small value enum, as the products have.
    enum Tree {
        case leaf
        case node([Tree])

        var children: [Tree]? {
            if case .node(let children) = self { return children }
            return nil
        }
    }

    @Test func depthCountsContainers() {
        #expect(BoundedJSON.nestingIsBounded(ofValue: nil, maximumDepth: 0))
        #expect(BoundedJSON.nestingIsBounded(ofValue: "leaf", maximumDepth: 0))
        #expect(!BoundedJSON.nestingIsBounded(ofValue: [Int](), maximumDepth: 0))
        #expect(BoundedJSON.nestingIsBounded(ofValue: ["a": ["b": [1, 2]]], maximumDepth: 3))
        #expect(!BoundedJSON.nestingIsBounded(ofValue: ["a": ["b": [1, 2]]], maximumDepth: 2))
        let optionals: [Any?] = [nil, NSNull(), [[1]] as [Any]]
        #expect(BoundedJSON.nestingIsBounded(ofValue: optionals, maximumDepth: 3))
        #expect(!BoundedJSON.nestingIsBounded(ofValue: optionals, maximumDepth: 2))
        let foundation = NSMutableDictionary()
        foundation["list"] = NSArray(array: [NSArray(array: [1])])
        #expect(BoundedJSON.nestingIsBounded(ofValue: foundation, maximumDepth: 3))
        #expect(!BoundedJSON.nestingIsBounded(ofValue: foundation, maximumDepth: 2))
        #expect(BoundedJSON.nestingIsBounded(Tree.node([.leaf, .node([])]), maximumDepth: 2, children: \.children))
        #expect(!BoundedJSON.nestingIsBounded(Tree.node([.leaf, .node([])]), maximumDepth: 1, children: \.children))
    }

    @Test func exactlyTheLimitIsAcceptedAndOneMoreLevelRefused() {
        for levels in [32, 33] {
            var swift: Any = "leaf"
            var optional: Any? = "leaf"
            var array: Any = 1
            var dictionary: Any = "leaf"
            var tree = Tree.leaf
            for _ in 0..<levels {
                swift = ["k": swift]
                optional = ["k": optional] as [String: Any?]
                array = [array]
                let next = NSMutableDictionary()
                next["k"] = dictionary
                dictionary = next
                tree = .node([tree])
            }
            let accepted = levels == 32
            #expect(BoundedJSON.nestingIsBounded(ofValue: swift, maximumDepth: 32) == accepted)
            #expect(BoundedJSON.nestingIsBounded(ofValue: optional, maximumDepth: 32) == accepted)
            #expect(BoundedJSON.nestingIsBounded(ofValue: array, maximumDepth: 32) == accepted)
            #expect(BoundedJSON.nestingIsBounded(ofValue: dictionary, maximumDepth: 32) == accepted)
            #expect(BoundedJSON.nestingIsBounded(tree, maximumDepth: 32, children: \.children) == accepted)
        }
    }

    @Test func deepAndSelfContainingValuesAreRefusedWithoutACrash() async {
        await #expect(processExitsWith: .success) {
            var swift: Any = "leaf"
            var foundation: Any = "leaf"
            var array: Any = "leaf"
            for _ in 0..<10_000 {
                swift = ["k": swift]
                let dictionary = NSMutableDictionary()
                dictionary["k"] = foundation
                foundation = dictionary
                let next = NSMutableArray()
                next.add(array)
                array = next
            }
            let itself = NSMutableDictionary()
            itself["itself"] = itself
            let loop = NSMutableArray()
            loop.add(loop)
            for value in [swift, foundation, array, itself, loop, ["wrapped": itself] as [String: Any]] {
                guard !BoundedJSON.nestingIsBounded(ofValue: value, maximumDepth: 32) else { throw CheckFailed() }
            }
        }
    }
}
