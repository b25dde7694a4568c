"""Crack Word: build words letter by letter on four shared rows, and capture them."""
