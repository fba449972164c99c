"""The command line: `python -m autograder grade SUBMISSION [--format F] [--output FILE]`.

It exits 0 whenever grading completed, whatever the score, and 2 with a one-line reason when it
could not grade. Output files are written whole or not at all.
"""
import argparse
import importlib.util
import os
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

from rich.console import Console
from rich.table import Table

from autograder import assignments, policy as grading_config, secret as course_secret
from autograder.commands import batch, gradebook, rescoring
from autograder.commands.gradings import Stopped
from autograder.commands.notebook_points import stale_notebook_warning
from autograder.commands.spoken_help import SpokenParser, help_language, students_copy
from autograder.commands.students import join_roster
from autograder.contract import judged_function
from autograder.engine import collect_checks, grade, out_of_memory
from autograder.errors import AutograderError, GradingError, UsageError
from autograder.files import write_atomically
from autograder.language import LANGUAGES, _, ngettext, speaking
from autograder.language.escaping import escaped
from autograder.grading import answers, provenance
from autograder.intake.notebook import answered_modules
from autograder.intake.submission import module_functions, stage
from autograder.reporters import FORMATS
from autograder.runner import sandbox
from autograder.runner.terminating import Terminated, ended_cleanly_by_sigterm

WEAK_MODES = ("rlimits", "plain")


def official(args):
    """Grades that count: asked for, or in CI, where the pull-request workflow grades."""
    return args.official or os.environ.get("CI") == "true"


def add_sandbox_arguments(parser):
    """--sandbox, --official and --allow-weak-sandbox, which sandbox_mode() reads, and --lanes."""
    parser.add_argument("--sandbox", choices=sandbox.MODES,
                        help=_("the worker's isolation (default: the strongest that works here)"))
    parser.add_argument("--official", action="store_true",
                        help=_("grades that count (also when CI=true): refuse a weak sandbox"))
    parser.add_argument("--allow-weak-sandbox", action="store_true",
                        help=_("grade even in the rlimits or plain sandbox (then not "
                               "officially)"))
    parser.add_argument("--lanes", type=int, choices=range(1, 9), metavar="N",
                        help=_("processes grading one submission's functions at once (default: "
                               "one per core, at most 2)"))


def sandbox_mode(args):
    """The sandbox to grade in; official grading refuses one that cannot hide the reference."""
    mode = args.sandbox or sandbox.probe()
    if mode in WEAK_MODES and official(args) and not args.allow_weak_sandbox:
        if args.sandbox:
            raise GradingError(_("official grading needs the bwrap or unshare sandbox, not "
                                 "{mode}; pass --allow-weak-sandbox to grade in {mode} "
                                 "anyway").format(mode=mode))
        why = "; ".join(f"{m}: {reason}" for m, reason in sandbox.PROBE_ERRORS.items())
        # TRANSLATORS: {why} is each sandbox that does not work here, with the system's reason
        raise GradingError(_("official grading needs the bwrap or unshare sandbox, but only {mode} "
                             "works here ({why}); install bubblewrap and run as root, or pass "
                             "--allow-weak-sandbox").format(mode=mode, why=why))
    return mode


def passed_on(args):
    """The options each submission's own grading process gets from a batch."""
    # The batch runs submissions side by side, so each runs its checks in one lane.
    options = ["--config", str(args.config), "--sandbox", sandbox_mode(args), "--lanes", "1",
               "--assignment", args.assignment, "--lang", args.lang]
    options += [option for function in args.only or () for option in ("--only", function)]
    return options + ["--official"] * official(args) + ["--allow-weak-sandbox"] * bool(
        args.allow_weak_sandbox)


