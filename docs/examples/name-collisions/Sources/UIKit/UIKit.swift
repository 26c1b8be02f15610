@_exported import Foundation

// A user's own module named UIKit (a shim of their own, say): nothing of WaterfallCheck's may
// bind to it by build order.
extension IndexPath {
    public init(item: Int, section: Int) { self.init(indexes: [section, item]) }
    public var item: Int { self[1] }
    public var section: Int { self[0] }
}

public let userUIKitMarker = "the user's UIKit"
