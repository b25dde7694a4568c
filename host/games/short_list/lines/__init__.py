"""Short List's phrasebooks: one <lang>.toml per language."""
