# -*- Python -*-
# Runs every GoogleTest binary under <build>/unittests as part of check-tfg.

import os

import lit.formats

config.name = "TFG-Unit"
config.suffixes = []
config.test_exec_root = os.path.join(config.tfg_obj_root, "unittests")
config.test_source_root = config.test_exec_root
config.test_format = lit.formats.GoogleTest(".", "Tests")
