"""Table Inspector: see why a PDF table came out wrong, fix it, export it."""

__version__ = "0.1.0"
