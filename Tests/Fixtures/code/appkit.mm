#import <Cocoa/Cocoa.h>
#include <vector>

// AppKit uses the same selector; '|-' is 20 points from the edge.
@implementation Panel
- (void)awakeFromNib {
    std::vector<int> sizes{1, 2};
    NSDictionary *views = @{@"field": self.field, @"button": self.button};
    [self.contentView addConstraints:[NSLayoutConstraint constraintsWithVisualFormat:@"H:|-[field]-[button]-|"
                                                                             options:NSLayoutFormatAlignAllBaseline
                                                                             metrics:nil
                                                                               views:views]];
}
@end
