"""Document level: tables continued over pages and the logical tables they make."""
