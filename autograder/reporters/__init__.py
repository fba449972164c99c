"""Reporters: each turns one Report into one output format, and nothing else."""
from autograder.reporters import gradescope, html, report_json, text

FORMATS = {"text": text.render, "gradescope": gradescope.render, "html": html.render,
           "json": report_json.render}
