"""Short List: the quizmaster game (rules only, so far; not yet in the registry)."""
