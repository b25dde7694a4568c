"""What every game shares: events and notes, the session, the phrasebook, autosave, simulation."""
