"""Reporters: each turns one Report into one output format, and nothing else."""
from autograder.reporters import gradescope, html, text

FORMATS = {"text": text.render, "gradescope": gradescope.render, "html": html.render}
