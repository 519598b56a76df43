import Foundation

/// Edits in place: a window's system is kept between solves, and a change that leaves its
/// shape alone (a constant, a priority, a frame, an intrinsic size, the window's size) rewrites
/// only the rows it touches, instead of collecting the whole tree again.
extension LayoutSystem {
    /// The place of `view` among the items, if this system recorded it there.
    func recordedIndex(of view: View) -> Int? { recordedIndex(view.engineItem, of: view) }

    /// The row of `constraint`, if this system recorded it there.
    func recordedRow(of constraint: LayoutConstraint) -> Int? {
        let row = Int(constraint.engineRow)
        guard rows.indices.contains(row), self.constraint(ofRow: row, makingRecords: false) === constraint
        else { return nil }
        return row
    }

    /// Brings the system up to date with views whose frame, mask, intrinsic size or content
    /// priorities changed and constraints whose constant or priority changed: a view's rules
    /// and its autoresizing subviews' (which are measured in its bounds) are rebuilt, and its
    /// reference values follow its frame. Rows that read the frame of a view without variables
    /// are read again whatever changed. Every other variable's reference stays where the
    /// latest solve put it.
    /// - Returns: The items of the edited views, or `nil` when an edit changes the system's
    ///   shape (rows appear or vanish, a row names other variables) and the system must be
    ///   collected again; the system is then partly updated and must be dropped.
    mutating func refresh(views: [View], constraints: [LayoutConstraint]) -> [Int]? {
        var edited: [Int] = []
        defer { windowOrigins = ContentOrigins() }
        for view in views {
            guard let index = recordedIndex(of: view) else { return nil }
            edited.append(index)
            noteEditedFrame(ofItem: index, windowOrigins.layoutRect(of: view))
            guard refreshRules(ofItem: index) else { return nil }
            for subview in view.subviews where subview.translatesAutoresizingMaskIntoConstraints {
                guard let child = recordedIndex(of: subview) else { continue }
                guard refreshRules(ofItem: child) else { return nil }
            }
        }
        for constraint in constraints {
            guard let row = recordedRow(of: constraint), refreshRow(row) else { return nil }
        }
        for row in frameDependentRows + textDependentRows {
            guard refreshRow(row) else { return nil }
        }
        return edited
    }

    /// Rebuilds a constraint's row.
    private mutating func refreshRow(_ row: Int) -> Bool {
        var fresh = LayoutSystem(itemsOf: self)
        if let constraint = self.constraint(ofRow: row, makingRecords: false) {
            fresh.addRow(for: constraint)
        } else if case .tableRecord(let place) = origins[row], let table {
            fresh.addRow(forRecord: Int(place), of: table)
        } else {
            return false
        }
        return overwriteRows(from: row, count: 1, with: fresh)
    }

    private mutating func refreshRules(ofItem index: Int) -> Bool {
        var fresh = LayoutSystem(itemsOf: self)
        fresh.addRules(index)
        let start = Int(ruleRowStart[index])
        return overwriteRows(from: start, count: Int(ruleRowStart[index + 1]) - start, with: fresh)
    }
}
