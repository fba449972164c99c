"""What a correct alpha-beta did at each node, as the explanations read it: the children each node
searched, in order, its window after each, and which nodes stopped early.

The narrated search (replaying/variants.py) writes it while it searches; the students' release,
which holds no working search, reads it back from plain data recorded when the release was made
(replaying/record.py).
"""
from dataclasses import dataclass, field

from autograder.worker.calls import decode_path, encode_path


@dataclass
class Narration:
    searched: dict = field(default_factory=dict)  # path -> [child path, ...]
    windows: dict = field(default_factory=dict)   # (path, child path) -> (alpha, beta)
    pruned: set = field(default_factory=set)      # paths of nodes that stopped early

    def after(self, path, child, alpha, beta):
        self.searched.setdefault(path, []).append(child)
        self.windows[path, child] = (alpha, beta)

    def as_data(self):
        """Plain data: each searched child with its parent's window after it, in search order,
        and the nodes that stopped early."""
        return {"after": [[encode_path(child), *self.windows[path, child]]
                          for path, children in self.searched.items() for child in children],
                "pruned": sorted(map(encode_path, self.pruned))}

    @classmethod
    def from_data(cls, data):
        narration = cls(pruned={decode_path(key) for key in data["pruned"]})
        for key, alpha, beta in data["after"]:
            child = decode_path(key)
            narration.after(child[:-1], child, alpha, beta)
        return narration
