// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// What a transaction block returns (Firebase's `TransactionResult`): the new value, or an abort.
public final class TransactionResult: Sendable {
    /// The value to commit; nil aborts.
    let node: DatabaseNode?

    private init(node: DatabaseNode?) {
        self.node = node
    }

    /// Commits the value `value` holds now (a snapshot of it: later changes to `value` do not count).
    public static func success(withValue value: MutableData) -> TransactionResult {
        TransactionResult(node: value.node)
    }

    /// Aborts the transaction: nothing is written, and the completion receives no error and
    /// `committed == false`.
    public static func abort() -> TransactionResult {
        TransactionResult(node: nil)
    }
}
