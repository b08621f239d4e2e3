// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation
import Testing

@testable import FlintDatabase

/// The SDK's `FQueryParamsTest.m` (`FirebaseDatabase/Tests/Unit`) and Android's `QueryParamsTest.java`, on
/// Flint's query specs and their REST parameters (Flint speaks REST, not the WebSocket protocol whose
/// `sp`/`ep`/`l`/`vf`/`i` parameters those tests round-trip).
@Suite("SDK FQueryParamsTest")
struct SDKQueryParamsTests {
    /// `testQueryParamsEquals`: limits, orders and bounds decide equality; a nil child key is no child key.
    @Test func queriesAreEqualWhenTheirParametersAre() throws {
        let ref = try makeDatabase().reference(withPath: "q")
        #expect(ref.queryLimited(toLast: 10).spec == ref.queryLimited(toLast: 10).spec)
        #expect(ref.queryLimited(toLast: 10).spec != ref.queryLimited(toFirst: 10).spec)
        #expect(ref.queryLimited(toLast: 10).spec != ref.queryLimited(toLast: 11).spec)
        #expect(ref.queryOrderedByPriority().spec == ref.queryOrderedByPriority().spec)
        #expect(ref.queryOrderedByPriority().spec != ref.queryOrderedByKey().spec)
        #expect(ref.queryStarting(atValue: "value").spec == ref.queryStarting(atValue: "value", childKey: nil).spec)
        #expect(ref.queryStarting(atValue: "value").spec != ref.queryStarting(atValue: "value-2").spec)
        #expect(
            ref.queryStarting(atValue: nil, childKey: "key").spec
                == ref.queryStarting(atValue: nil, childKey: "key").spec)
        #expect(
            ref.queryStarting(atValue: nil, childKey: "key").spec
                != ref.queryStarting(atValue: nil, childKey: "other-key").spec)
        #expect(ref.queryEnding(atValue: "value").spec == ref.queryEnding(atValue: "value", childKey: nil).spec)
        #expect(
            ref.queryEnding(atValue: nil, childKey: "key").spec != ref.queryEnding(atValue: nil, childKey: "other").spec
        )
        #expect(
            ref.queryLimited(toFirst: 10).queryStarting(atValue: "value").spec
                == ref.queryStarting(atValue: "value").queryLimited(toFirst: 10).spec)
    }

    /// `testCanCreateAllIndexes`: every index has its REST `orderBy`.
    @Test func everyIndexHasItsRESTOrder() throws {
        let ref = try makeDatabase().reference(withPath: "q")
        let orders = [
            ref.queryOrderedByKey(), ref.queryOrderedByValue(), ref.queryOrderedByPriority(),
            ref.queryOrdered(byChild: "subkey"), ref.queryOrdered(byChild: "deep/subkey"),
        ].map { query -> String? in
            // The value is JSON (a slash may come escaped, as NSJSONSerialization writes it in the SDK).
            let orderBy = DatabaseRESTLocation.parameters(of: query.queryLimited(toFirst: 1).spec).first?.1 ?? ""
            return try? JSONSerialization.jsonObject(with: Data(orderBy.utf8), options: .fragmentsAllowed) as? String
        }
        #expect(orders == ["$key", "$value", "$priority", "subkey", "deep/subkey"])
    }

    /// `testDifferentLimits`, `testFromDictionaryEquals`.
    @Test func limitsAndBoundsHaveTheirRESTForms() throws {
        let ref = try makeDatabase().reference(withPath: "q").queryOrderedByKey()
        #expect(
            DatabaseRESTLocation.parameters(of: ref.queryLimited(toFirst: 10).spec).map { "\($0)=\($1)" } == [
                #"orderBy="$key""#, "limitToFirst=10",
            ])
        #expect(
            DatabaseRESTLocation.parameters(
                of: ref.queryStarting(atValue: "start-value").queryEnding(atValue: "end-value").queryLimited(toLast: 10)
                    .spec
            ).map { "\($0)=\($1)" } == [
                #"orderBy="$key""#, #"startAt="start-value""#, #"endAt="end-value""#, "limitToLast=10",
            ])
    }

    /// `testStartAtNullIsSerializable`, `testEndAtNullIsSerializable`: a null bound with a child key is kept
    /// (sent as `null`, its key narrowed on the client).
    @Test func aNullBoundWithAChildKeyIsKept() throws {
        let ref = try makeDatabase().reference(withPath: "q")
        let start = ref.queryStarting(atValue: nil, childKey: "key").spec
        #expect(start.start?.key == "key")
        #expect(
            DatabaseRESTLocation.parameters(of: start).map { "\($0)=\($1)" } == [
                #"orderBy="$priority""#, "startAt=null",
            ])
        let end = ref.queryEnding(atValue: nil, childKey: "key").spec
        #expect(end.end?.key == "key")
        #expect(
            DatabaseRESTLocation.parameters(of: end).map { "\($0)=\($1)" } == [#"orderBy="$priority""#, "endAt=null"])
    }
}
