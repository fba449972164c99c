"""What the feedback engine finds on each game whose answers the release holds
(feedback/replaying/record.py), so that a student's failure there is explained as the instructor's
grader explains it, though the students' copy holds none of its working searches; those an earlier
release of the same grader found are taken from the cache (release_cache.py).
"""
from autograder.distribution import release_cache
from autograder.feedback.replaying.record import explain_answers


def explained(known):
    """`known` answers with what their explanations need (explain_answers), those an earlier
    release of this grader found taken from the cache."""
    found = release_cache.explanations()
    missing = {key: data for key, data in known.items() if key not in found}
    if missing:
        explain_answers(missing)  # adds to the same dicts `known` holds
    found.update({key: data.get("explained") if isinstance(data, dict) else None
                  for key, data in missing.items()})
    for key, data in known.items():
        if found[key] is not None:
            data["explained"] = found[key]
    if missing:
        release_cache.keep_explanations(found)
    return known
