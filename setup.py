"""Package layout that pyproject.toml cannot express: the top-level resources/ folder
ships as the package ``inspector.resources``, so a wheel, a checkout and a bundle all find
it through importlib.resources."""

from setuptools import find_packages, setup

setup(
    packages=find_packages(include=["inspector", "inspector.*"]) + ["inspector.resources"],
    package_dir={"inspector.resources": "resources"},
)
