"""Pure game rules: one module per game, no I/O, randomness and time passed in."""
