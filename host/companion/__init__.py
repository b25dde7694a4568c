"""The companion page: each seat's hand on its own phone, the table on any screen."""
