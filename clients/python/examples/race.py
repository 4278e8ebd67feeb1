#!/usr/bin/env python3
"""A tiny race told by the narrator: start the daemon with `scripts/run` in one terminal, then

    python3 clients/python/examples/race.py

in another (from the checkout, or anywhere after `pip install`). Each step the car moves and scores;
now and then it crashes; the game ends when no lives are left, and waits until the summary has been
spoken. Ctrl-C stops it and silences what it queued.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

try:
    import narrator_client
except ImportError:  # run from the checkout without installing
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src"))
    import narrator_client

from narrator_client import Narrator, NarratorError


def main() -> int:
    parser = argparse.ArgumentParser(description="A short narrated race against the narrator daemon.")
    parser.add_argument("--socket", help=f"the daemon's socket (default: {narrator_client.default_socket_path()})")
    parser.add_argument("--seed", type=int, help="the same seed gives the same race")
    parser.add_argument("--step", type=float, default=0.8, help="seconds between steps (default: 0.8)")
    arguments = parser.parse_args()
    chance = random.Random(arguments.seed)

    try:
        narrator = Narrator(arguments.socket, client="Python race", profile="retroracing", subscribe=True)
    except (ConnectionError, PermissionError) as error:
        print(f"race.py: {error}", file=sys.stderr)
        return 1
    with narrator:
        try:
            return race(narrator, chance, arguments.step)
        except KeyboardInterrupt:
            narrator.event("finished")  # the profile's rule for a game that quits: cancel its speech
            return 130


def race(narrator: Narrator, chance: random.Random, step: float) -> int:
    lives, score, lane, level = 3, 0, 1, 1
    show(narrator.event("started", difficulty="cruise"))
    while lives > 0:
        time.sleep(step)  # the game's own pace, not a wait for the narrator
        lane = max(0, min(2, lane + chance.choice((-1, 0, 1))))
        narrator.event("moved", lane=lane, safe=True)
        score += 10
        show(narrator.event("score_changed", score=score))
        if score % 50 == 0:
            level += 1
            show(narrator.event("level_up", level=level))
        if chance.random() < 0.2:
            lives -= 1
            show(narrator.event("collision", lives=lives))
        # What happened to earlier announcements, without blocking the loop.
        while (notification := narrator.next_notification(timeout=0)) is not None:
            if notification.ends:
                print(f"  #{notification.id} {notification.event}: {notification.text}")
    try:
        summary = narrator.event(
            "game_over", score=score, best=score, previous_best=0, new_record=True, difficulty="cruise"
        )
    except NarratorError as error:
        print(f"race.py: the narrator refused the summary: {error}", file=sys.stderr)
        return 1
    show(summary)
    outcome = narrator.wait(summary, timeout=60)
    print(f"  #{outcome.id} {outcome.event}: {outcome.text}")
    return 0 if outcome.event == "finished" else 1


def show(reply: narrator_client.Reply) -> None:
    if reply.id is not None:
        print(f"#{reply.id} {reply['priority']}: {reply.text}")


if __name__ == "__main__":
    sys.exit(main())
