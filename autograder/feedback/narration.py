from autograder.contract import decode_path, encode_path
"""What a correct search did at each node, as the explanations read it: the children each node
searched, in order, its window after each (for the searches that prune), which nodes stopped
early, where the search was cut off, and, for negamax, whose values each node's window holds.

The narrated search (replaying/variants.py) writes it while it searches; the students' release,
which holds no working search, reads it back from plain data recorded when the release was made
(replaying/record.py).
"""
from dataclasses import dataclass, field



@dataclass
class Narration:
    searched: dict = field(default_factory=dict)  # path -> [child path, ...]
    windows: dict = field(default_factory=dict)   # (path, child path) -> (alpha, beta)
    pruned: set = field(default_factory=set)      # paths of nodes that stopped early
    # path -> (levels left, quiet): a node at or past the cut-off, evaluated there unless quiet is
    # False (quiescence searching a noisy one on); quiet is None where no quiet test is asked
    cut: dict = field(default_factory=dict)
    movers: dict = field(default_factory=dict)    # path -> "MAX" or "MIN": negamax's windows

    def after(self, path, child, window=None):
        self.searched.setdefault(path, []).append(child)
        if window is not None:
            self.windows[path, child] = window

    def as_data(self):
        """Plain data: each searched child with its parent's window after it, if any, in search
        order, and the nodes that stopped early; where the search was cut off and who moves at
        each node, when it says so (alpha-beta's narration holds neither)."""
        data = {"after": [[encode_path(child), *self.windows.get((path, child), ())]
                          for path, children in self.searched.items() for child in children],
                "pruned": sorted(map(encode_path, self.pruned))}
        if self.cut:
            data["cut"] = [[encode_path(path), *found] for path, found in self.cut.items()]
        if self.movers:
            data["movers"] = {encode_path(path): mover for path, mover in self.movers.items()}
        return data

    @classmethod
    def from_data(cls, data):
        narration = cls(pruned={decode_path(key) for key in data["pruned"]},
                        cut={decode_path(key): (left, quiet)
                             for key, left, quiet in data.get("cut", [])},
                        movers={decode_path(key): mover
                                for key, mover in data.get("movers", {}).items()})
        for key, *window in data["after"]:
            child = decode_path(key)
            narration.after(child[:-1], child, tuple(window) if window else None)
        return narration
