// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Computes one ``AggregateField`` over documents, as the Standard edition backend does: non-numeric and
/// missing values are skipped; integer sums are exact (an intermediate overflow is fine) and stay integers
/// when the total fits in 64 bits, otherwise the sum is a double; any double makes the sum a double; an
/// average is a double, or null without numeric values. (FIRAggregateTests: `testPerformsSumThatOverflowsMaxLong`,
/// `testPerformsSumThatCanOverflowLongValuesDuringAccumulation`, `testPerformsSumOverResultSetOfZeroDocuments`,
/// `testPerformsAverageOverResultSetOfZeroDocuments`, `testPerformsSumOnlyOnNumericFields`.)
struct AggregateAccumulator {
    let field: AggregateField
    private var documents = 0
    private var numbers = 0
    private var integerSum: Int128 = 0
    private var doubleSum = 0.0
    private var sawDouble = false

    init(_ field: AggregateField) {
        self.field = field
    }

    /// Adds one matching document.
    mutating func add(_ document: Document, database: String) {
        documents += 1
        guard let path = field.field, let value = document.value(at: path, database: database) else { return }
        switch value {
        case .integer(let integer):
            numbers += 1
            integerSum += Int128(integer)
        case .double(let double):
            numbers += 1
            sawDouble = true
            doubleSum += double
        default:
            break
        }
    }

    /// The result.
    var result: FirestoreValue {
        switch field.kind {
        case .count:
            return .integer(Int64(documents))
        case .sum:
            if !sawDouble, let exact = Int64(exactly: integerSum) { return .integer(exact) }
            return .double(Double(integerSum) + doubleSum)
        case .average:
            guard numbers > 0 else { return .null }
            return .double((Double(integerSum) + doubleSum) / Double(numbers))
        }
    }
}
