#import <UIKit/UIKit.h>

// Every Objective-C form: the class method, adjacent literals, C escapes, and the
// dictionaries NSDictionaryOfVariableBindings, @{…} and a local holding one.
@implementation CardView

- (void)layOut {
    UILabel *title = [UILabel new];
    UIButton *_button = [UIButton new];
    NSDictionary *views = NSDictionaryOfVariableBindings(title, _button);
    NSDictionary<NSString *, NSNumber *> *metrics = @{@"pad": @8, @"width": @(120), @"low": @250.0f};
    [self addConstraints:[NSLayoutConstraint constraintsWithVisualFormat:@"H:|-pad-[title]-[_button(width@low)]-|"
                                                                 options:NSLayoutFormatAlignAllTop | NSLayoutFormatAlignAllBottom
                                                                 metrics:metrics
                                                                   views:views]];
    // Adjacent literals; the error is in the second one.
    [NSLayoutConstraint constraintsWithVisualFormat:@"V:|-[title]"
                                                    @"-[buton]-|"
                                            options:0
                                            metrics:nil
                                              views:NSDictionaryOfVariableBindings(title, _button)];
    // A view missing from NSDictionaryOfVariableBindings: a fix adds it.
    [NSLayoutConstraint constraintsWithVisualFormat:@"H:|[title][_button]|" options:kNilOptions metrics:nil
                                              views:NSDictionaryOfVariableBindings(title)];
    // C escapes: \x7C is '|', \174 is '|', \" is '"'; the error is after them.
    [NSLayoutConstraint constraintsWithVisualFormat:@"H:\x7C[title]\174\"" options:0 metrics:nil views:views];
    // A literal dictionary and a plain C string after the @-string.
    [NSLayoutConstraint constraintsWithVisualFormat:@"H:|-(pad)-" "[title]|" options:0 metrics:@{@"pad": @8}
                                              views:@{@"title": title}];
    // Options across the axis.
    [NSLayoutConstraint constraintsWithVisualFormat:@"V:[title][_button]" options:NSLayoutFormatAlignAllCenterY
                                            metrics:nil views:views];
    // Known only at run time: skipped, or names not checked.
    NSString *format = [NSString stringWithFormat:@"H:|-%d-[title]|", 8];
    [NSLayoutConstraint constraintsWithVisualFormat:format options:0 metrics:nil views:views];
    NSMutableDictionary *built = [NSMutableDictionary dictionary];
    [NSLayoutConstraint constraintsWithVisualFormat:@"H:|[anything]|" options:0 metrics:nil views:built];
    /* [NSLayoutConstraint constraintsWithVisualFormat:@"H:[x" options:0 metrics:nil views:views]; */
    // [NSLayoutConstraint constraintsWithVisualFormat:@"H:[y" options:0 metrics:nil views:views];
    char c = '"';
    (void)c;
}

// A category's own method with the same first selector part is no call of UIKit's.
- (NSArray *)constraintsWithVisualFormat:(NSString *)format options:(NSLayoutFormatOptions)options {
    return [self constraintsWithVisualFormat:@"H:[z" options:options];
}

@end

// A local assigned in branches: the dictionary is not known, and nothing is reported.
@implementation Branches
- (void)layOut:(BOOL)compact {
    NSDictionary *views = nil;
    if (compact) {
        views = NSDictionaryOfVariableBindings(_slider);
    } else {
        views = NSDictionaryOfVariableBindings(_slider, _label);
    }
    if (!compact) {
        [NSLayoutConstraint constraintsWithVisualFormat:@"V:|[_label]-[_slider]|" options:0 metrics:nil views:views];
    }
}
@end

// A conditional between two literal formats: each is checked.
@implementation Conditional
- (void)layOut:(BOOL)left {
    NSDictionary *views = NSDictionaryOfVariableBindings(_peg, _hole);
    [NSLayoutConstraint constraintsWithVisualFormat:left ? @"H:|-[_peg]->=0-[_hole]-|" : @"H:|-[_hole]->=0-[_pge]-|"
                                            options:NSLayoutFormatAlignAllCenterY metrics:nil views:views];
    [NSLayoutConstraint constraintsWithVisualFormat:(left ? @"H:|[_peg]|" : @"H:|[_hole]|") options:0 metrics:nil views:views];
}
@end

// A category's method with UIKit's full selector, sent to another receiver: not read.
@implementation Extended
- (void)layOut {
    [self constraintsWithVisualFormat:@"H:|[a(50%)]|" options:0 metrics:nil views:@{@"a": self.a}];
}
@end
