// Canopy's API speaks Foundation's geometry types; re-exporting them lets `import Canopy`
// alone bring them into scope, as `import UIKit` does, without exporting all of Foundation.
@_exported import struct Foundation.CGFloat
@_exported import struct Foundation.CGPoint
@_exported import struct Foundation.CGRect
@_exported import struct Foundation.CGSize
