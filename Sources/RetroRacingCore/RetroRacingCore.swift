/// The RetroRacing game as pure logic: grid, lanes, lives, score, levels, speed warning, phases.
/// No terminal, no clock, no randomness of its own: the caller feeds ticks and a seeded source.
public enum RetroRacingCore {}
