"""The untrusted worker: imports the submission, runs calls, sends back JSON.

The code that runs inside the worker process, and the wire format both sides share. Only this
package, autograder.games and autograder.contract are copied into the worker's runtime folder:
nothing here may import the reference, the checks or anything that holds expected answers.

May import: contract, games.
"""
