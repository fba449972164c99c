"""Where one grading's reference answers come from, and where those it adds go: a batch's file,
the release's recording, or this machine's cache (answers.py keeps each of them).

A batch grades its reference once, saving its answers (`save`, after what this machine's cache
already knows) for every student's grading to start from (`given`), which keeps nothing. A release
records (`record`) only the answers a grading asks beyond those it was given: they travel with its
checks, which must hold no other game's answers. Any other grading by the instructor starts from
this machine's cache, after the reference is verified under the policy (`verifies`), and keeps
there what it adds. The students' release, with no reference to answer from and no cache, starts
from the answers recorded beside its checks (None here).
"""
from dataclasses import dataclass
from pathlib import Path

from autograder.grading import answers


@dataclass(frozen=True)
class AnswersMode:
    reference: Path  # the assignment's reference folder, whose fingerprint the answers carry
    cache: Path | None  # this machine's cache of its answers; None: the students' release
    given: str | None = None  # a batch's reference answers, read, never added to
    record: str | None = None  # the release's file of the answers this grading adds
    save: str | None = None  # a batch's reference grading: its answers, for the batch

    def start(self):
        """The answers a grading starts from, None in the students' release."""
        if self.given:
            return answers.load(self.given, self.reference)
        if self.record:
            return {}
        if self.save:  # a batch's reference: what this machine already knows is not redone
            return {**answers.load(self.cache, self.reference),
                    **answers.load(self.save, self.reference)}
        return None if self.cache is None else answers.load(self.cache, self.reference)

    @property
    def verifies(self):
        """Whether the grading first verifies the reference under its policy: one that starts
        from the cache alone, which any policy may have filled."""
        return self.cache is not None and not (self.given or self.record or self.save)

    def finish(self, known, started):
        """Keep the answers `known` after the grading, which started from the keys `started`:
        recorded (only those it added), saved for the batch, and in the cache when it added some
        to answers not given."""
        if self.record:
            answers.record(self.record, {key: data for key, data in known.items()
                                         if key not in started})
        elif self.save:
            answers.save(self.save, known, self.reference)
        if not (self.given or self.record) and known is not None and len(known) > len(started):
            answers.keep(known, self.cache, self.reference)
