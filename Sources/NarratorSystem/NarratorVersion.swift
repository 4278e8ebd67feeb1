/// The version of Narrator, in one place: `--version` of every executable and the daemon's `status`
/// report this string.
public enum NarratorVersion {
    public static let string = "0.5.0"
}
