"""An autograder for adversarial search: minimax, alpha-beta, move ordering and the price war."""
