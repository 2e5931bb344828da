#!/usr/bin/env python3
"""Runs a command once and prints "<wall seconds> <peak RSS MB>" of it."""
import resource
import subprocess
import sys
import time

start = time.monotonic()
rc = subprocess.call(sys.argv[1:])
wall = time.monotonic() - start
peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
print(f"{wall:.2f} {peak_mb:.0f}")
sys.exit(rc)
