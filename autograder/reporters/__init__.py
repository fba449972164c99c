"""Reporters: each turns one Report into one output format.

Nothing else: they read the Report, never the grading.

May import: contract, language, drawing, results.
"""
from autograder.reporters import gradescope, html, junit, markdown, report_json, text

FORMATS = {"text": text.render, "gradescope": gradescope.render, "html": html.render,
           "json": report_json.render, "markdown": markdown.render, "junit": junit.render}
