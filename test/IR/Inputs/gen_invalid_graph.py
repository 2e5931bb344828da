# Writes a graph of N nodes in which node BAD has an empty name; the
# expected diagnostic is attached to it.
import sys

n, bad = int(sys.argv[1]), int(sys.argv[2])
print("tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {")
print('  %p, %ctl = Placeholder name("p") {dtype = f32} : () -> (tensor<f32>)')
for i in range(n):
    name = "" if i == bad else "n%d" % i
    if i == bad:
        print("  // expected-error@+1 {{requires a non-empty name}}")
    print('  %%n%d, %%ctl_%d = Neg(%%p) name("%s") {T = f32} : '
          "(tensor<f32>) -> (tensor<f32>)" % (i, i, name))
print("}")