def submitted_names(paths):
    """The names of the files in the submissions `paths`, by which the assignment is recognised:
    a file's own, a folder's, or when a folder holds no Python file on top (a class, or a folder
    of one), those of its folders; in nbgrader's submitted/, those of each student's assignment
    folder. A notebook counts as the modules its answer cells answer, `<module>.py` each, where
    staging would read it: in a folder without Python files, never a hidden one. Zips are not
    opened: a class of zips needs --assignment."""
    levels = []  # (a folder's entries, whether staging would read its notebooks)
    for path in map(Path, paths):
        try:
            if batch.class_layout(path) == "nbgrader":  # submitted/<student>/<assignment>/
                levels += [(list(entry.path.iterdir()), True)
                           for entry in batch.find_submissions([path])
                           if entry.path.is_dir() and not entry.path.is_symlink()]
                continue
            top = list(path.iterdir()) if path.is_dir() else [path]
            levels.append((top, True))
            if not any(p.suffix == ".py" for p in top):
                levels += [(list(folder.iterdir()), not folder.name.startswith((".", "__MACOSX")))
                           for folder in top if folder.is_dir() and not folder.is_symlink()]
        except OSError:
            continue  # staging it says what is wrong with it
    names = {p.name for entries, _ in levels for p in entries}
    for entries, read in levels:
        if read and not any(p.suffix == ".py" for p in entries):
            names |= {f"{module}.py" for p in entries
                      if p.suffix == ".ipynb" and not p.name.startswith(".")
                      for module in answered_modules(p)}
    return names


def grade_command(args):
    assignment = assignments.chosen(args.assignment, submitted_names(args.submission))
    args.assignment = assignment.argument  # the same to each of a batch's gradings
    args.config = args.config or assignment.policy
    config = course_secret.applied(grading_config.load(args.config), official(args))
    # the language spoken is the policy's, so that a result's stamp (provenance.made_with) tells
    # a report in another language apart; and the same in each of a batch's gradings
    args.lang = args.lang or config.language
    config = replace(config, language=args.lang)
    with speaking(args.lang), ended_cleanly_by_sigterm():
        grade_in_language(args, config, assignment)


def grade_in_language(args, config, assignment):
    sandbox.cap_grader_memory(config.limits.grader_memory_mb)
    handed_in = Path(args.submission[0])
    entries = ([batch.Entry(batch.submission_id(handed_in), handed_in)]
               if args.one else batch.find_submissions(args.submission, assignment.files))
    if not args.one:  # a batch's gradings: said once, by the batch
        warn_of_stale_notebooks(entries, config)
    if len(entries) > 1 or args.jobs or args.roster or args.similarity or (
            args.output and Path(args.output).is_dir()) or (
            not args.one and any(batch.class_layout(Path(p), assignment.files)
                                 for p in args.submission)):
        if not args.output:
            raise UsageError("grading several submissions needs --output DIR for the results")
        if not assignment.live:
            raise UsageError(_("grading a class is the instructor's command: this copy of the "
                               "autograder (the students' repository) has no reference to grade "
                               "it with; grade one submission at a time"))
        if Path(args.output).exists() and not Path(args.output).is_dir():
            raise UsageError(f"--output {args.output} is a file: give a folder for the "
                                  f"class's results")
        if args.similarity and importlib.util.find_spec("copydetect") is None:
            raise UsageError("--similarity needs copydetect: pip install -e '.[similarity]'")
        absent = []
        if args.roster:
            entries, absent, any_matched = join_roster(entries, args.roster, args.roster_column)
            if not any_matched:
                print(f"autograder: warning: no student of the class matches the roster "
                      f"{args.roster}; check --roster-column", file=sys.stderr)
        missing = [entry for entry in entries if entry.path is None]  # named, but not exported
        entries = [entry for entry in entries if entry.path is not None]
        errors = batch.grade_class(entries, args.output, config, jobs=args.jobs or 1,
                                   force=args.force, options=passed_on(args),
                                   seconds=args.submission_timeout,
                                   absent=[*(s for entry in missing for s in entry.students),
                                           *absent],
                                   similar=args.similarity, assignment=assignment)
        print(f"{len(entries) - len(errors)} of {len(entries)} submissions graded into "
              f"{args.output} (gradebook.csv, feedback/ to hand back)")
        for entry in missing:
            names = ", ".join(escaped(s.name or s.sid or s.email) for s in entry.students)
            print(f"{escaped(entry.id)} of submission_metadata.yml is not in the export: "
                  f"{names or 'no one'} in gradebook.csv as not submitted")
        for student in absent:
            keys = ", ".join(escaped(key) for key in (student.sid, student.email) if key)
            print(f"{escaped(student.name) or 'unnamed'}{f' ({keys})' if keys else ''} of the "
                  f"roster handed in nothing: in gradebook.csv as not submitted")
        return
    grade_single(args, config, entries[0], assignment)


