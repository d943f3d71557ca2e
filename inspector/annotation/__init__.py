"""The annotation: the document a person corrects (model, file format, edits, golden sets,
ICDAR interchange). Pure Python; imports core, never evaluation or Qt."""
