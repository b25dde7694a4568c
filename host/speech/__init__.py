"""Ears and voice of the host: ports (Protocols) and their adapters."""
