"""Running untrusted code: sandbox, supervisor, lanes, decoding what returns.

The worker runs in the sandbox under the supervisor's time limits; what it sends back is decoded
into observations, never trusted.

May import: contract, errors, language, drawing, games, worker, policy.
"""
