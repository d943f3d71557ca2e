"""Docked panels of the inspection window."""
