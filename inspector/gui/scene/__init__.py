"""The page scene: scene units are PDF points in unrotated page space."""
