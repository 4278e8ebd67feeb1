/// Speech through libespeak-ng on one owned thread, and the audio sinks it writes to.
public enum NarratorSpeech {}
