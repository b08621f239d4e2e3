// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintDatabase

@Suite("Database Codable: setValue(from:) and data(as:)")
struct CodableTests {
    struct Address: Codable, Equatable {
        var city: String
        var zip: Int
    }

    struct Player: Codable, Equatable {
        var name: String
        var score: Int
        var ratio: Double
        var active: Bool
        var tags: [String]
        var address: Address
        var nickname: String?
    }

    private let ada = Player(
        name: "Ada", score: 42, ratio: 0.5, active: true, tags: ["a", "b"],
        address: Address(city: "London", zip: 1), nickname: nil)

    @Test func encodesToTheValueTree() async throws {
        let ref = try makeDatabase().reference(withPath: "players/ada")
        try await ref.setValue(from: ada)
        let snapshot = try await ref.getData()
        #expect(
            json(snapshot.value) == #"{"active":true,"address":{"city":"London","zip":1},"name":"Ada","ratio":0.5,"#
                + #""score":42,"tags":["a","b"]}"#)
        #expect(snapshot.childSnapshot(forPath: "tags/1").value as? String == "b")
        #expect(!snapshot.hasChild("nickname"))
    }

    @Test func roundTripsThroughDataAs() async throws {
        let ref = try makeDatabase().reference(withPath: "players/ada")
        var player = ada
        player.nickname = "Countess"
        try await ref.setValue(from: player)
        #expect(try await ref.getData().data(as: Player.self) == player)
    }

    @Test func datesUseTheEncodersStrategy() async throws {
        let ref = try makeDatabase().reference(withPath: "when")
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        try await ref.setValue(from: date)
        // .deferredToDate: seconds since 2001 (a whole number here, so it reads back as an Int).
        #expect(try await ref.getData().value as? Int == Int(date.timeIntervalSinceReferenceDate))
        let encoder = Database.Encoder()
        encoder.dateEncodingStrategy = .millisecondsSince1970
        try await ref.setValue(from: date, encoder: encoder)
        #expect(try await ref.getData().value as? Int == 1_700_000_000_000)
        let decoder = Database.Decoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        #expect(try await ref.getData().data(as: Date.self, decoder: decoder) == date)
    }

    @Test func nilRemovesTheLocation() async throws {
        let ref = try makeDatabase().reference(withPath: "a")
        try await ref.setValue(1)
        try await ref.setValue(from: Optional<Int>.none)
        let snapshot = try await ref.getData()
        #expect(!snapshot.exists())
        #expect(try snapshot.data(as: Int?.self) == nil)
    }

    @Test func mismatchedTypeFailsWithDecodingFailed() async throws {
        let ref = try makeDatabase().reference(withPath: "a")
        try await ref.setValue(["name": "Ada"])
        let snapshot = try await ref.getData()
        do {
            _ = try snapshot.data(as: Player.self)
            Issue.record("decoded a Player without a score")
        } catch {
            #expect(error.code == .decodingFailed)
            #expect(error.message.contains("score") || error.message.contains("key"))
        }
    }

    @Test func missingDataFailsForANonOptionalType() async throws {
        let snapshot = try await makeDatabase().reference(withPath: "nothing").getData()
        do {
            _ = try snapshot.data(as: Address.self)
            Issue.record("decoded a missing location")
        } catch {
            #expect(error.code == .decodingFailed)
        }
    }

    @Test func unencodableValueFailsWithInvalidArgument() async throws {
        let ref = try makeDatabase().reference(withPath: "a")
        #expect(await databaseCode { try await ref.setValue(from: Double.nan) } == .invalidArgument)
        #expect(await databaseCode { try await ref.setValue(from: ["bad.key": 1]) } == .invalidArgument)
        #expect(!(try await ref.getData().exists()))
    }

    @Test func completionFormReportsTheWrite() async throws {
        let ref = try makeDatabase().reference(withPath: "a")
        let done = Gate()
        let failed = Locked(true)
        try ref.setValue(
            from: Address(city: "Paris", zip: 75),
            completion: { error in
                failed.withLock { $0 = error != nil }
                done.open()
            })
        try await done.wait(timeout: defaultTestTimeout)
        #expect(!failed.withLock { $0 })
        #expect(try await ref.getData().data(as: Address.self) == Address(city: "Paris", zip: 75))
    }

    @Test func arraysOfNestedTypesRoundTrip() async throws {
        let ref = try makeDatabase().reference(withPath: "towns")
        let towns = [Address(city: "Oslo", zip: 150), Address(city: "Rome", zip: 118)]
        try await ref.setValue(from: towns)
        let snapshot = try await ref.getData()
        #expect(snapshot.childSnapshot(forPath: "1/city").value as? String == "Rome")
        #expect(try snapshot.data(as: [Address].self) == towns)
    }

    @Test func invalidReferenceThrowsAtOnce() throws {
        let ref = try makeDatabase().reference(withPath: "a.b")
        do {
            try ref.setValue(from: 1)
            Issue.record("wrote through an invalid reference")
        } catch let error as DatabaseError {
            #expect(error.code == .invalidArgument)
        }
    }
}
