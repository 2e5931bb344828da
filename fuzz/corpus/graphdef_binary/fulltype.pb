™
–
Š
FuncDataset<
xŠ4öN/èoutput_typesoutput_types=
z0Š4öN/èoutput_typesoutput_types"
z0x"›