extension Double {
  /// The number as the solver's descriptions and dumps write it: without a trailing `.0`,
  /// otherwise in full precision, since a dump must not hide a coefficient of 1e-12.
  ///
  /// Everything a user reads writes numbers with `LayoutSyntax.formatNumber` instead (UIKit's
  /// four decimals); the solver depends on nothing, so it cannot share that function.
  var dumpText: String {
    if self == rounded(), abs(self) < 1e15 { return String(Int64(self)) }
    return "\(self)"
  }
}
