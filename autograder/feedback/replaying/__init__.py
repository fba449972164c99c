"""The live replay engine: working searches that the students' release leaves out, whole."""
