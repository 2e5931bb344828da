tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %ctl = NoOp name("mixed/kept")
  %ctl_0 = NoOp name("mixed/gone")
  %ctl_1 = NoOp name("old/x")
  %ctl_2 = NoOp name("old/y")
}
