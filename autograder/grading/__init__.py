"""The trusted side's materials: the games drawn, the reference's answers and a result's stamp."""
