"""Crack List: the rules, its spoken grammar, its bots and its table set-up."""