def functions_to_grade(args, path, modules):
    """The functions whose checks run: those --only names, of those `path` can hold (a single
    module holds its own); None for all of them. `modules` is the assignment's contract."""
    held = module_functions(path, modules)
    unknown = [function for function in args.only or () if function not in modules]
    if unknown:
        raise UsageError(_("--only {function}: the assignment has no such function; it has "
                           "{functions}").format(function=unknown[0],
                                                 functions=", ".join(modules)))
    if not args.only:
        return None if held == list(modules) else held
    outside = [function for function in args.only if function not in held]
    if outside:
        raise UsageError(_("--only {function}: {path} holds only {functions}").format(
            function=outside[0], path=path, functions=", ".join(held)))
    return [function for function in held if function in args.only]


def grade_single(args, config, entry, assignment):
    if args.output and not Path(args.output).resolve().parent.is_dir():
        raise UsageError(_("cannot write {file}: its folder does not exist").format(
            file=args.output))
    only = functions_to_grade(args, entry.path, assignment.modules)
    mode = sandbox_mode(args)
    reference = assignment.reference  # each assignment's answers are its own reference's
    cache = answers.cache_of(reference) if assignment.live else None
    with tempfile.TemporaryDirectory(prefix="autograder-") as scratch:
        # intake first: a submission that cannot be read is told so at once, never after the
        # reference's grading (a minute); a batch's entry was listed from its class folder, one
        # named on the command line may not go through a link below the folder it runs in
        folder = stage(entry.path, scratch, assignment.files, None if args.one else os.getcwd())
        staged = provenance.contents(folder)  # before the student's code can write there
        known = reference_answers_known(args, config, mode, cache, assignment)
        kept = None if known is None else len(known)
        given = set(known) if args.reference_answers else set()
        report = grade(folder, config, scratch, name=entry.id, sandbox_mode=mode, answers=known,
                       lanes=args.lanes, only=only, assignment=assignment)
    report = replace(report, made_with={**report.made_with, "contents": staged,
                                        "submission": provenance.source(entry.path)})
    if args.record_answers:  # given answers too: only those this grading added (a known
        # mistake's, whose release holds the answers it started from: 8 MB, written once there)
        answers.record(args.record_answers, {key: data for key, data in known.items()
                                             if key not in given})
    elif args.save_answers:
        answers.save(args.save_answers, known, reference)
    if not (args.reference_answers or args.record_answers) and known is not None and \
            len(known) > kept:
        answers.keep(known, cache, reference)
    if args.feedback:
        rescoring.write_feedback(args.feedback, report)
    rendered = FORMATS[args.format](report if args.show_hidden else report.for_students())
    if args.output:  # with the hidden checks' inputs (a batch's reference): for its owner alone
        write_atomically(args.output, rendered, private=args.show_hidden)
    else:
        sys.stdout.write(rendered)


def reference_answers_known(args, config, mode, cache, assignment):
    """The reference's answers a grading starts from (None: the students' release, whose
    recorded answers stand in), the reference first graded when the policy is new here."""
    reference = assignment.reference
    if args.reference_answers:
        known = answers.load(args.reference_answers, reference)
    elif args.record_answers:
        known = {}  # only what this grading asks: a release must hold no other game's answers
    elif args.save_answers:  # a batch's reference: what this machine already knows is not redone
        known = {**answers.load(cache, reference), **answers.load(args.save_answers, reference)}
    elif assignment.live:
        known = answers.load(cache, reference)
        verify_reference(config, mode, known, args.lanes, assignment)
    else:
        known = None  # the students' release: the answers recorded beside its checks stand in
    return known


