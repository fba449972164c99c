import sys

from autograder.language.catalogs import main

sys.exit(main())
