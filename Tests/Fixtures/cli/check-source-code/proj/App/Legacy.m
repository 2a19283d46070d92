#import <UIKit/UIKit.h>

@implementation Legacy
- (void)layOut {
    [self addConstraints:[NSLayoutConstraint constraintsWithVisualFormat:@"H:|-[_title]-[_icon(==44)]-5|"
                                                                 options:0 metrics:nil
                                                                   views:NSDictionaryOfVariableBindings(_title, _icon)]];
}
@end
