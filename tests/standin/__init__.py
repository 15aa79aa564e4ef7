"""Self-tests of the local Discord stand-in, driven through a small demo bot."""
