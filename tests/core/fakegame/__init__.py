"""Colours, a tiny fake game for the core's tests: its rules, talk, questions, lines and a
session factory (nothing here is a test)."""
