import Testing

@testable import RetroRacingCore

/// Settings with conditional defaults (GAME.md): what is left to the system follows the screen reader,
/// what the player chose stays; the older file format migrates once; a broken file is reported.
@Suite("Settings")
struct SettingsTests {
    @Test("the system defaults follow the screen reader as it starts and stops; a choice stays")
    func systemDefaultAndChoice() {
        var settings = GameSettings()
        let with = settings.effective(screenReader: true)
        #expect(with.difficulty == .cruise && with.laneCues == .pulses && with.speedWarning == .announcement)
        let without = settings.effective(screenReader: false)
        #expect(without.difficulty == .rapid && without.laneCues == .off && without.speedWarning == .none)

        settings.laneCues = .chosen(.chord)
        settings.speedWarning = .chosen(.sound)
        for screenReader in [true, false, true] {
            let effective = settings.effective(screenReader: screenReader)
            #expect(effective.laneCues == .chord)
            #expect(effective.speedWarning == .sound)
            #expect(effective.difficulty == (screenReader ? .cruise : .rapid))
        }
        // Choosing the system default again is a choice of its own.
        settings.laneCues = .systemDefault
        #expect(settings.effective(screenReader: false).laneCues == .off)
        #expect(settings.effective(screenReader: true).laneCues == .pulses)
        #expect(settings.effective(screenReader: true).speechRate == nil)
    }

    @Test(
        "the sound-effects volume's system default is the narrator's own with a screen reader and 80 % without; a choice stays and is sent"
    )
    func effectsVolume() {
        var settings = GameSettings()
        let with = settings.effective(screenReader: true)
        let without = settings.effective(screenReader: false)
        #expect(with.effectsVolume == nil && without.effectsVolume == 80)
        // The narrator's own is left to the narrator: nothing is sent for it, and a change back resets it.
        #expect(with.voiceSetup == nil)
        #expect(with.effectsVolumeChange == .set(.init(reset: [.effectsVolume])))
        #expect(without.voiceSetup == .set(.init(effectsVolume: 80)))
        settings.effectsVolume = .chosen(60)
        for screenReader in [true, false] {
            let effective = settings.effective(screenReader: screenReader)
            #expect(effective.effectsVolume == 60)
            #expect(effective.effectsVolumeChange == .set(.init(effectsVolume: 60)))
        }
        let text = SettingsFile.text(of: settings)
        #expect(text.contains("\neffects_volume 60\n"))
        #expect(SettingsFile.read(text) == .current(settings))
        #expect(SettingsFile.read("version 1\neffects_volume 201\n") != .current(settings))
    }

    @Test("the file keeps system defaults and choices apart, and reads back what it wrote")
    func roundTrip() {
        var settings = GameSettings()
        settings.difficulty = .chosen(.fast)
        settings.moveCues = .chosen(.both)
        settings.speechRate = .chosen(320)
        let text = SettingsFile.text(of: settings)
        #expect(text.contains("lane_cues system\n"))
        #expect(text.contains("move_cues both\n"))
        #expect(SettingsFile.read(text) == .current(settings))
        #expect(SettingsFile.read(SettingsFile.text(of: GameSettings())) == .current(GameSettings()))
    }

    @Test("the older announcements flag migrates once: on keeps the system default, off chooses none")
    func legacyFlag() {
        guard case .migrated(let on) = SettingsFile.read("announcements on\n") else {
            Issue.record("not migrated")
            return
        }
        #expect(on.speedWarning == .systemDefault)
        #expect(on.effective(screenReader: true).speedWarning == .announcement)
        guard case .migrated(let off) = SettingsFile.read("# old\nannouncements false\ndifficulty cruise\n") else {
            Issue.record("not migrated")
            return
        }
        #expect(off.speedWarning == .chosen(.none))
        #expect(off.difficulty == .chosen(.cruise))
        #expect(off.effective(screenReader: true).speedWarning == .none)
        // Written back in the new format, it reads as current: the migration happens once.
        #expect(SettingsFile.read(SettingsFile.text(of: off)) == .current(off))
    }

    @Test(
        "a broken or unknown file is reported with its line",
        arguments: [
            ("version 1\nlane_cues loud\n", "line 2"), ("version 9\n", "version 9"),
            ("difficulty cruise\n", "no version"),
            ("version 1\nvolume 3\n", "unknown setting"), ("version 1\nspeech_rate 1000\n", "line 2"),
            ("version 1\ndifficulty\n", "line 2"), ("\u{0}\u{1}garbage", "line 1"),
            ("version 1\nannouncements on\n", "older format"),
            ("version 1\ndifficulty fast\ndifficulty rapid\n", "twice"),
        ])
    func broken(text: String, mention: String) {
        guard case .broken(let reason) = SettingsFile.read(text) else {
            Issue.record("\(text.debugDescription) was read")
            return
        }
        #expect(reason.contains(mention), "\(reason)")
    }
}
