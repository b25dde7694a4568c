"""Sub-commands of `partyhost`: each module has `register(subparsers)` that adds its parser."""
