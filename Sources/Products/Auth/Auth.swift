/// Placeholder: the Auth product is being written.
enum AuthPlaceholder {}