def verify_reference(config, mode, known, lanes_count, assignment):
    """Grade the assignment's reference first when the policy (or the checks, reference or
    grader) changed since it last got full marks here: a policy that breaks the reference is the
    instructor's error, never a student's zero."""
    stamp = provenance.what_ran(provenance.made_with(config, assignment))  # points break nothing
    if provenance.verified(stamp):
        return
    with tempfile.TemporaryDirectory(prefix="autograder-") as scratch:
        report = grade(stage(assignment.reference, scratch, assignment.files), config, scratch,
                       "reference", mode, known, lanes_count, assignment=assignment)
    failed = next((check for check in report.checks if check.failed), None)
    if failed:
        raise GradingError(batch.breaks_reference(failed.name, failed.feedback))
    provenance.remember_verified(stamp)


def check_config_command(args):
    """Validate grading.toml against the checks, and show what it gives each function, the limits
    and the hypothesis settings: everything grading will use."""
    assignment = assignments.chosen(args.assignment)
    args.config = args.config or assignment.policy
    config = grading_config.load(args.config)
    names = collect_checks(config, assignment)
    table = Table()
    for column in ("function", "checks", "hidden", "points"):
        table.add_column(column, justify="left" if column == "function" else "right")
    for function in assignment.modules:
        mine = [config.policy(n) for n in names if judged_function(n) == function]
        table.add_row(function, str(len(mine)), str(sum(p.visibility == "hidden" for p in mine)),
                      f"{sum(p.points for p in mine):g}")
    console = Console(highlight=False)
    # Unwrapped lines, so they read (and grep) the same whatever the terminal's or path's width;
    # no markup, since "[grading]" would read as a style.
    def say(text):
        console.print(text, soft_wrap=True, markup=False)

    say(f"{args.config}: {len(names)} checks, {sum(config.policy(n).points for n in names):g} "
        f"points, of [grading] total = {config.total:g}")
    console.print(table)
    say("limits:")
    for key, value, unit in config.limits.described():
        say(f"  {key} = {value} {unit}")  # not :g, which writes 1048576 as 1.04858e+06
    say(f"hypothesis: max_examples = {config.max_examples} generated games per check")
    for name in names:
        if config.policy(name).examples:
            say(f"  {name}: examples = {config.policy(name).examples} instead")
    for each in course_assignments(assignment, args):
        say(f"course settings of {each.name} ({grading_config.from_here(each.policy)}):")
        for key, (value, where) in grading_config.settings(each.policy).items():
            say(f"  {key} = {'none' if value is None else value}, from {where}"
                f"{unnamed_secret_file() if key == 'secret_file' and value is None else ''}")
    for each in course_assignments(assignment, args):
        notebook = course_notebook(each)
        warning = notebook and stale_notebook_warning(
            notebook, config if each.policy == Path(args.config) else grading_config.load(
                each.policy))
        if warning:
            say(f"warning: {warning}")
    say(games_line(config))  # last, where a script finds it


def unnamed_secret_file():
    """Where the course's secret is read from when no grading.toml names a file: a trial read
    "secret_file = none" beside "drawn from the course's secret" as a contradiction."""
    return (f" (the secret is read from {course_secret.ENVIRONMENT}, else from "
            f"{course_secret.default_file()})")


def course_assignments(checked, args):
    """The assignments whose course settings check-config shows: every built-in one (each
    inherits the course's) when none is named, else the one checked, under its --config."""
    if args.assignment is None and Path(args.config) == checked.policy:
        return assignments.built_in()
    return [replace(checked, policy=Path(args.config))]


def course_notebook(assignment):
    """The nbgrader course's notebook of `assignment` (assignments/nbgrader/source/...), or None
    where there is none (the students' repository has no course)."""
    try:
        from autograder.distribution.notebooks.course import COURSE_DIR
        from autograder.distribution.notebooks.handouts import handout
    except ModuleNotFoundError:
        return None
    path = Path(COURSE_DIR) / handout(assignment).notebook_path
    return path if path.is_file() else None


