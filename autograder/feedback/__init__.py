"""Feedback beyond right and wrong: why a search examined what it did, and which known mistake it
matches. Everything here runs in the trusted grader, on inputs the checks already hold."""
