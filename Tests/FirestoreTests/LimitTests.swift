// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintFirestore

/// A value nested `levels` maps deep, built and released on a thread with a large stack: releasing 10,000
/// nested dictionaries recurses in Swift's runtime, which has nothing to do with the code under test.
/// The value goes through a lock: the thread that builds it hands it over by resuming a continuation, which
/// ThreadSanitizer does not see as synchronization.
final class DeepValue: Sendable {
    private let slot = Locked<FirestoreValue?>(nil)

    /// The value (nil once released).
    var value: FirestoreValue? { slot.withLock { $0 } }

    private init() {}

    /// `{"a": {"a": … {"a": 1}}}` with `levels` maps, or alternating maps and arrays with `withArrays`.
    static func make(levels: Int, withArrays: Bool = false) async -> DeepValue {
        let deep = DeepValue()
        await onLargeStack {
            var value: FirestoreValue = 1
            for level in 0..<levels {
                value = withArrays && level % 2 == 1 ? .array([value]) : .map(["a": value])
            }
            deep.slot.withLock { $0 = value }
        }
        return deep
    }

    /// Releases the value on a large stack.
    func release() async {
        await onLargeStack { self.slot.withLock { $0 = nil } }
    }
}

/// Runs `work` on its own thread with a 64 MiB stack.
func onLargeStack(_ work: @escaping @Sendable () -> Void) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let thread = Thread {
            work()
            continuation.resume()
        }
        thread.stackSize = 64 << 20
        thread.start()
    }
}

/// `{"child": {"child": … {"leaf": 1}}}` with `levels` maps, made while encoding (nothing deep is stored).
struct DeepEncodable: Encodable {
    let levels: Int

    enum Keys: String, CodingKey { case child, leaf }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        if levels > 1 {
            try container.encode(DeepEncodable(levels: levels - 1), forKey: .child)
        } else {
            try container.encode(1, forKey: .leaf)
        }
    }
}

/// Decodes `{"a": {"a": … {"a": 1}}}` recursively and counts the maps.
struct DeepDecodable: Decodable {
    let depth: Int

    enum Keys: String, CodingKey { case a }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        if (try? container.decode(Int.self, forKey: .a)) != nil {
            depth = 1
        } else {
            depth = try container.decode(DeepDecodable.self, forKey: .a).depth + 1
        }
    }
}

/// The backend's limits and the SDK's input checks: each refused with ``FirestoreErrorCode/invalidArgument``
/// and nothing written.
@Suite(.timeLimit(.minutes(3)))
struct LimitTests {
    private func expectNothingWritten(_ reference: DocumentReference) async throws {
        #expect(try await reference.getDocument().exists == false)
    }

    // MARK: Nesting

