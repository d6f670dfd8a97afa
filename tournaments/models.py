"""Clubs, players, tournaments and standings arrive with the recording and tournament work."""
