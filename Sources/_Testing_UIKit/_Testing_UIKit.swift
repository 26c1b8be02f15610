// An empty stand-in for swift-testing's cross-import overlay of UIKit.
//
// The toolchain's Testing module declares cross-import overlays (Testing.swiftcrossimport), among
// them `_Testing_UIKit`, which the compiler imports whenever a file imports both Testing and a
// module named UIKit. The real overlay exists only where Apple's UIKit does; without this module a
// test file here that says `import Testing` and `import UIKit` fails with "no such module
// '_Testing_UIKit'". The real overlay adds attachments of UIKit images, which have no counterpart
// here, so this one declares nothing.
