#!/usr/bin/env python3
"""One ranked game over the ladder's HTTP protocol, with Python's standard library alone.

Written from docs/protocol.md: sign in, queue, heartbeat while queued, pass the ready check, report the
result, and print the rating change. Every step prints one JSON line, so a program (or a test) can follow it.

    python3 ladder.py --functions http://127.0.0.1:5001/demo-ladder/us-central1 \\
        --identity http://127.0.0.1:9099 --api-key demo-api-key --name Ann --mode 1v1 --result win

`--name` signs in with the emulators' `dev` login; without it the player signs up anonymously.
"""

import argparse
import json
import sys
import time
import urllib.error
import urllib.request

POLL_MS = 20_000  # under the 25 000 the server allows, and under a mini-game's 60 s request limit


class CallError(Exception):
    """A refusal: `code` is the callable error code in lower case with dashes (`invalid-argument`)."""

    def __init__(self, code, message):
        super().__init__(f"{code}: {message}")
        self.code = code


TRACE = False  # --trace: every exchange to stderr, as docs/protocol.md's transcript shows them


def post_json(url, body, headers=None, timeout=60):
    """POSTs JSON; returns (HTTP status, parsed body). An HTTP error status is an answer too."""
    status, answer = exchange(url, body, headers, timeout)
    if TRACE:
        print(json.dumps({"url": url.split("?")[0], "sent": body, "status": status, "got": answer}), file=sys.stderr)
    return status, answer


