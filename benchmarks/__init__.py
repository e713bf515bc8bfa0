"""Benchmarks, not tests: each module times one part of Parlor and prints its figures.

Run one from the project folder as ``python -m benchmarks.<module> --help``. pytest never collects them.
"""
