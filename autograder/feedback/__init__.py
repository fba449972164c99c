"""Feedback beyond right and wrong: the narrated search and the diagnosis.

Why a search examined what it did, and which known mistake it matches. Everything here runs in the
trusted grader, on inputs the checks already hold. The working searches that find it are in
replaying/, which the students' release leaves out.

May import: contract, language, drawing, games, worker, runner.
"""
