"""`python -I -m autograder.commands.ci`: the job, its exit code the process's."""
import sys

from autograder.commands.ci.job import main

sys.exit(main())
