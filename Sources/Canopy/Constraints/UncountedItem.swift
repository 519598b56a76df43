/// A constraint's item read without counting a reference to it. Walks over every constraint of
/// a large tree (collecting a window's system, activating) read two items a constraint, and
/// counting and releasing each read cost more than the rest of such a walk. Valid while the
/// constraint keeps the item: an item clears itself from its constraints as it dies.
struct UncountedItem {
    /// The object's address with whether it is a guide in the low bit (objects are aligned to
    /// 16 bytes): one word, so that a system's list of items takes 8 bytes an item, not 16.
    private let tagged: UnsafeRawPointer

    /// - Precondition: `item` is a view or a layout guide (the only items a constraint takes).
    init(_ item: LayoutItem) {
        let isGuide = type(of: item) == LayoutGuide.self
        precondition(isGuide || item is View, "Canopy: a constraint's item must be a view or a layout guide, not \(item)")
        self.init(object: .passUnretained(item), isGuide: isGuide)
    }

    init(view: View) {
        self.init(object: .passUnretained(view), isGuide: false)
    }

    init(view: Unmanaged<View>) {
        self.init(object: .fromOpaque(view.toOpaque()), isGuide: false)
    }

    init(guide: LayoutGuide) {
        self.init(object: .passUnretained(guide), isGuide: true)
    }

    init(object: Unmanaged<AnyObject>, isGuide: Bool) {
        tagged = UnsafeRawPointer(object.toOpaque()) + (isGuide ? 1 : 0)
    }

    /// The item, not counted.
    var object: Unmanaged<AnyObject> { .fromOpaque(tagged - Int(bitPattern: UInt(bitPattern: tagged) & 1)) }

    /// Whether the item is a layout guide (else it is a view).
    var isGuide: Bool { UInt(bitPattern: tagged) & 1 != 0 }

    /// The item's identity (an object identifier is the object's address, which the handle
    /// holds: made from it without counting a reference).
    var identity: ObjectIdentifier { unsafeBitCast(object.toOpaque(), to: ObjectIdentifier.self) }

    /// The item's place in its window's latest system (see `LayoutItem.engineItem`).
    var engineItem: Int32 {
        get {
            object._withUnsafeGuaranteedRef {
                isGuide ? unsafeDowncast($0, to: LayoutGuide.self).engineItem : unsafeDowncast($0, to: View.self).engineItem
            }
        }
        nonmutating set {
            object._withUnsafeGuaranteedRef {
                if isGuide {
                    unsafeDowncast($0, to: LayoutGuide.self).engineItem = newValue
                } else {
                    unsafeDowncast($0, to: View.self).engineItem = newValue
                }
            }
        }
    }

    /// The view the item belongs to (a guide's owning view), uncounted.
    var owningViewHandle: Unmanaged<View>? {
        guard isGuide else { return .fromOpaque(object.toOpaque()) }
        return object._withUnsafeGuaranteedRef {
            unsafeDowncast($0, to: LayoutGuide.self).owningView.map { .passUnretained($0) }
        }
    }

    /// The item, counted.
    var item: LayoutItem {
        let object = object.takeUnretainedValue()
        return isGuide ? unsafeDowncast(object, to: LayoutGuide.self) : unsafeDowncast(object, to: View.self)
    }
}
