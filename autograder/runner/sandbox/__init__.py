"""The worker's sandbox: the strongest process isolation this machine offers (see SECURITY.md)."""
from autograder.runner.sandbox.memory import cap_grader_memory, uncap_grader_memory
from autograder.runner.sandbox.probing import PROBE_ERRORS, probe, works
from autograder.runner.sandbox.slot import MODES, Sandbox

__all__ = ["MODES", "PROBE_ERRORS", "Sandbox", "cap_grader_memory", "probe",
           "uncap_grader_memory", "works"]
