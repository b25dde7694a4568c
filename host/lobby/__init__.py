"""The lobby: the host waits for "let's play …", then sets up the table by voice."""
