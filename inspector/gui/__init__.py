"""The inspection window (PySide6). The only package that may import Qt.

Entry point: :func:`inspector.gui.app.run`.
"""
