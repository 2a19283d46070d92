"""Lines of every kind of statement, shared by the grammar checks."""

SAMPLES = [
    "# A comment",
    "canvas iPhoneX 375x812 safe (44, 0, 34, 0)",
    "direction both; spacing 8 margins",
    "metric bar = 47",
    "view Board {",
    "  label Title intrinsic 120x- hug 251/252 resist 750",
    "image Photo intrinsic -x21 insets (0, 0, 6, 6) frame (20 40; 126 126) transform rotate 15",
    "widthToggle: Board.width == 0.5 * super.width + 10 @high - 1",
    "Title.top == super.safeArea.top + pad",
    "Cover.height >= Cover.width * 9/16 @required",
    "H:|-[button]-8-[label(>=50@750)]-|",
    "V:|-pad-[title]-(>=8,<=20@high)-[b(==a)]-(-5)-|",
    "H: [a]->=12-[b]",
    "H:[a]-[b]-[c] alignAllCenterY alignAllTop # centred",
    "V:|[a]|; H:|[a]|",
    '"H:|-side-[UserLabel]-[User]-side-|" options: [.alignAllTop, .alignAllBottom]',
    'H:"[a] - [b]" NSLayoutFormatAlignAllTop | NSLayoutConstraint.FormatOptions.alignAllBottom',
    '"H:[Badge]-(>=8)-|" directionLeftToRight',
    "}",
]
