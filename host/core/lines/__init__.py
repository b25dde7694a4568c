"""The host's phrasebooks: every line a person hears or reads, with variants."""
