"""Benchmarks and the scenarios they build: `python -m bot bench` (core), the fleet combat end
of turn (`fleet_turn`), the stand-in's full-stack figures (`standin`). They print figures,
never pass or fail; nothing in the running bot imports this package."""
