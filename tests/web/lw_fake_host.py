# lw_fake_host.py — a stand-in for the host of a virtual table with remote
# seats (docs/REMOTE-PLAY.md), for the page's browser tests: it serves
# the page's files from the build (play.html, play.css after
# web-base.css, the translated play.js) and speaks the page's WebSocket protocol (hello, welcome,
# state, action, refused, the close codes) over 127.0.0.1 with a small
# scripted game. It is not Little Wolf: any card of the led suit
# follows, the highest of it wins, so that the tests see every phase of
# the page (bids, discards, tricks, a round's end, the game's end), not
# the rules. Python's standard library only.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import base64
import hashlib
import http.server
import json
import os
import secrets
import socket
import struct
import threading
import time

GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
RANK = {"W": 0, "A": 1, "J": 11, "Q": 12, "K": 13, "G": 14, "B": 15, "L": 16}
SUIT = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def rank(card):
    if card in RANK:
        return RANK[card]
    face = card[:-1]
    return RANK.get(face) or int(face)


def suit(card):
    return None if card in RANK else card[-1]


class Socket:
    """One WebSocket connection (RFC 6455, text frames, server side)."""

    def __init__(self, conn):
        self.conn = conn
        self.lock = threading.Lock()
        self.closed = False
        self.seat = None

    def _read(self, n):
        data = b""
        while len(data) < n:
            chunk = self.conn.recv(n - len(data))
            if not chunk:
                raise ConnectionError("closed")
            data += chunk
        return data

    def receive(self):
        """The next text message; None when the socket closed."""
        try:
            while True:
                head = self._read(2)
                opcode = head[0] & 0x0F
                length = head[1] & 0x7F
                if length == 126:
                    length = struct.unpack("!H", self._read(2))[0]
                elif length == 127:
                    length = struct.unpack("!Q", self._read(8))[0]
                mask = self._read(4) if head[1] & 0x80 else b"\0\0\0\0"
                payload = bytes(b ^ mask[i % 4] for i, b in enumerate(self._read(length)))
                if opcode == 8:
                    self.close(1000)
                    return None
                if opcode == 9:
                    self._frame(10, payload)
                    continue
                if opcode == 1:
                    return payload.decode("utf-8")
        except (ConnectionError, OSError):
            self.closed = True
            return None

    def _frame(self, opcode, payload, last=False):
        """Sends one frame, unless the close frame went already; @last:
        this is the close frame, after which nothing more is sent."""
        head = bytes([0x80 | opcode])
        n = len(payload)
        if n < 126:
            head += bytes([n])
        elif n < 65536:
            head += bytes([126]) + struct.pack("!H", n)
        else:
            head += bytes([127]) + struct.pack("!Q", n)
        with self.lock:
            if self.closed:
                return
            try:
                self.conn.sendall(head + payload)
            except OSError:
                self.closed = True
            self.closed = self.closed or last

    def send(self, message):
        self._frame(1, json.dumps(message).encode("utf-8"))

    def close(self, code, reason=""):
        """Sends a close frame with @code; the connection ends 5 s
        later, when the client has not closed it by then (at once, unread
        data could reset it and lose the frame)."""
        # The frame and the mark that nothing follows it in one hold of
        # the lock: a pong or a state sent by another thread between the
        # two went out after the close frame, the browser failed the
        # connection instead of closing it with @code, and the page, not
        # told it was opened elsewhere, connected again and took its seat
        # back from the second tab.
        self._frame(8, struct.pack("!H", code) + reason.encode("utf-8"), last=True)
        threading.Timer(5.0, self._shutdown).start()

    def _shutdown(self):
        try:
            self.conn.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass


