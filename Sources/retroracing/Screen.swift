import RetroRacingCore

/// Draws the game in 80x24: a header, the road, a plain status line that a braille display or a
/// terminal screen reader can read, the narration state and the keys. Whole frames are written
/// at once, from the top-left corner, each line cleared to its end: no flicker, no scrolling.
struct Screen {
    var message = ""

    var width = 80

    func frame(
        _ game: RaceGame, narration: String, help: HelpSection?,
        settings: (stored: GameSettings, effective: EffectiveSettings, item: SettingItem)? = nil
    ) -> String {
        var lines: [String] = []
        lines.append(
            "RetroRapid!  Score \(game.score)  Level \(game.level)  Lives \(game.lives)  Speed \(game.difficulty)")
        lines.append("")
        if let help {
            lines += Self.helpLines(help)
        } else if let settings {
            lines += Self.settingsLines(settings.stored, settings.effective, focus: settings.item)
        } else {
            lines += road(game)
        }
        lines.append("")
        lines.append("Status: \(game.status.text)")
        lines.append("Narration: \(narration)")
        if !message.isEmpty { lines.append(message) }
        lines.append("")
        if game.phase == .ready { lines.append("Press space to start.") }
        lines.append("Keys: arrows, h/l, a/d move. Space/p start/pause. ? help. o settings. s status.")
        lines.append("e repeat last. r restart. q quit.")
        // Every line fits the width, so nothing wraps and the layout stays put in an 80x24 pane.
        return "\u{1B}[H" + lines.flatMap { fit($0, width) }.map { $0 + "\u{1B}[K" }.joined(separator: "\r\n")
            + "\u{1B}[J"
    }

    /// Lines of at most `width` characters, breaking long ones at spaces (long notices stay readable).
    func fit(_ line: String, _ width: Int) -> [String] {
        guard line.count > width else { return [line] }
        var lines: [String] = []
        var current = ""
        for word in line.split(separator: " ") {
            if !current.isEmpty && current.count + 1 + word.count > width {
                lines.append(current)
                current = ""
            }
            current += (current.isEmpty ? "" : " ") + String(word.prefix(width))
        }
        return lines + [current]
    }

    private func road(_ game: RaceGame) -> [String] {
        let indent = String(repeating: " ", count: 20)
        let border = indent + "+" + String(repeating: "-------+", count: 3)
        var lines = [border]
        for row in 0..<TrafficGrid.rowCount {
            var cells: [String] = []
            for lane in 0..<TrafficRow.laneCount {
                let isPlayer = row == TrafficGrid.rowCount - 1 && lane == game.lane
                let hasCar = row < TrafficGrid.trafficRowCount && game.traffic.hasCar(row: row, lane: lane)
                cells.append(isPlayer ? (game.isCrashed ? " XXXXX " : "  /^\\  ") : hasCar ? "  [#]  " : "       ")
            }
            let line = indent + "|" + cells.joined(separator: "|") + "|"
            lines += [line, line]
        }
        return lines + [border]
    }

    static func settingsLines(_ stored: GameSettings, _ effective: EffectiveSettings, focus: SettingItem) -> [String] {
        var lines = ["Settings (saved at once):", ""]
        for item in SettingItem.allCases {
            let value = item.value(in: stored)
            let now = item.effective(in: effective)
            let shown =
                value == "system" ? "system default (\(now.isEmpty ? "the narrator's" : now))" : value
            lines.append((item == focus ? "> " : "  ") + item.title + ": " + shown)
        }
        return lines + ["", "Up and down: choose. Left and right: change. o or q: close."]
    }

    static func helpLines(_ section: HelpSection) -> [String] {
        let title = "Help, part \(section.number) of \(HelpSection.allCases.count): "
        let body: [String]
        switch section {
        case .intro:
            body = [
                title + "Introduction", "Three lanes. Move left or right between them.",
                "Move quickly into a safe lane to overtake and avoid crashing.",
            ]
        case .controls:
            body = [
                title + "Controls", "Left and right arrows, h and l, or a and d move.",
                "Space or p starts, pauses and resumes. ? shows this help. o: settings.",
                "s says score, level, lives and lane. e says the last message again.",
                "r restarts. q quits.",
            ]
        case .audioCues:
            body = [
                title + "Audio cues", "Each step, a note for each safe lane ahead:",
                "low (C5) left, middle (E5) middle, high (G5) right; a lower buzz: none safe.",
                "A move plays the new lane's pitch, buzzier. Settings (o) change both.",
            ]
        case .speedWarning:
            body = [
                title + "Speed warning", "Just before the speed rises: spoken, a chirp, both or",
                "nothing, as set in the settings (o). The two rows ahead are clear when it rises.",
            ]
        }
        return body + ["", "Left and right: previous and next part. ? or q: close help."]
    }
}
