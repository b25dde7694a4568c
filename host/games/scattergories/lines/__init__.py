"""Scattergories' phrasebooks: one <lang>.toml per language."""
