#!/usr/bin/env python
import os
from setuptools import setup, find_packages

VERSION = "0.9.2"
REQUIRES = [
    "six>=1.10",
    "python-dateutil==2.8.2",
]

def read(name):
    with open(os.path.join(os.path.dirname(__file__), name)) as f:
        return f.read()

setup(
    name="cron-helper",
    version=VERSION,
    description="Helpers for " "cron expressions",
    long_description=read("README.rst"),
    author="Dana Coder",
    author_email="dana@example.com",
    url="https://github.com/example/cron-helper",
    license="BSD-3-Clause",
    packages=find_packages(exclude=["tests"]),
    install_requires=REQUIRES,
    extras_require={"tz": ["pytz"], "dev": ["flake8", "black==23.1.0"]},
    python_requires=">=3.7",
    keywords="cron, scheduling",
    classifiers=[
        "License :: OSI Approved :: BSD License",
        "Programming Language :: Python :: 3",
    ],
    project_urls={"Source": "https://github.com/example/cron-helper", "Tracker": "https://github.com/example/cron-helper/issues"},
)
