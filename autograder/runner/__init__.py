"""Running untrusted code: the sandbox, the supervisor of the worker, lanes, and decoding what comes back."""
