"""Reporters: each turns one Report into one output format, and nothing else."""
from autograder.reporters import gradescope, html, junit, markdown, report_json, text

FORMATS = {"text": text.render, "gradescope": gradescope.render, "html": html.render,
           "json": report_json.render, "markdown": markdown.render, "junit": junit.render}
