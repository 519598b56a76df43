import Canopy
import Foundation
import Testing

// Examples from "iOS custom views" (the view life cycle, the layout and constraint cycle, a
// custom view written in code), ported from UIKit to Canopy.

// MARK: - The basic life cycle

@Suite("Custom views: the life cycle runs init, updateConstraints, then layoutSubviews")
struct CustomViewLifecycleOrderExamples {
    /// A view that logs the life-cycle calls the article lists, laid out with Auto Layout (its
    /// constraints are added right after its subview, in the initializer).
    final class LoggingView: View {
        private(set) var log: [String] = []
        let content = View()

        override init(frame: CGRect) {
            super.init(frame: frame)
            log.append("init(frame:)")
            content.translatesAutoresizingMaskIntoConstraints = false
            addSubview(content)
            LayoutConstraint.activate([
                content.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 10),
                content.topAnchor.constraint(equalTo: topAnchor, constant: 10),
                content.widthAnchor.constraint(equalToConstant: 50),
                content.heightAnchor.constraint(equalToConstant: 20),
            ])
        }

        required init?(coder: Coder) { return nil }  // not archived

        override func updateConstraints() {
            log.append("updateConstraints()")
            super.updateConstraints()
        }

        override func layoutSubviews() {
            super.layoutSubviews()
            log.append("layoutSubviews()")
        }
    }

    // From "iOS custom views", section "Basic life cycle" (init(frame:) -> updateConstraints()
    // (with Auto Layout) -> layoutSubviews(), called once or more; drawing is not exercised).
    @Test("A view made in code is initialized, then updates its constraints, then lays out its subviews")
    func lifeCycleOrder() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let view = LoggingView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        #expect(view.log == ["init(frame:)"])
        window.addSubview(view)
        let report = window.runUpdateCycle()

        #expect(report.problems.isEmpty)
        #expect(view.log.first == "init(frame:)")
        #expect(view.log.filter { $0 == "init(frame:)" }.count == 1)
        #expect(view.log.filter { $0 == "updateConstraints()" }.count == 1)
        #expect(view.log.filter { $0 == "layoutSubviews()" }.count >= 1)
        let update = view.log.firstIndex(of: "updateConstraints()")
        let layout = view.log.firstIndex(of: "layoutSubviews()")
        #expect(update != nil && layout != nil && update! < layout!)
        #expect(view.content.frame == CGRect(x: 10, y: 10, width: 50, height: 20))
    }
}

// MARK: - The layout and constraint cycle

@Suite("Custom views: the layout and constraint cycle")
struct LayoutConstraintCycleExamples {
    /// A view whose constraint is added with its subview and whose constant is only modified
    /// in `updateConstraints()`, which calls `super` last.
    final class ExpandableView: View {
        let content = View()
        private var heightConstraint: LayoutConstraint!
        var isExpanded = false {
            didSet { setNeedsUpdateConstraints() }
        }

        override init(frame: CGRect) {
            super.init(frame: frame)
            content.translatesAutoresizingMaskIntoConstraints = false
            addSubview(content)
            heightConstraint = content.heightAnchor.constraint(equalToConstant: 50)
            LayoutConstraint.activate([
                content.leadingAnchor.constraint(equalTo: leadingAnchor),
                content.trailingAnchor.constraint(equalTo: trailingAnchor),
                content.topAnchor.constraint(equalTo: topAnchor),
                heightConstraint,
            ])
        }

        required init?(coder: Coder) { return nil }  // not archived

        override func updateConstraints() {
            heightConstraint.constant = isExpanded ? 200 : 50
            super.updateConstraints()  // always last
        }
    }

    // From "iOS custom views", section "Layout and constraint cycle" (point 2: add constraints
    // right after adding the subviews and only modify constant values in updateConstraints();
    // key point: an updateConstraints() override must call super.updateConstraints() last).
    @Test("updateConstraints() modifies a constant and calls super last: the layout follows and no problem is reported")
    func updateConstraintsModifiesConstants() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let view = ExpandableView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        window.addSubview(view)
        var report = window.runUpdateCycle()
        #expect(report.problems.isEmpty)
        #expect(view.content.frame == CGRect(x: 0, y: 0, width: 300, height: 50))