def warn_of_stale_notebooks(entries, config):
    """Warn on stderr of the submitted notebooks whose cells give other points than `config`:
    the first, and how many."""
    notebooks = [path for entry in entries if entry.path is not None
                 for path in ([entry.path] if entry.path.suffix == ".ipynb" else
                              sorted(entry.path.glob("*.ipynb")) if entry.path.is_dir() and
                              not entry.path.is_symlink() else [])]
    warnings = [w for w in (stale_notebook_warning(path, config) for path in notebooks) if w]
    if warnings:
        more = ngettext(" (and {count} more notebook)", " (and {count} more notebooks)",
                        len(warnings) - 1).format(count=len(warnings) - 1)
        print(f"autograder: warning: {warnings[0]}{more if len(warnings) > 1 else ''}",
              file=sys.stderr)


def games_line(config):
    """Which games grading draws, and where the course's secret comes from, never the secret."""
    if not config.official:
        return ("games: the public ones (no [official] section): students' copies hold their "
                "answers, so grading that counts needs a policy with [official]")
    found = course_secret.find(config)
    if found.value is None:
        return (f"games: the public ones, for lack of the course's secret; "
                f"{course_secret.NEEDED}")
    return (f"games: drawn from the course's secret, from {found.source}, which the students' "
            f"repository never holds")


def secret_command(args):
    """Make the course's secret, in the file official grading reads when no variable names one."""
    path = course_secret.create(args.file or course_secret.configured_file(grading_config.load()))
    print(f"wrote a new course secret to {path} (readable by you alone): official grading of "
          f"every assignment draws its games from it; give it to Gradescope's zip and the "
          f"pull-request workflow as the README says, and make a new one each term")


def instructors_tool(module, command):
    """autograder.distribution.`module`, which the students' repository leaves out: there, the
    instructor's `command` is a one-line error, not a traceback."""
    name = f"autograder.distribution.{module}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name not in (name, "autograder.distribution"):
            raise
        raise UsageError(f"'{command}' is the instructor's command: this copy of the autograder "
                         f"(the students' repository) leaves it out") from None


def release_command(args):
    releasing = instructors_tool("release", "release")
    assignment = assignments.chosen(args.assignment)
    known = assignment.mistakes
    there = known and assignments.mistake_folders(known) is not None
    if not args.known_mistakes and known and assignment is not assignments.SEARCH and not there:
        raise UsageError(f"{assignment.argument}: mistakes = {str(known)!r} is not a folder; "
                         f"create it or correct the path (relative to the assignment's file)")
    mistakes = args.known_mistakes or (known if there else None)
    folder = releasing.release(args.directory, args.grader_repository, args.grader_ref,
                               args.private_grader_repository, mistakes, args.mistakes_reports,
                               assignment, language=args.lang)
    print(f"wrote the students' repository to {folder}")


def export_command(args):
    exporting = instructors_tool("gradescope_export", "export gradescope")
    written = exporting.export(args.file, assignments.chosen(args.assignment),
                               language=args.lang)
    print(f"wrote Gradescope's autograder zip to {written}")


