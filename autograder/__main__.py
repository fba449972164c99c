"""`python -m autograder`: the command line (commands/cli.py), its exit code the process's."""
import sys

try:
    from autograder.commands.cli import main
except KeyboardInterrupt:  # Ctrl-C while the grader is still loading: as main() would say it
    print("autograder: stopped", file=sys.stderr)
    sys.exit(130)

sys.exit(main())
