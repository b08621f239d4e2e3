/// Placeholder: the AppCheck product is being written.
enum AppCheckPlaceholder {}