    @Test func mapsNestedTwentyLevelsAreWrittenAndTwentyOneAreNot() async throws {
        let db = try makeFirestore()
        for withArrays in [false, true] {
            let twenty = await DeepValue.make(levels: 20, withArrays: withArrays)
            let ok = db.document("c/ok\(withArrays)")
            try await ok.setData(["deep": twenty.value!])
            #expect(try await ok.getDocument().data()?["deep"] == twenty.value!)

            let twentyOne = await DeepValue.make(levels: 21, withArrays: withArrays)
            let tooDeep = db.document("c/deep\(withArrays)")
            #expect(await firestoreCode { try await tooDeep.setData(["deep": twentyOne.value!]) } == .invalidArgument)
            #expect(
                await firestoreCode {
                    try await tooDeep.setData(["deep": twentyOne.value!], merge: true)
                } == .invalidArgument)
            try await expectNothingWritten(tooDeep)
        }
    }

    @Test func updateKeysCountTheirSegmentsAsLevels() async throws {
        let db = try makeFirestore()
        let document = db.document("c/d")
        try await document.setData(["x": 1])
        let twenty = FieldPath(Array(repeating: "a", count: 21))  // the value sits inside 20 maps
        try await document.updateData([twenty: 1])
        let twentyOne = FieldPath(Array(repeating: "b", count: 22))
        #expect(await firestoreCode { try await document.updateData([twentyOne: 1]) } == .invalidArgument)
        #expect(
            await firestoreCode {
                try await document.updateData([
                    FieldPath(["x"]): .map(["m": .map([:])]),
                    twentyOne: 1,
                ])
            } == .invalidArgument)
        #expect(try await document.getDocument().data()?["b"] == nil)
    }

    @Test func tenThousandLevelsThrowInsteadOfOverflowingTheStack() async throws {
        let db = try makeFirestore()
        let deep = await DeepValue.make(levels: 10_000)
        let deepWithArrays = await DeepValue.make(levels: 10_000, withArrays: true)
        let document = db.document("c/d")
        for value in [deep, deepWithArrays] {
            #expect(await firestoreCode { try await document.setData(["deep": value.value!]) } == .invalidArgument)
            #expect(
                await firestoreCode {
                    try await document.setData(["deep": value.value!], mergeFields: ["deep"])
                } == .invalidArgument)
            #expect(await firestoreCode { try await document.updateData(["deep": value.value!]) } == .invalidArgument)
            #expect(
                await firestoreCode {
                    try await db.batch().setData(["deep": value.value!], forDocument: document).commit()
                } == .invalidArgument)
            #expect(
                await firestoreCode {
                    _ = try await db.collection("c").whereField("deep", isEqualTo: value.value!).getDocuments()
                } == .invalidArgument)
            #expect(
                await firestoreCode {
                    try await document.setData(["u": FieldValue.arrayUnion([value.value!])])
                } == .invalidArgument)
        }
        try await expectNothingWritten(document)
        await deep.release()
        await deepWithArrays.release()
    }

    @Test func codableDecodingIsBoundedToo() async throws {
        let deep = await DeepValue.make(levels: 10_000)
        // The fields go out of scope before the value is released on a large stack.
        func decodeDeep() throws {
            guard case .map(let fields)? = deep.value else {
                Issue.record("not a map")
                return
            }
            _ = try Firestore.Decoder().decode(DeepDecodable.self, from: fields)
        }
        #expect(throws: DecodingError.self) { try decodeDeep() }
        await deep.release()
        // What a document can hold decodes.
        let stored = await DeepValue.make(levels: 21)
        guard case .map(let storedFields)? = stored.value else {
            Issue.record("not a map")
            return
        }
        #expect(try Firestore.Decoder().decode(DeepDecodable.self, from: storedFields).depth == 21)
    }

    @Test func codableEncodingIsBoundedToo() async throws {
        let db = try makeFirestore()
        let document = db.document("c/d")
        #expect(
            await firestoreCode { try await document.setData(from: DeepEncodable(levels: 10_000)) }
                == .invalidArgument)
        #expect(throws: FirestoreError.self) { try Firestore.Encoder().encode(DeepEncodable(levels: 100_000)) }
        // The top-level struct is the document; its `child` maps are the levels.
        #expect(
            await firestoreCode { try await document.setData(from: DeepEncodable(levels: 22)) }
                == .invalidArgument)
        try await expectNothingWritten(document)
        try await document.setData(from: DeepEncodable(levels: 21))
        #expect(try await document.getDocument().exists)
    }

    // MARK: Document size

    @Test func documentsUpToOneMebibyteAreWrittenAndLargerOnesAreNot() async throws {
        let db = try makeFirestore()
        // Name "c/d": 16 + (1 + 1) + (1 + 1) = 20; field "s": 2; the string: count + 1; plus 32.
        let largest = 1_048_576 - 20 - 2 - 1 - 32
        let fits = db.document("c/d")
        try await fits.setData(["s": .string(String(repeating: "x", count: largest))])
        #expect(try await fits.getDocument().exists)

        let tooLarge = db.document("c/e")
        let string = FirestoreValue.string(String(repeating: "x", count: largest + 1))
        #expect(await firestoreCode { try await tooLarge.setData(["s": string]) } == .invalidArgument)
        #expect(await firestoreCode { try await tooLarge.setData(["s": string], merge: true) } == .invalidArgument)
        #expect(
            await firestoreCode {
                try await db.batch().setData(["s": string], forDocument: tooLarge).commit()
            } == .invalidArgument)
        #expect(
            await firestoreCode {
                _ = try await db.runTransaction { transaction in
                    transaction.setData(["s": string], forDocument: tooLarge)
                    return 0
                }
            } == .invalidArgument)
        try await expectNothingWritten(tooLarge)
        #expect(await firestoreCode { try await fits.updateData(["s": string]) } == .invalidArgument)
        #expect(
            await firestoreCode {
                try await fits.updateData(["t": .bytes(Data(count: 1_048_576))])
            } == .invalidArgument)
        #expect(try await fits.getDocument().data()?["t"] == nil)
    }

    @Test func aMergeOrTransformThatGrowsADocumentPastOneMebibyteIsRefusedByTheBackend() async throws {
        let db = try makeFirestore()
        let half = String(repeating: "x", count: 600_000)
        let document = db.document("c/grows")
        try await document.setData(["a": .string(half)])
        // Each write alone is under 1 MiB, so the client sends it; the document it would leave is not.
        #expect(
            await firestoreCode { try await document.setData(["b": .string(half)], merge: true) } == .invalidArgument)
        #expect(await firestoreCode { try await document.updateData(["b": .string(half)]) } == .invalidArgument)
        #expect(
            await firestoreCode {
                try await document.updateData(["list": FieldValue.arrayUnion([.string(half)])])
            } == .invalidArgument)
        let stored = try await document.getDocument().data()
        #expect(stored?.keys.sorted() == ["a"])
        // A write that keeps it under the limit still goes through.
        try await document.updateData(["b": .string("small")])
        #expect(try await document.getDocument().data()?["b"] == .string("small"))
    }

    @Test func storageSizesFollowTheBackendsRules() {
        let path = ResourcePath(["users", "jeff", "tasks", "my_task_id"])
        #expect(StorageSize.documentName(path) == 6 + 5 + 6 + 11 + 16)
        let fields: ObjectValue = [
            "type": .string("Personal"), "done": .bool(false), "priority": .integer(1),
            "description": .string("Learn Cloud Firestore"),
        ]
        // The example of https://firebase.google.com/docs/firestore/storage-size: 147 bytes.
        #expect(StorageSize.document(name: path, fields: fields) == 147)
    }

    // MARK: Document and collection IDs

    @Test(arguments: [".", "..", "__x__", "____", "__id__", "__id12a__", "__name__"])
    func reservedIDsAreInvalid(id: String) async throws {
        let db = try makeFirestore()
        #expect(
            await firestoreCode { try await db.collection("c").document(id).setData(["a": 1]) }
                == .invalidArgument)
        #expect(await firestoreCode { try await db.document("c/\(id)").setData(["a": 1]) } == .invalidArgument)
        #expect(await firestoreCode { try await db.document("\(id)/d").setData(["a": 1]) } == .invalidArgument)
        #expect(await firestoreCode { _ = try await db.collection(id).getDocuments() } == .invalidArgument)
        #expect(try await db.collection("c").getDocuments().isEmpty)
    }

    @Test func numericIDEscapesAndOrdinaryIDsAreValid() async throws {
        let db = try makeFirestore()
        for id in ["__id123__", "__id0__", "_x_", "a.b", "...", "__x", "x__"] {
            try await db.collection("c").document(id).setData(["a": 1])
        }
        #expect(try await db.collection("c").getDocuments().count == 7)
    }

    @Test func idsAreLimitedToFifteenHundredBytes() async throws {
        let db = try makeFirestore()
        let longest = String(repeating: "é", count: 750)  // 1,500 UTF-8 bytes
        try await db.collection("c").document(longest).setData(["a": 1])
        try await db.collection(longest).document("d").setData(["a": 1])
        let tooLong = longest + "x"
        #expect(
            await firestoreCode { try await db.collection("c").document(tooLong).setData(["a": 1]) }
                == .invalidArgument)
        #expect(
            await firestoreCode { try await db.collection(tooLong).document("d").setData(["a": 1]) }
                == .invalidArgument)
        #expect(try await db.collection("c").getDocuments().count == 1)
    }

    // MARK: Paths

    @Test(arguments: ["//c/d", "c/d//", "c//d", "/c//d/", "//", "c/d/e//f/g/h"])
    func doubleSlashesAnywhereAreInvalid(path: String) async throws {
        let db = try makeFirestore()
        #expect(await firestoreCode { try await db.document(path).setData(["a": 1]) } == .invalidArgument)
        #expect(await firestoreCode { _ = try await db.collection(path).getDocuments() } == .invalidArgument)
        #expect(
            await firestoreCode { try await db.collection("c").document(path).setData(["a": 1]) }
                == .invalidArgument)
        #expect(try await db.collection("c").getDocuments().isEmpty)
    }

    @Test func oneLeadingAndTrailingSlashAreAllowed() async throws {
        let db = try makeFirestore()
        try await db.document("/c/d/").setData(["a": 1])
        #expect(try await db.collection("/c/").getDocuments().count == 1)
    }

    // MARK: Timestamps

    @Test(arguments: [Double.nan, .infinity, -.infinity, 1e300, -1e300, 253_402_300_800, -62_135_596_801])
    func datesOutsideFirestoresRangeThrow(interval: Double) async throws {
        let date = Date(timeIntervalSince1970: interval)
        let error = #expect(throws: FirestoreError.self) { try Timestamp(date: date) }
        #expect(error?.code == .invalidArgument)

        struct Event: Encodable { let at: Date }
        let db = try makeFirestore()
        let document = db.document("c/d")
        #expect(await firestoreCode { try await document.setData(from: Event(at: date)) } == .invalidArgument)
        #expect(await firestoreCode { try await document.setData(["at": FirestoreValue(date)]) } == .invalidArgument)
        #expect(
            await firestoreCode {
                _ = try await db.collection("c").whereField("at", isLessThan: FirestoreValue(date)).getDocuments()
            } == .invalidArgument)
        try await expectNothingWritten(document)
    }

    @Test func timestampsKeepToFirestoresRange() async throws {
        let earliest = try Timestamp(validatingSeconds: Timestamp.minSeconds, nanoseconds: 0)
        let latest = try Timestamp(validatingSeconds: Timestamp.maxSeconds, nanoseconds: 999_999_999)
        #expect(earliest.dateValue() == Date(timeIntervalSince1970: -62_135_596_800))
        #expect(try Timestamp(date: Date(timeIntervalSince1970: 253_402_300_799)).isValid)
        #expect(throws: FirestoreError.self) {
            try Timestamp(validatingSeconds: Timestamp.minSeconds, nanoseconds: -1)
        }
        #expect(throws: FirestoreError.self) {
            try Timestamp(validatingSeconds: Timestamp.maxSeconds, nanoseconds: 1_000_000_000)
        }
        // The non-throwing initializer never traps, even where normalizing would overflow.
        let extreme = Timestamp(seconds: .max, nanoseconds: .max)
        #expect(!extreme.isValid)
        #expect(!Timestamp(seconds: .min, nanoseconds: -1).isValid)
        #expect(Timestamp(seconds: 5, nanoseconds: -1) == Timestamp(seconds: 4, nanoseconds: 999_999_999))

        let db = try makeFirestore()
        let document = db.document("c/d")
        try await document.setData(["first": .timestamp(earliest), "last": .timestamp(latest)])
        // Stored at the backend's microsecond precision.
        let storedLatest = Timestamp(seconds: Timestamp.maxSeconds, nanoseconds: 999_999_000)
        #expect(try await document.getDocument().data()?["last"] == .timestamp(storedLatest))
        let beyond = Timestamp(seconds: Timestamp.maxSeconds + 1, nanoseconds: 0)
        #expect(await firestoreCode { try await document.updateData(["last": .timestamp(beyond)]) } == .invalidArgument)
        #expect(
            await firestoreCode { try await document.updateData(["last": .timestamp(extreme)]) } == .invalidArgument)
        #expect(try await document.getDocument().data()?["last"] == .timestamp(storedLatest))
    }
}