        view.isExpanded = true
        #expect(view.needsUpdateConstraints)
        report = window.runUpdateCycle()
        #expect(report.problems.isEmpty)
        #expect(view.content.frame == CGRect(x: 0, y: 0, width: 300, height: 200))
    }

    /// An override that forgets `super.updateConstraints()`.
    final class ForgetfulView: View {
        override init(frame: CGRect) {
            super.init(frame: frame)
            setNeedsUpdateConstraints()
        }

        required init?(coder: Coder) { return nil }  // not archived

        override func updateConstraints() {
            // super.updateConstraints() is missing
        }
    }

    // From "iOS custom views", section "Layout and constraint cycle" (key point: an
    // updateConstraints() override must call super.updateConstraints(); UIKit raises when it
    // does not, Canopy's update cycle reports it).
    @Test("An updateConstraints() override that does not call super is reported")
    func updateConstraintsWithoutSuperIsReported() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.addSubview(ForgetfulView(frame: CGRect(x: 0, y: 0, width: 100, height: 100)))
        let report = window.runUpdateCycle()
        #expect(report.problems.contains { problem in
            if case .updateConstraintsDidNotCallSuper = problem { return true }
            return false
        })
    }

    /// A view that changes its subview's width constraint during `layoutSubviews()`, a given
    /// number of times.
    final class ChangingInLayoutView: View {
        let child = View()
        private(set) var widthConstraint: LayoutConstraint!
        var changesLeft: Int

        init(frame: CGRect, changes: Int) {
            changesLeft = changes
            super.init(frame: frame)
            child.translatesAutoresizingMaskIntoConstraints = false
            addSubview(child)
            widthConstraint = child.widthAnchor.constraint(equalToConstant: 50)
            LayoutConstraint.activate([
                child.leftAnchor.constraint(equalTo: leftAnchor),
                child.topAnchor.constraint(equalTo: topAnchor),
                child.heightAnchor.constraint(equalToConstant: 20),
                widthConstraint,
            ])
        }

        required init?(coder: Coder) { return nil }  // not archived

        override func layoutSubviews() {
            super.layoutSubviews()
            if changesLeft > 0 {
                changesLeft -= 1
                widthConstraint.constant += 10
            }
        }
    }

    // From "iOS custom views", section "Layout and constraint cycle" (point 3: the steps
    // updateConstraints -> layoutSubviews -> draw are not one-way; changing a constraint during
    // layout starts a new iteration).
    @Test("Changing a constraint during layout starts a new round, which lays out with the new value")
    func aConstraintChangedDuringLayoutStartsANewRound() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let view = ChangingInLayoutView(frame: CGRect(x: 0, y: 0, width: 200, height: 100), changes: 1)
        window.addSubview(view)
        let report = window.runUpdateCycle()
        #expect(report.didSettle)
        #expect(report.rounds >= 2)
        #expect(view.widthConstraint.constant == 60)
        #expect(view.child.frame == CGRect(x: 0, y: 0, width: 60, height: 20))
    }

    // From "iOS custom views", section "Layout and constraint cycle" (point 3: a layout that
    // changes a constraint every time never ends; avoid such an endless loop).
    @Test("A layoutSubviews() that changes a constraint every time does not settle, and the cycle says so")
    func aConstraintChangedInEveryLayoutNeverSettles() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let view = ChangingInLayoutView(frame: CGRect(x: 0, y: 0, width: 200, height: 100), changes: Int.max)
        window.addSubview(view)
        let report = window.runUpdateCycle()
        #expect(!report.didSettle)
        #expect(report.problems.contains { problem in
            if case .didNotSettle = problem { return true }
            return false
        })
    }
}

// MARK: - A custom view written in code

@Suite("Custom views: a view written in code (MyViewA) lays out an image above a label")
struct MyViewAExamples {
    // The article's MyViewA is in NibExamples.swift, with its init?(coder:) for xib files.

    // From "iOS custom views", section "Custom view in pure code" (steps 1–2: override the
    // initializer and configure the subviews in a common init method).
    @Test("commonInit adds the image view and the configured label")
    func commonInitConfiguresTheSubviews() {
        let view = MyViewA(frame: CGRect(x: 0, y: 0, width: 120, height: 100))
        #expect(view.subviews.count == 2)
        #expect(view.subviews[0] === view.imageView && view.subviews[1] === view.label)
        #expect(view.label.textAlignment == .center)
        #expect(view.label.font.pointSize == 14)
        #expect(view.label.textColor == .green)

        // View() goes through init(frame:), so it is configured the same way.
        let plain = MyViewA()
        #expect(plain.subviews.count == 2 && plain.label.font.pointSize == 14)
    }

    // From "iOS custom views", section "Custom view in pure code" (step 3: layoutSubviews
    // centers a 60×60 image 8 points from the top and puts a 17-point-high label at
    // y = 60 + 8 + 8 = 76, 8 points below it, as wide as the view).
    @Test("layoutSubviews centers the image and places the label below it, following the width")
    func layoutSubviewsPlacesImageAndLabel() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let view = MyViewA(frame: CGRect(x: 20, y: 40, width: 120, height: 100))
        window.addSubview(view)
        window.runUpdateCycle()
        #expect(view.imageView.frame == CGRect(x: 30, y: 8, width: 60, height: 60))  // (120 - 60) / 2
        #expect(view.label.frame == CGRect(x: 0, y: 76, width: 120, height: 17))  // 60 + 8 + 8

        // The frame set later (or changed) is followed at the next layout.
        view.frame = CGRect(x: 20, y: 40, width: 200, height: 100)
        window.runUpdateCycle()
        #expect(view.imageView.frame == CGRect(x: 70, y: 8, width: 60, height: 60))
        #expect(view.label.frame == CGRect(x: 0, y: 76, width: 200, height: 17))
    }
}
