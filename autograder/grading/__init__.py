"""The trusted side's materials: games drawn, reference answers, a result's stamp.

May import: contract, errors, files, language, games, worker, policy, runner.
"""
