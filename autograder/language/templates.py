"""Jinja templates in the spoken language: `{% trans %}` blocks and `_()` in a template are
looked up when the template renders, so one environment serves every language."""
from autograder.language.speaking import _, ngettext, spoken


def install(environment):
    """Give `environment` (made with extensions=["jinja2.ext.i18n"]) the grader's gettext, new
    style (placeholders by name, escaped where the environment escapes), and `language`, the
    spoken language's code, for <html lang>."""
    environment.install_gettext_callables(_, ngettext, newstyle=True)
    environment.globals["language"] = spoken
    return environment
