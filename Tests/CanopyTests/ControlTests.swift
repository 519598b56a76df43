import Canopy
import Foundation
import Testing

@Suite("Controls track touches and send their events")
struct ControlTests {
    /// A 100×100 control at (100, 100) in a 500×500 window, with every event logged by name.
    private func scene() -> (window: Window, control: Control, log: CallLog) {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 500, height: 500))
        let control = Control(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        window.addSubview(control)
        let log = CallLog()
        let names: [(ControlEvents, String)] = [
            (.touchDown, "down"), (.touchDownRepeat, "downRepeat"), (.touchDragInside, "dragInside"),
            (.touchDragOutside, "dragOutside"), (.touchDragEnter, "enter"), (.touchDragExit, "exit"),
            (.touchUpInside, "upInside"), (.touchUpOutside, "upOutside"), (.touchCancel, "cancel"),
        ]
        for (event, name) in names {
            control.addAction(for: event) { _, _ in log.entries.append(name) }
        }
        return (window, control, log)
    }

    @Test func aTapInsideSendsTouchDownThenTouchUpInside() throws {
        let (window, control, log) = scene()
        try window.sendTouch(.began, at: CGPoint(x: 150, y: 150), time: 0)
        #expect(control.isTracking && control.isHighlighted && control.isTouchInside)
        #expect(control.state == .highlighted)
        try window.sendTouch(.ended, at: CGPoint(x: 150, y: 150), time: 0.1)
        #expect(log.entries == ["down", "upInside"])
        #expect(!control.isTracking && !control.isHighlighted && control.state == .normal)
    }

    @Test func draggingAcrossTheToleranceEdgeExitsAndEnters() throws {
        let (window, control, log) = scene()
        try window.sendTouch(.began, at: CGPoint(x: 150, y: 150), time: 0)
        try window.sendTouch(.moved, at: CGPoint(x: 250, y: 150), time: 0.1)  // 50 outside: within 70
        #expect(control.isTouchInside && control.isHighlighted)
        try window.sendTouch(.moved, at: CGPoint(x: 280, y: 150), time: 0.2)  // 80 outside
        #expect(!control.isTouchInside && !control.isHighlighted && control.isTracking)
        try window.sendTouch(.moved, at: CGPoint(x: 290, y: 150), time: 0.3)
        try window.sendTouch(.moved, at: CGPoint(x: 190, y: 150), time: 0.4)
        try window.sendTouch(.moved, at: CGPoint(x: 300, y: 300), time: 0.5)
        try window.sendTouch(.ended, at: CGPoint(x: 300, y: 300), time: 0.6)
        #expect(
            log.entries == [
                "down", "dragInside", "dragOutside", "exit", "dragOutside", "dragInside", "enter", "dragOutside", "exit",
                "upOutside",
            ])
    }

    @Test func liftingWithinTheToleranceIsInside() throws {
        let (window, _, log) = scene()
        try window.sendTouch(.began, at: CGPoint(x: 150, y: 150), time: 0)
        try window.sendTouch(.ended, at: CGPoint(x: 260, y: 40), time: 0.1)  // 60 right, 60 above
        #expect(log.entries == ["down", "upInside"])
    }

    @Test func aQuickSecondTapRepeatsTouchDown() throws {
        let (window, _, log) = scene()
        try window.sendTouch(.began, at: CGPoint(x: 150, y: 150), time: 0)
        try window.sendTouch(.ended, at: CGPoint(x: 150, y: 150), time: 0.05)
        try window.sendTouch(.began, at: CGPoint(x: 152, y: 150), time: 0.2)
        #expect(log.entries == ["down", "upInside", "down", "downRepeat"])
    }

    @Test func cancellingSendsTouchCancel() throws {
        let (window, control, log) = scene()
        try window.sendTouch(.began, at: CGPoint(x: 150, y: 150), time: 0)
        try window.sendTouch(.cancelled, at: CGPoint(x: 150, y: 150), time: 0.1)
        #expect(log.entries == ["down", "cancel"])
        #expect(!control.isTracking && !control.isHighlighted)
    }

    @Test func aDisabledControlIgnoresTouchesAndDisablingCancels() throws {
        let (window, control, log) = scene()
        control.isEnabled = false
        #expect(control.state == .disabled)
        try window.sendTouch(.began, at: CGPoint(x: 150, y: 150), time: 0)
        try window.sendTouch(.ended, at: CGPoint(x: 150, y: 150), time: 0.1)
        #expect(log.entries.isEmpty)
        control.isEnabled = true
        try window.sendTouch(.began, at: CGPoint(x: 150, y: 150), time: 1)
        control.isEnabled = false
        #expect(log.entries == ["down", "cancel"])
        #expect(!control.isTracking)
    }

    @Test func statesCombineIntoDistinctStates() {
        let control = Control(frame: .zero)
        #expect(Control.State.normal == [])
        control.isSelected = true
        #expect(control.state == .selected)
        control.isHighlighted = true
        #expect(control.state == [.selected, .highlighted] && control.state != .selected)
    }

    @Test func actionsCanBeRemovedAndSentDirectly() {
        let control = Control(frame: .zero)
        var calls = 0
        let id = control.addAction(for: [.valueChanged, .primaryActionTriggered]) { sender, _ in
            #expect(sender === control)
            calls += 1
        }
        control.sendActions(for: .valueChanged)
        control.sendActions(for: .touchDown)
        #expect(calls == 1)
        control.removeAction(id)
        control.sendActions(for: .valueChanged)
        #expect(calls == 1)
    }

    @Test func trackingOverridesAreCalled() throws {
        final class Dial: Control {
            var calls: [String] = []
            override func beginTracking(_ touch: Touch, with event: Event?) -> Bool {
                calls.append("begin")
                return true
            }
            override func continueTracking(_ touch: Touch, with event: Event?) -> Bool {
                calls.append("continue")
                return false  // stop after the first move
            }
            override func endTracking(_ touch: Touch?, with event: Event?) { calls.append("end") }
        }
        let window = Window(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let dial = Dial(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(dial)
        try window.sendTouch(.began, at: CGPoint(x: 50, y: 50), time: 0)
        try window.sendTouch(.moved, at: CGPoint(x: 60, y: 50), time: 0.1)
        try window.sendTouch(.moved, at: CGPoint(x: 70, y: 50), time: 0.2)
        #expect(!dial.isTracking)
        try window.sendTouch(.ended, at: CGPoint(x: 70, y: 50), time: 0.3)
        #expect(dial.calls == ["begin", "continue"])
    }

    @Test func aControlKeepsItsTouchesFromTheChain() throws {
        let log = CallLog()
        let window = Window(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let panel = TouchRecorder("panel", log: log, frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let control = Control(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        window.addSubview(panel)
        panel.addSubview(control)
        try window.sendTouch(.began, at: CGPoint(x: 10, y: 10), time: 0)
        #expect(log.entries.isEmpty)
    }
}
