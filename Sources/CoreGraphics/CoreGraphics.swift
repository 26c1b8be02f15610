// A stand-in for Apple's CoreGraphics module on Linux, where CGFloat, CGPoint, CGSize and CGRect
// come from swift-corelibs-foundation. It exists so that a layout written for iOS that says
// `import CoreGraphics` (zenangst/Blueprints does) compiles unchanged. Package.swift declares this
// target only on Linux: on Apple platforms the real framework must not be shadowed.
@_exported import Foundation