def export_grades_command(args):
    folder = Path(args.directory)
    rows = gradebook.read(folder)
    policies, secret_missing = current_policies(rows, args.config)
    stale = gradebook.made_otherwise(rows, policies)
    if stale and secret_missing and not args.allow_stale:
        # the stamps of official grading hold the secret's digest: without it, none matches
        raise UsageError(f"cannot tell whether {len(stale)} graded results in {folder} were made "
                         f"under the policy now without the course's secret: set "
                         f"{course_secret.ENVIRONMENT} as when grading, or pass --allow-stale")
    if stale and not args.allow_stale:
        raise UsageError(f"{len(stale)} graded results in {folder} were made under another "
                         f"policy than the assignment's grading.toml now: grade the class again "
                         f"into {folder} to bring them up to date, or pass --allow-stale to "
                         f"export them as they are")
    column = args.assignment or column_of(rows, args.config)
    text, unnamed = gradebook.export(rows, args.format, column)
    target = Path(args.output or folder / f"grades-{args.format}.csv")
    if not target.resolve().parent.is_dir():
        raise UsageError(f"cannot write {target}: its folder does not exist")
    write_atomically(target, text)
    if stale:
        print(f"autograder: warning: {len(stale)} of the results exported were made under "
              f"another policy (--allow-stale)", file=sys.stderr)
    if unnamed:
        print(f"autograder: warning: {unnamed} graded rows name no SID or email, which "
              f"{args.format} cannot match; name the students with --roster FILE.csv",
              file=sys.stderr)
    left_out = gradebook.left_out(rows)
    print(f"wrote {target}: {len(rows) - len(left_out)} students graded"
          + (f"; left out {len(left_out)}, who have no grade:" if left_out else ""))
    for row in left_out:
        # dict.fromkeys: a class folder named by emails makes the id the email, said once
        who = ", ".join(dict.fromkeys(escaped(row[key]) for key in ("sid", "email", "id")
                                      if row[key]))
        print(f"  {escaped(row['name']) or 'unnamed'} ({who or 'no SID or email'}): "
              f"{escaped(row['status'])}")


def assignment_of(rows):
    """The built-in assignment whose functions the gradebook's `rows` have columns of, or None."""
    functions = gradebook.functions_of(rows)
    return next((a for a in assignments.built_in() if tuple(a.modules) == functions), None)


def column_of(rows, config=None):
    """The LMS column the grades of `rows` go to by default: each assignment's own, so that the
    second's import never overwrites the first's grades; the first's named in the course's
    language (of `config`, else of its grading.toml), as its students see it in the LMS."""
    assignment = assignment_of(rows)
    if assignment is not None and assignment is not assignments.SEARCH:
        return assignment.name
    with speaking(grading_config.load(config or assignments.SEARCH.policy).language):
        return _("Adversarial search")


def current_policies(rows, config=None):
    """The policy column's values of results made as grading would make them now: under
    `config`, else the policy of the assignment whose functions the gradebook's `rows` have
    columns of; in any language, officially or not. And whether the course's secret, which
    official grading stamps a digest of, is missing here."""
    functions = gradebook.functions_of(rows)
    if config is None:
        config = getattr(assignment_of(rows), "policy", None)
    if config is None:
        if not any(row["status"] == "graded" for row in rows):
            return set(), False
        raise UsageError(f"the gradebook's assignment ({', '.join(functions)}) is none of this "
                         f"course's: name the grading.toml it was graded under with --config")
    policy = grading_config.load(config)
    secret = course_secret.find(policy).value if policy.official else None
    return {provenance.short_policy(replace(policy, secret=known, language=language))
            for known in {None, secret} for language in LANGUAGES}, \
        policy.official and secret is None


def insights_command(args):
    from autograder.commands import insights
    for path in insights.write(args.directory, args.compare, args.names, args.lang):
        print(f"wrote {path}")


