"""Feedback beyond right and wrong: the narrated search and the diagnosis.

Why a search examined what it did, which known mistake it matches, and which checks left to the
grade that match foretells (foresight.py). Everything here runs in the
trusted grader, on inputs the checks already hold. The working searches that find it are in
replaying/, which the students' release leaves out.

May import: contract, language, drawing, games, worker, runner.
"""
