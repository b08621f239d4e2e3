// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// What a transaction block returns (Firebase's `TransactionResult`): the new value, or an abort.
public final class TransactionResult: Sendable {
    /// The value to commit; nil aborts.
    let node: DatabaseNode?
    /// Why a value the block set was refused: the transaction fails with it instead of committing.
    let refusal: DatabaseValueError?

    private init(node: DatabaseNode?, refusal: DatabaseValueError? = nil) {
        self.node = node
        self.refusal = refusal
    }

    /// Commits the value `value` holds now (a snapshot of it: later changes to `value` do not count). When
    /// the block set a value the database cannot store, the transaction fails with
    /// ``DatabaseErrorCode/invalidArgument`` instead.
    public static func success(withValue value: MutableData) -> TransactionResult {
        TransactionResult(node: value.node, refusal: value.storage.refusal)
    }

    /// Aborts the transaction: nothing is written, and the completion receives no error and
    /// `committed == false`.
    public static func abort() -> TransactionResult {
        TransactionResult(node: nil)
    }
}
