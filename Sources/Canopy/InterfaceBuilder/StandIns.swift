import Foundation

// UIKit views Canopy has no class for (a switch, a text field, a progress bar) still have the
// intrinsic size they had on the device the file was designed for: the size Xcode saved in
// their frame, in the dimensions where UIKit's class has one. These stand-ins carry it.

/// A view standing in for a UIKit view Canopy lacks, with the intrinsic size it had in the file.
final class StandInView: View {
    private var standInSize = CGSize(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric)

    required init?(coder: Coder) {
        super.init(coder: coder)
        guard coder.attempt({ () throws(ArchiveError) in standInSize = try StandIn.decodeSize(from: coder) }) else { return nil }
    }

    override func encode(with coder: Coder) {
        super.encode(with: coder)
        coder.encode(standInSize, forKey: StandIn.sizeKey)
    }

    override var intrinsicContentSize: CGSize { standInSize }
}

/// A control standing in for a UIKit control Canopy lacks (its actions connect), with the
/// intrinsic size it had in the file.
final class StandInControl: Control {
    private var standInSize = CGSize(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric)

    required init?(coder: Coder) {
        super.init(coder: coder)
        guard coder.attempt({ () throws(ArchiveError) in standInSize = try StandIn.decodeSize(from: coder) }) else { return nil }
    }

    override func encode(with coder: Coder) {
        super.encode(with: coder)
        coder.encode(standInSize, forKey: StandIn.sizeKey)
    }

    override var intrinsicContentSize: CGSize { standInSize }
}

enum StandIn {
    static let sizeKey = "standInIntrinsicSize"

    /// Which dimensions of each UIKit class have an intrinsic size, and the stand-in class.
    static let elements: [String: (className: String, width: Bool, height: Bool)] = [
        "switch": ("StandInControl", true, true), "stepper": ("StandInControl", true, true),
        "segmentedControl": ("StandInControl", true, true), "pageControl": ("StandInControl", true, true),
        "slider": ("StandInControl", false, true), "textField": ("StandInControl", false, true),
        "activityIndicatorView": ("StandInView", true, true), "progressView": ("StandInView", false, true),
        "searchBar": ("StandInView", false, true), "navigationBar": ("StandInView", false, true),
        "toolbar": ("StandInView", false, true), "tabBar": ("StandInView", false, true),
    ]

    static func decodeSize(from coder: Coder) throws(ArchiveError) -> CGSize {
        let size = try coder.decodeIfPresent(CGSize.self, forKey: sizeKey)
            ?? CGSize(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric)
        guard View.isIntrinsicDimension(size.width), View.isIntrinsicDimension(size.height) else {
            throw coder.invalid(sizeKey, "an intrinsic size of \(size)")
        }
        return size
    }
}
