"""The companion pages' own text, in each language the host speaks."""
