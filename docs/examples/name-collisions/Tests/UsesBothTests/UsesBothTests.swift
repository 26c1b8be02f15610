import Foundation
import Testing
import UsesBoth
import WaterfallCheckTesting
import WaterfallLayout

@Test func bothSidesLinkAndAgree() throws {
    let (insets, layout, input) = oneColumn([10, 20])
    #expect(insets == EdgeInsets())
    let mine = layout.frames(heights: [10, 20], width: 100)
    let reference = try ReferenceLayout.layout(input)
    #expect(mine[IndexPath(item: 1, section: 0)] == reference.sections[0].items[1])
}
