print("flint-demo: coming soon")
