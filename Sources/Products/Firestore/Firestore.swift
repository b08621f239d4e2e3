/// Placeholder: the Firestore product is being written.
enum FirestorePlaceholder {}
