
#
AddAddinput0input1*
T0
"
input0Placeholder*
dtype0
"
input1Placeholder*
dtype0"