"""The JSON forms that name a game, a price war, an order, an evaluation or a quiet test; a
constructor for each.

A call carries its game, and any order or evaluation it hands the code, as plain JSON, so that the
worker and the grader build the same objects from it (worker/calls.py, orders.py) and an answer can
be kept by its call. These constructors are the one place such a form is written; each TypedDict
says its keys. Standard library only: the worker's runtime holds this module too.
"""
from typing import Literal, NotRequired, TypedDict


class TreeSpec(TypedDict):
    """A tree game: nested lists whose leaves are numbers, and the player to move at the root."""

    kind: Literal["tree"]
    tree: list | int | float
    root: Literal["MAX", "MIN"]


class BoardSpec(TypedDict):
    """A tic-tac-toe position: 9 characters, each "X", "O" or " ", row by row."""

    kind: Literal["tictactoe"]
    board: str


class ConnectFourSpec(TypedDict):
    """A Connect Four position: 42 characters, each "X", "O" or " ", bottom row first."""

    kind: Literal["connect_four"]
    board: str


GameSpec = TreeSpec | BoardSpec | ConnectFourSpec


class PriceWarSpec(TypedDict):
    """A general-sum game of two moves, its nodes named: each inner node's children, both sides'
    payoffs at the leaves, and the root. It is no game spec: its functions take its parts."""

    tree: dict[str, list[str]]
    ours: dict[str, int]
    theirs: dict[str, int]
    root: str


class ReversedOrder(TypedDict):
    kind: Literal["reversed"]


class ShuffledOrder(TypedDict):
    kind: Literal["shuffled"]
    seed: int


class PriorityOrder(TypedDict):
    kind: Literal["priority"]
    cells: list[int]


OrderSpec = ReversedOrder | ShuffledOrder | PriorityOrder


class TableEvaluation(TypedDict):
    kind: Literal["table"]
    values: list[list]            # [[path, score], ...]
    default: NotRequired[float]   # the score of a node the table leaves out; 0 when absent


class OpenLinesEvaluation(TypedDict):
    kind: Literal["open_lines"]


class OpenWindowsEvaluation(TypedDict):
    kind: Literal["open_windows"]


EvaluationSpec = TableEvaluation | OpenLinesEvaluation | OpenWindowsEvaluation


class NoisyPositions(TypedDict):
    """A quiet test: every position is quiet but those at the listed paths."""

    kind: Literal["noisy"]
    paths: list[list[int]]


def tree_spec(tree, root="MAX") -> TreeSpec:
    return {"kind": "tree", "tree": tree, "root": root}


def board_spec(board) -> BoardSpec:
    return {"kind": "tictactoe", "board": board}


def connect_four_spec(board) -> ConnectFourSpec:
    return {"kind": "connect_four", "board": board}


def price_war_spec(tree, ours, theirs, root) -> PriceWarSpec:
    return {"tree": tree, "ours": ours, "theirs": theirs, "root": root}


def reversed_order() -> ReversedOrder:
    return {"kind": "reversed"}


def shuffled_order(seed) -> ShuffledOrder:
    """A fixed but arbitrary order at each node, the same for the same seed."""
    return {"kind": "shuffled", "seed": seed}


def priority_order(cells) -> PriorityOrder:
    """The legal actions in the order `cells` lists them."""
    return {"kind": "priority", "cells": cells}


def table_evaluation(scores) -> TableEvaluation:
    """A score for each node: `scores` holds (path, score) pairs."""
    return {"kind": "table", "values": [[list(path), score] for path, score in scores]}


def noisy_positions(paths) -> NoisyPositions:
    """The quiet test for which the positions at `paths` are noisy, every other quiet."""
    return {"kind": "noisy", "paths": [list(path) for path in paths]}


def open_windows_evaluation() -> OpenWindowsEvaluation:
    """Connect Four's open-lines evaluation over its 69 windows (connect_four.open_windows)."""
    return {"kind": "open_windows"}


def open_lines_evaluation() -> OpenLinesEvaluation:
    """The course's depth-1 evaluation of a tic-tac-toe position (tictactoe.open_lines)."""
    return {"kind": "open_lines"}
