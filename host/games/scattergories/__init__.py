"""Scattergories: roll a letter, write an answer for each category, read, challenge, score."""
