"""Crack Word's phrasebooks: what the host says, one <lang>.toml per language."""
