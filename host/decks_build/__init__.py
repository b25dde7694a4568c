"""Builds the Crack List expansion decks from offline data (scripts/build_crack_list_decks.py)."""
