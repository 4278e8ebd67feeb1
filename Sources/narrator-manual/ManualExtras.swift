/// The sections of a page that the argument parser does not describe: the files a tool reads and
/// writes, the environment it takes, how it exits, and where to read on. Kept beside the code that
/// decides them (`DaemonSocket`, `ProfileCatalog`, `LintInputs`, `SettingsStore`, `GameData`).
struct ManualExtras {
    /// A term and what it means, as one item of a section.
    typealias Item = (term: String, text: String)

    var files: [Item] = []
    var environment: [Item] = []
    var exitStatus: [Item] = []
    var seeAlso: String = ""

    func render() -> [String] {
        var lines: [String] = []
        for (heading, items) in [("FILES", files), ("ENVIRONMENT", environment), ("EXIT STATUS", exitStatus)]
        where !items.isEmpty {
            lines.append(".SH \(Roff.quoted(heading))")
            for item in items {
                lines += [".TP", Roff.bold(item.term)] + ManualPage.text(item.text, in: .item)
            }
        }
        if !seeAlso.isEmpty { lines += [".SH \"SEE ALSO\""] + ManualPage.text(seeAlso) }
        return lines
    }

    /// The extras of the tool named `name`, for an install under `prefix` (none for other tools).
    static func of(_ name: String, prefix: String) -> ManualExtras {
        switch name {
        case "narrator": narrator(prefix: prefix)
        case "retroracing": retroracing(prefix: prefix)
        default: ManualExtras()
        }
    }

    static func narrator(prefix: String) -> ManualExtras {
        ManualExtras(
            files: [
                (
                    "$XDG_RUNTIME_DIR/narrator/narrator.sock",
                    "The daemon's socket, in a folder only its user may enter (0700; the socket is 0600). Without "
                        + "$XDG_RUNTIME_DIR it is /tmp/narrator-UID/narrator.sock."
                ),
                (
                    "$XDG_CONFIG_HOME/narrator/config",
                    "The player's own speech settings (default ~/.config/narrator/config): `name value` lines and # "
                        + "comments for locale, rate, pitch, volume, effects_volume, output, spoken_notices, ssip, wine, "
                        + "latency_warn_ms, screen_reader and voice.LANGUAGE. `narrator serve` reads it at start and on SIGHUP, its options override it for "
                        + "one run; `narrator say` and `narrator play` read it too; `narrator config` shows and edits it "
                        + "(CONFIG.md)."
                ),
                (
                    "$XDG_DATA_HOME/narrator/profiles/",
                    "This user's profiles, a folder each, named after the profile (default "
                        + "~/.local/share/narrator/profiles/)."
                ),
                (
                    "DIR/narrator/profiles/",
                    "Profiles for every user, under each DIR of $XDG_DATA_DIRS (default /usr/local/share and "
                        + "/usr/share), looked at after the user's own."
                ),
                (
                    "\(prefix)/share/narrator/Localization/",
                    "The shipped profiles (retroracing: its tables, events.json and sounds.json), looked at last, "
                        + "and the daemon's own table (narrator/Narrator.xcstrings). narrator finds this folder as "
                        + "../share/narrator/Localization from its own folder; a Localization folder in the working "
                        + "folder, or in the source checkout the executable was built in, is taken instead."
                ),
                (
                    "\(prefix)/share/systemd/user/narrator.socket",
                    "The systemd user units that start the daemon on the first connection to its socket, with "
                        + "narrator.service beside it: `systemctl --user enable --now narrator.socket`."
                ),
                (
                    "\(prefix)/share/doc/narrator/",
                    "The documentation: CONFIG.md (the speech settings), PROTOCOL.md (the socket's requests and "
                        + "replies), EVENTS.md (event maps), "
                        + "LOCALIZATION.md (tables and lint), SOUNDS.md (sound books), PRIORITIES.md, SPEECH.md."
                ),
            ],
            environment: [
                ("XDG_RUNTIME_DIR", "The folder of the daemon's socket."),
                (
                    "XDG_DATA_HOME, XDG_DATA_DIRS",
                    "Where profiles are found; relative paths in them are ignored, as the XDG base directory "
                        + "specification says."
                ),
                ("XDG_CONFIG_HOME", "The folder of the settings file."),
                ("HOME", "The default of $XDG_DATA_HOME and $XDG_CONFIG_HOME."),
                (
                    "PULSE_SERVER",
                    "The PulseAudio server (or PipeWire's pulse server) that --output auto and --output pulse play "
                        + "through, as for any PulseAudio client."
                ),
                ("SPEECHD_ADDRESS", "The speech-dispatcher that `narrator serve --speech speechd` speaks through."),
                ("ESPEAK_DATA_PATH", "The folder holding espeak-ng-data, when --espeak-data is not given."),
                (
                    "LISTEN_PID, LISTEN_FDS",
                    "Set by systemd's socket activation: `narrator serve` serves on the socket systemd passes "
                        + "instead of binding its own."
                ),
                ("NOTIFY_SOCKET", "Where `narrator serve` tells systemd READY=1 once it listens, and STOPPING=1."),
            ],
            exitStatus: [
                ("0", "Success."),
                (
                    "1",
                    "The command failed: the daemon answered with an error or not at all (send, stop, pause, "
                        + "resume, status, monitor, history), a table, "
                        + "event map or sound book has errors (lint), nothing could be heard (say, play, lint "
                        + "--speak), or the daemon could not start (serve)."
                ),
                (
                    "2",
                    "lint could not find or read what it was given to check, or send --wait gave up at --timeout "
                        + "before every announcement ended (standard error names those that had not)."
                ),
                ("64", "The command line is wrong: an unknown option or a value out of range."),
            ],
            seeAlso: "retroracing(1), espeak-ng(1), spd-conf(1), systemctl(1), systemd.socket(5); the documents in "
                + "\(prefix)/share/doc/narrator/."
        )
    }

    static func retroracing(prefix: String) -> ManualExtras {
        ManualExtras(
            files: [
                (
                    "$XDG_CONFIG_HOME/retroracing/settings",
                    "The settings chosen on the settings screen (default ~/.config/retroracing/settings). An older "
                        + "file is migrated once; a broken one is reported and replaced by the defaults."
                ),
                (
                    "$XDG_DATA_HOME/retroracing/best-scores",
                    "The best score at each difficulty (default ~/.local/share/retroracing/best-scores)."
                ),
                (
                    "$XDG_DATA_HOME/retroracing/help-narrated",
                    "There once the help has been read aloud, which happens the first time narration is on."
                ),
                (
                    "$XDG_RUNTIME_DIR/narrator/narrator.sock",
                    "The narrator's socket, which the game connects to (--socket)."
                ),
            ],
            environment: [
                ("XDG_CONFIG_HOME, XDG_DATA_HOME", "Where the settings and the best scores are kept."),
                ("HOME", "The default of both."),
                ("XDG_RUNTIME_DIR", "The folder of the narrator's socket."),
                (
                    "PATH",
                    "Where gsettings is looked for, to read GNOME's screen-reader setting (--screen-reader auto)."
                ),
            ],
            exitStatus: [
                ("0", "The game was quit."),
                ("64", "The command line is wrong: an unknown option or a value out of range."),
            ],
            seeAlso: "narrator(1); \(prefix)/share/doc/narrator/README.md, the game's keys and settings."
        )
    }
}
