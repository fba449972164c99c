"""The course's price war: NovaMarket sets a TV's weekly price, a competitor responds.

Payoffs are weekly margins in thousands of euros. Minimax on `OUR_MARGIN` guarantees a floor of 5
with `baixar_5`; a competitor who maximises `THEIR_MARGIN` answers `baixar_5` with `b5_comp_iguala`,
which leaves us 8, and `baixar_5` is still our best option.
"""

PRICE_WAR_TREE = {
    "inici": ["mantenir", "baixar_5", "baixar_10"],
    "mantenir": ["m_comp_mante", "m_comp_baixa5", "m_comp_baixa10"],
    "baixar_5": ["b5_comp_mante", "b5_comp_iguala", "b5_comp_baixa10"],
    "baixar_10": ["b10_comp_mante", "b10_comp_iguala", "b10_comp_baixa15"],
}
OUR_MARGIN = {
    "m_comp_mante": 12, "m_comp_baixa5": 6, "m_comp_baixa10": 3,
    "b5_comp_mante": 14, "b5_comp_iguala": 8, "b5_comp_baixa10": 5,
    "b10_comp_mante": 13, "b10_comp_iguala": 6, "b10_comp_baixa15": 4,
}
THEIR_MARGIN = {
    "m_comp_mante": 10, "m_comp_baixa5": 11, "m_comp_baixa10": 9,
    "b5_comp_mante": 7, "b5_comp_iguala": 9, "b5_comp_baixa10": 6,
    "b10_comp_mante": 5, "b10_comp_iguala": 7, "b10_comp_baixa15": 4,
}
