"""Party Host: an offline, voice-driven host for word and category party games."""

__version__ = "0.1.0"
