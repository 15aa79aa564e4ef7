"""A ruleset that exists only in the tests, to prove the plug-in scaffold: a toll bridge."""
