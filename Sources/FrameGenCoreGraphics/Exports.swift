// Core Graphics' geometry types on Linux are Foundation's (CGFloat, CGPoint, CGSize, CGRect), so
// `import CoreGraphics` brings Foundation, as it brings those types on iOS.
@_exported import Foundation
