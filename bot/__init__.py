"""Privateer: a Discord bot for play-by-post strategy campaigns."""
