struct Plain {
  var name = "no formats here"
}