class FakeTable:
    """A scripted four-seat partners table: seats 1 and 3 remote (each with
    a secret), 0 and 2 computers that move after @pause seconds. Every
    state has a version, +1 at every change; every applied action is
    counted per seat in self.applied."""

    def __init__(self, names, hands, pups, pause=0.2, hold=0.6, tricks=None):
        self.lock = threading.RLock()
        self.names = names
        self.n = len(names)
        self.game_id = 7
        self.secrets = {seat: secrets.token_hex(16) for seat in (1, 3)}
        self.sockets = {}
        self.hands = {seat: list(hand) for seat, hand in enumerate(hands)}
        self.pups = list(pups)
        self.pause = pause
        self.hold = hold
        self.version = 1
        self.phase = "bid"
        self.dealer = 0
        self.declarer = None
        self.turn = 1
        self.trump = None
        self.events = []
        self.bids = 0
        self.trick = {"leader": None, "plays": [], "winner": None}
        self.last_trick = None
        self.taken = [0] * self.n
        self.applied = {seat: [] for seat in range(self.n)}
        self.seen_ids = {seat: set() for seat in range(self.n)}
        self.received = []
        self.as_seen = []        # (cards, "as") of each lead with the Little Wolf
        self.readings_asked = []  # the cards of each "readings" request
        self.refuse_wolf = False  # a lead of the Little Wolf alone is refused too
        self.scores = [0, 0]
        self.round_end = None
        self.game_end = None
        self.computer = threading.Thread(target=self._computers, daemon=True)
        self.stopping = False
        self.ping_ms = 15000     # the heartbeat the welcome asks for
        self.pings = {}          # seat → pings heard

    # ---- what a seat sees
    def state(self, seat):
        with self.lock:
            to_act = self.turn == seat
            can = []
            playable = []
            if to_act and self.phase == "bid":
                can = ["declare", "decline"]
            elif to_act and self.phase == "exchange":
                can = ["discard"]
            elif to_act and self.phase == "play":
                can = ["play"]
                playable = self._playable(seat)
            team = [i % 2 for i in range(self.n)]
            return {
                "type": "state", "version": self.version, "seat": seat, "n_players": self.n,
                "names": self.names, "partners": True, "team_of": team,
                "dealer": self.dealer, "declarer": self.declarer, "turn": self.turn,
                "phase": self.phase, "trump": self.trump,
                "revealed": self.pups[0] if self.pups else None,
                "hand": list(self.hands[seat]),
                "hand_sizes": [len(self.hands[i]) for i in range(self.n)],
                "taken": list(self.taken),
                "trick": json.loads(json.dumps(self.trick)),
                "last_trick": json.loads(json.dumps(self.last_trick)),
                "you": {"to_act": to_act, "can": can, "playable": playable,
                        "must": playable[:1] if len(playable) == 1 else [], "discard_count": 4},
                "status": self._status(),
                "events": list(self.events),
                "scores": [{"side": f"{self.names[0]} & {self.names[2]}", "score": self.scores[0]},
                           {"side": f"{self.names[1]} & {self.names[3]}", "score": self.scores[1]}],
                "round_end": self.round_end, "game_end": self.game_end,
            }

    def _status(self):
        if self.phase == "game-over":
            return "The game is over."
        if self.phase == "round-over":
            return "The round is over."
        who = self.names[self.turn] if self.turn is not None else ""
        return {"bid": f"{who} to declare or decline.", "exchange": f"{who} to put away 4 cards.",
                "play": f"{who} to play."}[self.phase]

    def _playable(self, seat):
        hand = self.hands[seat]
        if not self.trick["plays"]:
            return sorted(set(hand))
        led = suit(self.trick["plays"][0]["cards"][0])
        same = [c for c in hand if suit(c) == led]
        return sorted(set(same or hand))

    # ---- changes
    def _changed(self):
        self.version += 1
        for seat, sock in list(self.sockets.items()):
            sock.send(self.state(seat))

    def act(self, seat, message):
        """Applies @message from @seat; returns None or a refusal's reason."""
        with self.lock:
            self.received.append((seat, message))
            what = message.get("do")
            ident = message.get("id")
            if not isinstance(ident, str) or what not in ("declare", "decline", "discard", "play"):
                return "bad-message", "That message is not an action."
            if ident in self.seen_ids[seat]:
                return "duplicate", None
            if message.get("version") != self.version:
                return "stale", "Another turn began: look again before you play."
            if self.turn != seat:
                return "not-your-turn", f"It is {self.names[self.turn]}'s turn."
            cards = message.get("cards") or []
            if what in ("declare", "decline") and self.phase != "bid":
                return "refused", "There is nothing to declare now."
            if what == "discard" and (self.phase != "exchange" or len(cards) != 4
                                      or not self._holds(seat, cards)):
                return "refused", "Put away exactly 4 cards of your hand."
            if what == "play" and "L" in cards and not self.trick["plays"] and (len(cards) == 2 or self.refuse_wolf):
                # A lead with the Little Wolf: what the page sent is kept
                # and the lead refused, so that the scripted game goes on.
                self.as_seen.append((list(cards), message.get("as")))
                return "refused", "The wildcards cannot stand for those cards in this lead."
            if what == "play":
                if self.phase != "play" or len(cards) != 1 or cards[0] not in self._playable(seat):
                    return "refused", "You must follow suit."
            self.seen_ids[seat].add(ident)
            self.applied[seat].append(what)
            getattr(self, "_" + what)(seat, cards)
            self._changed()
            return None

    # The readings of a lead: two for the Little Wolf with a card, one for
    # anything else (the words as the host would give them in German).
    READINGS = {("7C", "L"): [{"words": "Kleiner Wolf als 7♠", "as": ["7S"]},
                              {"words": "Kleiner Wolf als 8♣", "as": ["8C"]}]}

    def readings(self, seat, message):
        cards = message.get("cards") or []
        with self.lock:
            self.readings_asked.append(list(cards))
            found = self.READINGS.get(tuple(sorted(cards)), [{"words": "", "as": []}])
            return {"type": "readings", "id": message.get("id"), "version": self.version,
                    "cards": cards, "readings": found}

    def _holds(self, seat, cards):
        hand = list(self.hands[seat])
        for c in cards:
            if c not in hand:
                return False
            hand.remove(c)
        return True

    def _declare(self, seat, cards):
        self.events.append(f"{self.names[seat]} declares.")
        self.declarer = seat
        self.trump = suit(self.pups[0]) or "NT"
        self.hands[seat] += self.pups
        self.phase = "exchange"

    def _decline(self, seat, cards):
        self.events.append(f"{self.names[seat]} declines.")
        self.bids += 1
        self.turn = (seat + 1) % self.n

    def _discard(self, seat, cards):
        for c in cards:
            self.hands[seat].remove(c)
        self.pups = []
        self.phase = "play"
        self.trick = {"leader": seat, "plays": [], "winner": None}

    def _play(self, seat, cards):
        self.hands[seat].remove(cards[0])
        tag = "as 10♥" if cards[0] == "L" else None
        self.trick["plays"].append({"seat": seat, "cards": cards, "tags": [tag]})
        if len(self.trick["plays"]) < self.n:
            self.turn = (seat + 1) % self.n
            return
        led = suit(self.trick["plays"][0]["cards"][0])
        best = max(self.trick["plays"],
                   key=lambda p: (suit(p["cards"][0]) == led, rank(p["cards"][0])))
        self.trick["winner"] = best["seat"]
        self.taken[best["seat"]] += 1
        self.turn = None
        threading.Timer(self.hold, self._next_trick, args=(best["seat"],)).start()

    def _next_trick(self, winner):
        with self.lock:
            self.last_trick = self.trick
            self.trick = {"leader": winner, "plays": [], "winner": None}
            if not self.hands[winner]:
                side = self.declarer % 2
                mine = self.taken[side] + self.taken[side + 2]
                self.scores[side] += mine
                self.round_end = {"breakdown": f"{self.names[self.declarer]}'s side took {mine} tricks: "
                                               f"{mine} points."}
                self.game_end = {"winner": f"{self.names[side]} & {self.names[side + 2]} win.",
                                 "board": "\n".join(f"{s['side']}: {s['score']}"
                                                    for s in self.state(0)["scores"])}
                self.phase = "game-over"
                self.turn = None
            else:
                self.turn = winner
            self._changed()

    def _computers(self):
        while not self.stopping:
            time.sleep(self.pause)
            with self.lock:
                seat = self.turn
                if seat not in (0, 2):
                    continue
                if self.phase == "bid":
                    self._do(seat, "decline", [])
                elif self.phase == "exchange":
                    self._do(seat, "discard", self.hands[seat][:4])
                elif self.phase == "play":
                    self._do(seat, "play", self._playable(seat)[:1])

    def _do(self, seat, what, cards):
        self.act(seat, {"type": "action", "id": secrets.token_hex(8), "version": self.version,
                        "do": what, "cards": cards})

    # ---- a remote seat's socket
    def serve_socket(self, sock):
        first = sock.receive()
        try:
            hello = json.loads(first) if first else None
        except ValueError:
            hello = None
        seat = None
        if isinstance(hello, dict) and hello.get("type") == "hello" and hello.get("table") == self.game_id:
            for s, secret in self.secrets.items():
                if secrets.compare_digest(secret, str(hello.get("secret", ""))):
                    seat = s
        if seat is None:
            sock.close(4001, "bad secret")
            return
        with self.lock:
            old = self.sockets.get(seat)
            self.sockets[seat] = sock
            sock.seat = seat
            sock.send({"type": "welcome", "seat": seat, "ping_ms": self.ping_ms})
            sock.send(self.state(seat))
        if old is not None:
            old.close(4003, "opened elsewhere")
        while True:
            text = sock.receive()
            if text is None:
                break
            try:
                message = json.loads(text)
            except ValueError:
                continue
            if isinstance(message, dict) and message.get("type") == "ping":
                self.pings[seat] = self.pings.get(seat, 0) + 1
                sock.send({"type": "pong"})
                continue
            if isinstance(message, dict) and message.get("type") == "readings":
                sock.send(self.readings(seat, message))
                continue
            refusal = self.act(seat, message)
            if refusal is None:
                continue
            reason, words = refusal
            if reason == "duplicate":
                sock.send(self.state(seat))
            else:
                sock.send({"type": "refused", "id": message.get("id"), "reason": reason, "message": words})
        with self.lock:
            if self.sockets.get(seat) is sock:
                del self.sockets[seat]

    def link(self, port, seat):
        return f"http://127.0.0.1:{port}/play#t={self.game_id}&s={self.secrets[seat]}"


def serve(table, files):
    """Serves @table's page and socket on a free port of 127.0.0.1 in a
    thread; @files maps a path (/play, /play.js, /play.css) to a file.
    Returns the server (its port: server.server_address[1])."""
    types = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
             ".css": "text/css; charset=utf-8"}

    class Handler(http.server.BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def do_GET(self):
            if self.path == "/play/socket" and self.headers.get("Upgrade", "").lower() == "websocket":
                key = self.headers["Sec-WebSocket-Key"]
                accept = base64.b64encode(hashlib.sha1((key + GUID).encode()).digest()).decode()
                self.send_response(101)
                self.send_header("Upgrade", "websocket")
                self.send_header("Connection", "Upgrade")
                self.send_header("Sec-WebSocket-Accept", accept)
                self.end_headers()
                self.wfile.flush()
                table.serve_socket(Socket(self.connection))
                self.close_connection = True
                return
            path = files.get(self.path.split("#")[0].split("?")[0])
            if path is None:
                self.send_error(404)
                return
            with open(path, "rb") as f:
                body = f.read()
            self.send_response(200)
            self.send_header("Content-Type", types[os.path.splitext(path)[1]])
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    table.computer.start()
    return server
