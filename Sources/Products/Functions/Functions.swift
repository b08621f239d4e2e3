/// Placeholder: the Functions product is being written.
enum FunctionsPlaceholder {}