def exchange(url, body, headers, timeout):
    request = urllib.request.Request(
        url,
        data=json.dumps(body).encode("utf-8"),
        headers={"Content-Type": "application/json", **(headers or {})},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, json.loads(response.read() or b"{}")
    except urllib.error.HTTPError as error:
        text = error.read()
        try:
            return error.code, json.loads(text or b"{}")
        except ValueError:
            return error.code, {"error": {"status": "UNAVAILABLE", "message": f"HTTP {error.code}"}}


class Player:
    def __init__(self, functions, identity, api_key):
        self.functions = functions.rstrip("/")
        self.identity = identity.rstrip("/")
        self.api_key = api_key
        self.id_token = ""
        self.uid = ""
        self.version = 0
        self.view = None
        self.following = None  # {"mode": pool, "id": ticketId}: the ticket is followed by name

    def call(self, name, data=None):
        """Calls a callable: {"data": ...} out, {"result": ...} or {"error": {"status", "message"}} back."""
        headers = {"Authorization": f"Bearer {self.id_token}"} if self.id_token else {}
        status, body = post_json(f"{self.functions}/ladder-{name}", {"data": data or {}}, headers)
        if status != 200:
            error = body.get("error") or {}
            code = str(error.get("status", "UNKNOWN")).lower().replace("_", "-")
            raise CallError(code, error.get("message", f"HTTP {status}"))
        return body["result"]

    def sign_in(self, name=None):
        """The `dev` login (emulators) for a name, then Auth's REST API; anonymous sign-up without a name."""
        auth = f"{self.identity}/identitytoolkit.googleapis.com/v1/accounts"
        if name:
            login = self.call("login", {"provider": "dev", "name": name})
            status, body = post_json(
                f"{auth}:signInWithCustomToken?key={self.api_key}",
                {"token": login["token"], "returnSecureToken": True},
            )
            self.uid = login["uid"]
        else:
            status, body = post_json(f"{auth}:signUp?key={self.api_key}", {"returnSecureToken": True})
            self.uid = body.get("localId", "")
        if status != 200:
            raise CallError("unauthenticated", body.get("error", {}).get("message", f"HTTP {status}"))
        self.id_token = body["idToken"]

    def poll(self, wait_ms):
        """The next view newer than the last one seen, or the same one after wait_ms."""
        request = {"sinceVersion": self.version, "waitMs": wait_ms}
        if self.following:
            request["ticket"] = self.following
        view = self.call("getMatchState", request)
        if view["version"] >= self.version:
            self.version = view["version"]
            self.view = view
        return self.view


def phase_of(player):
    """The match's phase: the room's status once the followed ticket has one, else the ticket's."""
    view = player.view
    ticket = view and view["ticket"]
    if not ticket:
        return "none"
    room = view["room"]
    if room and ticket["roomId"] == room["id"]:
        if room["status"] == "cancelled" and requeued(room, ticket):
            return "requeued"
        return room["status"]
    return ticket["status"]


def requeued(room, ticket):
    """A failed ready check sends back to the queue every ticket whose members all accepted."""
    accepted = set((room.get("readyCheck") or {}).get("accepted", []))
    mine = [t for side in room["sides"] for t in side["tickets"] if t["ticketId"] == ticket["id"]]
    return bool(mine) and all(m["uid"] in accepted for m in mine[0]["members"])


def my_side(room, uid):
    """Index of the player's side: 0 is outcome "A", 1 is "B"."""
    for index, side in enumerate(room["sides"]):
        if any(m["uid"] == uid for t in side["tickets"] for m in t["members"]):
            return index
    raise CallError("not-found", "not in this room")


def say(event, **fields):
    print(json.dumps({"event": event, **fields}), flush=True)


def play(player, mode, region, result, give_up_s=180):
    enqueue = {"mode": mode, **({"region": region} if region else {})}
    queued = player.call("enqueue", enqueue)
    player.following = {"mode": queued["pool"], "id": queued["ticketId"]}
    beat_every = 0.55 * queued["ttlSeconds"]
    next_beat = time.monotonic() + beat_every
    say("enqueued", pool=queued["pool"], ticketId=queued["ticketId"])
    deadline = time.monotonic() + give_up_s
    shown = None
    reported = False
    while time.monotonic() < deadline:
        # One thread: while queued, the long-poll never outlasts the next heartbeat.
        wait_ms = POLL_MS
        if shown in (None, "queued", "requeued"):
            wait_ms = int(max(0, min(POLL_MS, 1000 * (next_beat - time.monotonic()))))
        player.poll(wait_ms)
        phase = phase_of(player)
        if phase != shown:
            shown = phase
            say(phase, version=player.version)
        room = player.view["room"]
        if phase == "queued" and time.monotonic() >= next_beat:
            player.call("heartbeat")
            next_beat = time.monotonic() + beat_every
        elif phase == "requeued":
            state = player.view["state"]
            player.following = {"mode": state["mode"], "id": state["ticketId"]}
            next_beat = time.monotonic()
        elif phase == "pending" and player.uid not in room["readyCheck"]["accepted"]:
            player.call("seeReadyCheck", {"roomId": room["id"]})
            player.call("acceptMatch", {"roomId": room["id"]})
        elif phase == "active" and not reported:
            side = "A" if my_side(room, player.uid) == 0 else "B"
            other = "B" if side == "A" else "A"
            outcome = {"win": side, "loss": other, "draw": "draw"}[result]
            player.call("reportResult", {"roomId": room["id"], "outcome": outcome})
            reported = True
            say("reported", outcome=outcome, side=side)
        elif phase == "settled":
            change = room["ratingChanges"][player.uid]
            say("rating", before=change["before"], after=change["after"], delta=change["delta"])
            return 0
        elif phase in ("voided", "cancelled", "expired"):
            return 1
    say("gave-up", phase=shown)
    return 1


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--functions", required=True, help="callables' base URL (…/<projectId>/<region> on the emulators)")
    parser.add_argument("--identity", required=True, help="Auth REST API's origin (the Auth emulator's on the emulators)")
    parser.add_argument("--api-key", required=True)
    parser.add_argument("--name", help="dev login name (emulators only); anonymous without it")
    parser.add_argument("--mode", required=True)
    parser.add_argument("--region", help="for a regional mode")
    parser.add_argument("--result", choices=["win", "loss", "draw"], default="win")
    parser.add_argument("--trace", action="store_true", help="print every request and answer to stderr")
    args = parser.parse_args()
    global TRACE
    TRACE = args.trace
    player = Player(args.functions, args.identity, args.api_key)
    try:
        player.sign_in(args.name)
        say("signed-in", uid=player.uid)
        return play(player, args.mode, args.region, args.result)
    except CallError as error:
        say("error", code=error.code, message=str(error))
        return 2


if __name__ == "__main__":
    sys.exit(main())