def parser(students=False):
    """The command line; in the students' repository (`students`, spoken_help.students_copy),
    only `grade`, without the options of a class's batch, its help in the language spoken."""
    def instructors(text):  # an option of the instructor's alone: no help where students read
        return argparse.SUPPRESS if students else text
    main = SpokenParser(prog="python -m autograder",
                        description=_("Grade adversarial-search exercises."))
    commands = main.add_subparsers(dest="command", required=True)
    main.commands = commands  # which instructors_command reads the commands' names from
    grading = commands.add_parser(
        "grade", help=_("grade your solutions") if students
        else "grade submissions (folders, zips or a class)")
    grading.add_argument("submission", nargs="+",
                         help=_("the folder, .zip, notebook or single module (minimax.py) to "
                                "grade") if students else
                         "a folder, .zip or single module (minimax.py) handed in; "
                         "several, or a class folder (one "
                         "submission per subfolder or zip, Gradescope's export or "
                         "nbgrader's submitted/), grade a batch into --output DIR")
    grading.add_argument("--assignment", metavar="NAME_OR_FILE",
                         help=_("the assignment to grade: a built-in one's name or an assignment "
                                "file, .toml (default: the one whose files the submission "
                                "holds)"))
    grading.add_argument("--only", action="append", metavar="FUNCTION",
                         help=_("run only this function's checks (repeatable); the others are "
                                "reported as not run"))
    grading.add_argument("--jobs", type=int, choices=range(1, 65), metavar="N",
                         help=instructors("submissions graded at once (batch)"))
    grading.add_argument("--submission-timeout", type=float, metavar="SECONDS",
                         help=instructors("stop a submission's grading after this long (batch; "
                                          "default: grading.toml's limits.check_seconds)"))
    grading.add_argument("--force", action="store_true",
                         help=instructors("grade again the submissions that already have "
                                          "results (batch)"))
    grading.add_argument("--reference-answers", help=argparse.SUPPRESS)  # a batch's, to reuse
    grading.add_argument("--record-answers", help=argparse.SUPPRESS)  # for the students' release
    grading.add_argument("--save-answers", help=argparse.SUPPRESS)  # a batch's reference grading
    grading.add_argument("--feedback", help=argparse.SUPPRESS)  # a batch's student view, PREFIX
    grading.add_argument("--one", action="store_true",  # a batch's entry: never a class itself
                         help=argparse.SUPPRESS)
    grading.add_argument("--similarity", action="store_true",
                         help=instructors("compare the class's submissions with copydetect into "
                                          "DIR/similarity.html (batch)"))
    grading.add_argument("--roster", metavar="FILE.csv",
                         help=instructors("name the class's students from this roster, joined "
                                          "by a column holding SIDs, emails, names or "
                                          "submission ids (batch)"))
    grading.add_argument("--roster-column", metavar="COLUMN",
                         help=instructors("the roster's column to join by (default: the first "
                                          "named like an SID, email or name)"))
    grading.add_argument("--lang", choices=list(LANGUAGES),
                         help=_("the language of the feedback (default: grading.toml's [course] "
                                "language, else en)"))
    grading.add_argument("--format", choices=sorted(FORMATS), default="text",
                         help=_("the report's format (default: text)"))
    grading.add_argument("--output", help=_("write the report here instead of to the terminal"))
    grading.add_argument("--show-hidden", action="store_true",
                         help=instructors("for instructors: show hidden checks' inputs and "
                                          "answers too"))
    add_sandbox_arguments(grading)
    grading.add_argument("--config", help=_("the grading policy (default: the assignment's, "
                                            "grading.toml for the built-in one)"))
    grading.set_defaults(run=grade_command)
    if students:
        return main
    releasing = commands.add_parser("release", help="write the students' repository into DIR")
    releasing.add_argument("directory", help="a new or empty folder")
    releasing.add_argument("--lang", choices=list(LANGUAGES),
                           help="the language of the stubs, README, contract and feedback, "
                                "written into the released grading.toml (default: "
                                "grading.toml's [course] language, else en)")
    releasing.add_argument("--assignment", metavar="NAME_OR_FILE",
                           help="the assignment the repository hands out (default: the first)")
    releasing.add_argument("--grader-repository", default="your-course/adversarial-search",
                           help="owner/name of this public release, whose pinned version the "
                                "students' workflow installs")
    releasing.add_argument("--grader-ref", default="v1", help="the pinned tag or commit")
    releasing.add_argument("--private-grader-repository", default="your-course/grader",
                           help="owner/name of the full grader, for the hidden checks in CI")
    releasing.add_argument("--known-mistakes", metavar="DIR",
                           help="submissions showing common mistakes, one per subfolder with the "
                                "modules it changes (default: the assignment's mistakes, "
                                "tests/submissions for the first); a student who makes one meets "
                                "the same smallest input as when graded")
    releasing.add_argument("--mistakes-reports", metavar="DIR",
                           help="also write there each known mistake's report (JSON, one per "
                                "subfolder): what a student who makes it reads when graded on "
                                "the public games")
    releasing.set_defaults(run=release_command)
    exporting = commands.add_parser("export", help="package the grader for a platform, or a "
                                                   "class's grades for an LMS")
    exports = exporting.add_subparsers(dest="what", required=True)
    to_gradescope = exports.add_parser("gradescope", help="Gradescope's autograder zip")
    to_gradescope.add_argument("file", help="the zip to write, e.g. autograder.zip")
    to_gradescope.add_argument("--lang", choices=list(LANGUAGES),
                               help="the language of the feedback (default: grading.toml's "
                                    "[course] language, else en)")
    to_gradescope.add_argument("--assignment", metavar="NAME_OR_FILE",
                               help="the assignment the zip grades (default: the first)")
    to_gradescope.set_defaults(run=export_command)
    grades = exports.add_parser("grades", help="a graded class's gradebook as an LMS imports it")
    grades.add_argument("directory", help="the --output DIR the class was graded into")
    grades.add_argument("--format", choices=sorted(gradebook.EXPORTS), default="csv")
    grades.add_argument("--assignment",
                        help="the LMS's name for the grade's column (default: \"Adversarial "
                             "search\" in the course's language for the first assignment, "
                             "another's name, e.g. cutoff)")
    grades.add_argument("--output", help="the file to write (default: DIR/grades-FORMAT.csv)")
    grades.add_argument("--config", help="the grading policy the class was graded under "
                                          "(default: that of the assignment whose functions the "
                                          "gradebook has columns of)")
    grades.add_argument("--allow-stale", action="store_true",
                        help="export results made under another policy than the current one "
                             "(refused otherwise)")
    grades.set_defaults(run=export_grades_command)
    learning = commands.add_parser("insights", help="what a graded class got wrong: "
                                                    "DIR/insights.html, .md and .json")
    learning.add_argument("directory", help="the --output DIR the class was graded into")
    learning.add_argument("--compare", metavar="OTHER_DIR",
                          help="another graded batch (another term, or before a lesson): each "
                               "mistake's share of both side by side")
    learning.add_argument("--names", action="store_true",
                          help="also write the instructor's copy, insights-instructor.*, naming "
                               "who made each mistake, with exact counts (never to share)")
    learning.add_argument("--lang", choices=list(LANGUAGES),
                          help="the pages' language (default: the one the class was graded in)")
    learning.set_defaults(run=insights_command)
    checking = commands.add_parser("check-config", help="validate grading.toml against the checks")
    checking.add_argument("--assignment", metavar="NAME_OR_FILE",
                          help="the assignment whose checks to validate (default: the built-in)")
    checking.add_argument("--config", help="the grading policy (default: the assignment's)")
    checking.set_defaults(run=check_config_command)
    making = commands.add_parser("secret", help="make the course's secret, which official games "
                                                "are drawn from")
    making.add_argument("--file", help="where to write it (default: [official] secret_file of "
                                       "grading.toml, else $XDG_CONFIG_HOME/autograder/secret)")
    making.set_defaults(run=secret_command)
    return main


def instructors_command(argv):
    """Whether the command line `argv` asks for one of the instructor's commands (any but
    grade), which the students' parser does not offer: parsed as the instructor's copy parses
    it, it says what it needs that the students' repository leaves out (instructors_tool), where
    the students' parser would only call it an invalid choice."""
    return bool(argv) and argv[0] != "grade" and argv[0] in parser().commands.choices


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    with speaking(help_language(argv)):
        args = parser(students_copy() and not instructors_command(argv)).parse_args(argv)
    try:
        args.run(args)
    except (Stopped, Terminated) as stopped:
        print(f"autograder: {stopped}", file=sys.stderr)
        return 128 + stopped.signal
    except KeyboardInterrupt:  # outside a batch's gradings, which Stopped covers
        print("autograder: stopped", file=sys.stderr)
        return 130
    except AutograderError as error:
        print(f"autograder: {error}", file=sys.stderr)
        return 2
    except MemoryError:  # past the grader's cap outside grading itself (staging, reporting)
        print(f"autograder: {out_of_memory()}", file=sys.stderr)
        return 2
    return 0
