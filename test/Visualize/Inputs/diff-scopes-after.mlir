tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %ctl = NoOp name("mixed/kept")
  %ctl_0 = NoOp name("mixed/came")
  %ctl_1 = NoOp name("new/x")
  %ctl_2 = NoOp name("new/y")
}
