// play.js — the page a remote seat of a virtual table is played from
// (docs/REMOTE-PLAY.md): reads the table and the seat's secret from the
// link's fragment (#t=GAME&s=SECRET), opens the table's WebSocket, and
// shows each state the host pushes — this seat's hand, the trick, the
// bids, the scores — and sends the seat's actions. The rules and their
// words are the host's: the page only shows them. No external resources.
//
// The static labels are translated from the app's catalogs: the build
// puts LW_CATALOGS (language → {msgid: msgstr}) and web-i18n.js (_(),
// N_(), C_(), fill() and the page's language) in front of this file
// (build-aux/po-to-json.py).
//
// SPDX-License-Identifier: GPL-3.0-or-later
'use strict';

// Computer players and links may name a seat with any characters: a name
// shown within a line is isolated (web-i18n.js), so that a right-to-left
// name does not turn the line around.
const isolate = isolateName;

const $ = (id) => document.getElementById(id);

// ---------------------------------------------------------------- cards

const SUITS = { S: '♠', H: '♥', D: '♦', C: '♣' };
const RANKS = { W: 0, A: 1, J: 11, Q: 12, K: 13, G: 14, B: 15, L: 16 };
// The place of each suit when the hand is sorted by suit, as the app's
// table: black and red in turn, the Den cards last.
const SUIT_PLACE = { S: 0, H: 1, C: 2, D: 3 };
const DEN = {
  W: () => C_('den card', 'Worm'),
  G: () => C_('den card', 'Gong'),
  B: () => C_('den card', 'Big Bear'),
  L: () => C_('den card', 'Little Wolf'),
};

// A card token (TRICKS.md "Notation"): "10H", "AS", "L".
function parseCard(token) {
  if (DEN[token])
    return { token, den: true, rank: RANKS[token], letter: token, suit: null };
  const suit = token.slice(-1);
  const face = token.slice(0, -1);
  const rank = face in RANKS ? RANKS[face] : parseInt(face, 10);
  return { token, den: false, rank, letter: face, suit };
}

function compareCards(a, b, bySuit) {
  const ca = parseCard(a), cb = parseCard(b);
  const pa = ca.den ? 4 : SUIT_PLACE[ca.suit], pb = cb.den ? 4 : SUIT_PLACE[cb.suit];
  if (bySuit && pa !== pb)
    return pa - pb;
  if (ca.rank !== cb.rank)
    return ca.rank - cb.rank;
  return pa - pb;
}

// A card's face: the rank and suit in two corners, red or black, the suit
// in the middle; a Den card's letter, its band and its name as the app
// draws them (lw-card-renderer.c).
function cardFace(token, element) {
  const card = parseCard(token);
  const face = element || document.createElement('span');
  face.classList.add('card');
  face.dataset.card = token;
  if (card.den) {
    face.classList.add('den', 'den-' + token);
    face.append(corner(token, ''), band(DEN[token]()));
    face.setAttribute('aria-label', DEN[token]());
  } else {
    const symbol = SUITS[card.suit] || '?';
    face.classList.add(card.suit === 'H' || card.suit === 'D' ? 'red' : 'black');
    const pip = document.createElement('span');
    pip.className = 'pip';
    pip.textContent = symbol;
    const foot = corner(card.letter, symbol);
    foot.classList.add('foot');
    face.append(corner(card.letter, symbol), pip, foot);
    face.setAttribute('aria-label', card.letter + symbol);
  }
  return face;
}

function corner(rank, symbol) {
  const c = document.createElement('span');
  c.className = 'corner';
  c.setAttribute('aria-hidden', 'true');
  c.append(rank);
  if (symbol) {
    c.append(document.createElement('br'), symbol);
  }
  return c;
}

function band(name) {
  const b = document.createElement('span');
  b.className = 'band';
  b.setAttribute('aria-hidden', 'true');
  const n = document.createElement('span');
  n.className = 'den-name';
  n.textContent = name;
  b.append(n);
  return b;
}

// ---------------------------------------------------------------- labels

const LABELS = {
  'sort-button': N_('_By Suit'),
  'declare-button': N_('_Declare'),
  'decline-button': N_('D_ecline'),
  'discard-button': N_('_Discard 4 Cards'),
  'play-button': N_('_Play'),
  'last-button': N_('_Last Trick'),
  'scores-title': N_('Scores'),
  /* TRANSLATORS: the heading of the cards played to the current trick, on the remote player's page */
  'trick-title': N_('Trick'),
  /* TRANSLATORS: the heading of the remote player's own cards */
  'hand-title': N_('Your Hand'),
  /* TRANSLATORS: a button of the remote player's page after the seat was opened on another device */
  'retake-button': N_('Take the Seat Back'),
};

const TEXT = {
  /* TRANSLATORS: the remote player's page, while it opens its connection to the host */
  connecting: N_('Connecting…'),
  /* TRANSLATORS: the remote player's page, while the connection to the host is down */
  reconnecting: N_('Reconnecting…'),
  /* TRANSLATORS: the remote player's page: "{name}" is the player's name */
  playingAs: N_('Playing as {name}'),
  /* TRANSLATORS: the remote player's page, when its link lacks the table or the secret */
  badLink: N_('This link is incomplete: open the whole link the host gave you.'),
  /* TRANSLATORS: the remote player's page, when the host does not know the link's secret */
  badSecret: N_('This link is not valid any more: ask the host for a new one.'),
  /* TRANSLATORS: the remote player's page, when the same seat was opened in another tab or device */
  elsewhere: N_('This seat was opened on another device or tab.'),
  /* TRANSLATORS: the remote player's page, when nobody has played to the trick yet */
  noPlays: N_('No cards played yet.'),
  /* TRANSLATORS: the remote player's page: choose the cards to put away; "{n}" is how many are chosen, "{count}" how many are needed */
  chooseDiscards: N_('Choose the cards to put away: {n} of {count}.'),
  /* TRANSLATORS: the remote player's page: a mark on the cards a play must include */
  must: N_('must'),
  /* TRANSLATORS: the remote player's page, the hint under the hand when it may play */
  chooseCards: N_('Tap the cards to play, then Play (Space chooses, Enter plays).'),
  /* TRANSLATORS: the remote player's page: a seat's counts, "{hand}" cards in hand, "{taken}" taken */
  counts: N_('{hand} in hand · took {taken}'),
  /* TRANSLATORS: the remote player's page: the heading when a round ends */
  roundOver: N_('Round Over'),
  /* TRANSLATORS: the remote player's page: the heading when the game ends */
  gameOver: N_('Game Over'),
  wins: N_('%s wins the trick'),
  /* TRANSLATORS: the remote player's page: the label above the turned-up Pup */
  revealed: N_('Turned up'),
  trump: N_('Trump'),
  noTrump: N_('No Trump'),
  /* TRANSLATORS: the remote player's page: a mark beside the player's own seat */
  you: N_('you'),
  asHint: N_('What Does the Wildcard Stand For?'),
  dealer: N_('Dealer'),
  declarer: N_('Declarer'),
};

function t(key, values) {
  const text = _(TEXT[key]);
  return values ? fill(text, values) : text;
}

function translateLabels() {
  document.documentElement.lang = lang;
  for (const [id, msgid] of Object.entries(LABELS))
    $(id).textContent = _(msgid);
}

// ---------------------------------------------------------------- state

const link = (() => {
  const params = new URLSearchParams(location.hash.replace(/^#/, ''));
  return { table: parseInt(params.get('t') || '', 10), secret: params.get('s') || '' };
})();

const page = {
  socket: null,
  state: null,
  bySuit: true,
  chosen: new Set(),     // places in the shown hand
  shown: [],             // the hand's tokens in the order shown
  pending: null,         // the id of the action sent and not answered yet
  retry: 0,              // reconnects in a row
  retryTimer: 0,
  stop: false,           // no more reconnects (a bad secret, opened elsewhere)
  held: null,            // {key, trick, until}: a finished trick kept on screen
  holdTimer: 0,
  showLast: false,
  asking: null,          // the id of the "readings" request not answered yet
  readings: null,        // {cards, list}: the lead's readings the host gave, to choose from
  lastSent: null,        // the last action sent
};

const WILDCARDS = ['B', 'L'];

// The trick's winner stays on screen at least this long (the app's trick
// hold), or until the next card of the next trick.
const HOLD_MS = 1500;

function freshId() {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function showMessage(text, kind) {
  const m = $('message');
  m.textContent = text || '';
  m.className = kind || 'error';
  m.hidden = !text;
}

function setConnection(text) {
  $('connection').textContent = text;
}

// ---------------------------------------------------------------- socket

function connect() {
  clearTimeout(page.retryTimer);
  if (!Number.isInteger(link.table) || !/^[0-9a-f]{32}$/i.test(link.secret)) {
    showMessage(t('badLink'));
    setConnection('');
    return;
  }
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const socket = new WebSocket(`${scheme}//${location.host}/play/socket`);
  page.socket = socket;
  socket.onopen = () => {
    socket.send(JSON.stringify({ type: 'hello', table: link.table, secret: link.secret, lang }));
  };
  socket.onmessage = (event) => {
    if (socket !== page.socket)
      return;
    let message;
    try {
      message = JSON.parse(event.data);
    } catch (e) {
      return;
    }
    receive(message);
  };
  socket.onclose = (event) => {
    clearInterval(socket.heartbeat);
    if (socket !== page.socket)
      return;
    page.socket = null;
    page.pending = null;
    if (event.code === 4001) {
      page.stop = true;
      showMessage(t('badSecret'));
      setConnection('');
    } else if (event.code === 4003) {
      page.stop = true;
      showMessage(t('elsewhere'));
      $('retake-row').hidden = false;
      setConnection('');
    } else if (event.code === 1000 && page.state && page.state.phase === 'game-over') {
      page.stop = true;
      setConnection('');
    }
    render();
    if (!page.stop)
      reconnectLater();
  };
}

// The heartbeat: a {"type":"ping"} every @ms (the welcome's ping_ms,
// 15 s if it gives none), so that the host hears from the page while
// nobody plays; a socket silent three times as long is closed by the
// host (4006) and the page reconnects.
function startHeartbeat(socket, ms) {
  if (!socket)
    return;
  clearInterval(socket.heartbeat);
  const every = Number.isInteger(ms) && ms >= 10 ? ms : 15000;
  socket.heartbeat = setInterval(() => {
    if (socket.readyState === WebSocket.OPEN)
      socket.send(JSON.stringify({ type: 'ping' }));
  }, every);
}

// Backoff: 0.5 s, 1 s, 2 s … at most 10 s between tries.
function reconnectLater() {
  setConnection(t('reconnecting'));
  const delay = Math.min(10000, 500 * 2 ** Math.min(page.retry, 5));
  page.retry++;
  page.retryTimer = setTimeout(connect, delay);
}

function receive(message) {
  switch (message.type) {
  case 'welcome':
    page.retry = 0;
    startHeartbeat(page.socket, message.ping_ms);
    break;
  case 'pong':
    break;
  case 'state':
    page.retry = 0;
    if (page.state && message.version < page.state.version)
      return;
    takeState(message);
    break;
  case 'readings':
    takeReadings(message);
    break;
  case 'refused':
    if (message.id === page.pending)
      page.pending = null;
    if (message.id === page.asking)
      page.asking = null;
    showMessage(message.message || message.reason);
    render();
    break;
  default:
    break;
  }
}

// The fields the page reads, with their empty values where a state
// lacks one (the page shows what it has rather than stop).
function normalise(state) {
  const n = Number.isInteger(state.n_players) && state.n_players > 0 ? state.n_players : 0;
  state.names = Array.isArray(state.names) ? state.names : [];
  state.hand = Array.isArray(state.hand) ? state.hand.filter((c) => typeof c === 'string') : [];
  state.n_players = n;
  for (const key of ['hand_sizes', 'taken', 'team_of', 'events', 'scores'])
    if (!Array.isArray(state[key]))
      state[key] = [];
  for (const key of ['trick', 'last_trick'])
    if (state[key] && !Array.isArray(state[key].plays))
      state[key] = null;
  if (!state.trick)
    state.trick = { leader: null, plays: [], winner: null };
  if (!state.you || typeof state.you !== 'object')
    state.you = { to_act: false, can: [], playable: [], must: [] };
  for (const key of ['can', 'playable', 'must'])
    if (!Array.isArray(state.you[key]))
      state.you[key] = [];
  return state;
}

function takeState(state) {
  normalise(state);
  const old = page.state;
  const handChanged = !old || old.hand.join() !== state.hand.join() || old.phase !== state.phase
                      || old.turn !== state.turn;
  page.state = state;
  page.pending = null;
  if (handChanged) {
    page.chosen.clear();
    page.readings = null;
  }
  showMessage('');
  $('retake-row').hidden = true;
  setConnection(fill(_(TEXT.playingAs), { name: state.names[state.seat] }));
  holdWinner(old, state);
  render();
}

// A finished trick stays on screen HOLD_MS after its winner first showed,
// unless the next trick's first card comes sooner.
function trickKey(trick) {
  return trick ? JSON.stringify(trick.plays) : '';
}

function holdWinner(old, state) {
  const now = Date.now();
  if (state.trick && state.trick.winner !== null && state.trick.winner !== undefined) {
    const key = trickKey(state.trick);
    if (!page.held || page.held.key !== key)
      page.held = { key, trick: state.trick, until: now + HOLD_MS };
    return;
  }
  if (state.trick && state.trick.plays.length > 0) {
    page.held = null;
    return;
  }
  const last = state.last_trick;
  if (last && last.winner !== null && last.winner !== undefined) {
    const key = trickKey(last);
    if (!page.held || page.held.key !== key) {
      // The winner was never shown here (it came and went between two
      // states, or the page just opened): a fresh hold, unless the page
      // only now opened.
      page.held = old ? { key, trick: last, until: now + HOLD_MS } : null;
    }
  }
  clearTimeout(page.holdTimer);
  if (page.held && page.held.until > now)
    page.holdTimer = setTimeout(render, page.held.until - now + 20);
}

function send(what, cards, as) {
  const state = page.state;
  if (!state || !page.socket || page.socket.readyState !== WebSocket.OPEN || page.pending)
    return;
  const id = freshId();
  const message = { type: 'action', id, version: state.version, do: what };
  if (cards)
    message.cards = cards;
  if (as)
    message.as = as;
  page.readings = null;
  page.pending = id;
  page.lastSent = message;
  page.socket.send(JSON.stringify(message));
  render();
}

// A lead with a Big Bear or a Little Wolf: the host says how the chosen
// cards can be led (a "readings" request); one reading is played at
// once, more are offered to choose from.
function askReadings(cards) {
  const state = page.state;
  if (!state || !page.socket || page.socket.readyState !== WebSocket.OPEN || page.pending)
    return;
  const id = freshId();
  page.pending = id;
  page.asking = id;
  page.socket.send(JSON.stringify({ type: 'readings', id, cards }));
  render();
}

function takeReadings(message) {
  if (message.id !== page.asking)
    return;
  page.asking = null;
  page.pending = null;
  const cards = chosenCards();
  const list = Array.isArray(message.readings) ? message.readings : [];
  // The choice or the table moved on meanwhile: nothing to answer.
  if (!page.state || message.version !== page.state.version || cards.join() !== (message.cards || []).join()) {
    render();
    return;
  }
  if (list.length > 1) {
    page.readings = { cards, list };
    render();
  } else {
    send('play', cards);
  }
}

// ---------------------------------------------------------------- render

function render() {
  const state = page.state;
  for (const id of ['table-section', 'hand-section', 'seats-section'])
    $(id).hidden = !state;
  if (!state)
    return;
  renderFacts(state);
  $('status').textContent = state.status || '';
  renderTrick(state);
  renderEvents(state);
  renderHand(state);
  renderSeats(state);
  renderEnd(state);
}

function renderFacts(state) {
  const facts = $('facts');
  facts.replaceChildren();
  const trump = document.createElement('span');
  trump.className = 'fact';
  if (state.trump)
    trump.textContent = _(TEXT.trump) + ': ' + (state.trump === 'NT' ? _(TEXT.noTrump) : SUITS[state.trump] || state.trump);
  if (state.trump)
    facts.append(trump);
  if (state.revealed) {
    const revealed = document.createElement('span');
    revealed.className = 'fact revealed';
    const label = document.createElement('span');
    label.textContent = _(TEXT.revealed);
    revealed.append(label, cardFace(state.revealed));
    facts.append(revealed);
  }
  facts.hidden = !facts.firstChild;
}

function isPartner(state, seat) {
  return state.partners && seat !== state.seat && state.team_of
         && state.team_of[seat] === state.team_of[state.seat];
}

function nameBlock(state, seat) {
  const who = document.createElement('span');
  who.className = 'who';
  who.textContent = state.names[seat] || '';
  if (seat === state.seat)
    who.append(' ', badge(_(TEXT.you), 'you'));
  else if (isPartner(state, seat))
    who.append(' ', badge(C_('seat', 'Partner'), 'partner'));
  return who;
}

function badge(text, kind) {
  const b = document.createElement('span');
  b.className = 'badge ' + kind;
  b.textContent = text;
  return b;
}

function trickInto(box, state, trick) {
  box.replaceChildren();
  if (!trick || trick.plays.length === 0) {
    const none = document.createElement('p');
    none.className = 'dim';
    none.textContent = _(TEXT.noPlays);
    box.append(none);
    return;
  }
  for (const play of trick.plays) {
    const one = document.createElement('div');
    one.className = 'play';
    one.dataset.seat = play.seat;
    if (trick.winner === play.seat)
      one.classList.add('winner');
    const cards = document.createElement('div');
    cards.className = 'cards';
    play.cards.forEach((token, i) => {
      const holder = document.createElement('span');
      holder.className = 'played';
      holder.append(cardFace(token));
      const tag = play.tags && play.tags[i];
      if (tag) {
        const tagged = document.createElement('span');
        tagged.className = 'tag';
        tagged.textContent = tag;
        holder.append(tagged);
      }
      cards.append(holder);
    });
    one.append(cards, nameBlock(state, play.seat));
    box.append(one);
  }
  if (trick.winner !== null && trick.winner !== undefined) {
    const won = document.createElement('p');
    won.className = 'won';
    won.textContent = _(TEXT.wins).replace('%s', isolate(state.names[trick.winner]));
    box.append(won);
  }
}

function renderTrick(state) {
  let trick = state.trick;
  if (page.held && page.held.until > Date.now() && (!trick || trick.plays.length === 0))
    trick = page.held.trick;
  trickInto($('trick'), state, trick);
  const last = $('last-trick');
  $('last-button').disabled = !state.last_trick;
  if (!state.last_trick)
    page.showLast = false;
  $('last-button').setAttribute('aria-pressed', page.showLast ? 'true' : 'false');
  last.hidden = !page.showLast;
  if (page.showLast)
    trickInto(last, state, state.last_trick);
}

function renderEvents(state) {
  const list = $('events');
  list.replaceChildren();
  for (const text of state.events || []) {
    const li = document.createElement('li');
    li.textContent = text;
    list.append(li);
  }
  list.hidden = !list.firstChild;
}

function can(state, what) {
  return !!(state.you && state.you.to_act && state.you.can && state.you.can.includes(what));
}

function renderHand(state) {
  const you = state.you || { can: [], playable: [], must: [] };
  page.shown = state.hand.slice().sort((a, b) => compareCards(a, b, page.bySuit));
  const sort = $('sort-button');
  sort.setAttribute('aria-pressed', page.bySuit ? 'true' : 'false');
  const playing = can(state, 'play');
  const discarding = can(state, 'discard');
  const playable = new Set(you.playable || []);
  // A token may be in the hand twice (two decks): "must" marks as many
  // copies as it names.
  const must = (you.must || []).slice();
  const hand = $('hand');
  // The cards are drawn anew only when they change, so that a tap or the
  // focus is not lost to a redraw for another part of the page.
  const key = JSON.stringify([page.shown, [...page.chosen], you, lang]);
  if (hand.dataset.key !== key) {
    hand.dataset.key = key;
    drawHand(hand, playing, discarding, playable, must);
  }
  renderActions(state, you, playing, discarding);
  renderReadings(playing);
}

// The lead's readings the host gave: one button each, in its words
// ("Little Wolf as 7♠"); the one chosen is played with its "as".
function renderReadings(playing) {
  const row = $('as-row');
  const readings = playing ? page.readings : null;
  row.hidden = !readings;
  const key = JSON.stringify([readings, lang]);
  if (row.hidden || row.dataset.key === key)
    return;
  row.dataset.key = key;
  $('as-hint').textContent = t('asHint');
  const fields = $('as-fields');
  fields.replaceChildren();
  readings.list.forEach((reading) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'reading';
    b.textContent = reading.words;
    b.addEventListener('click', () => send('play', readings.cards, reading.as));
    fields.append(b);
  });
}

function drawHand(hand, playing, discarding, playable, must) {
  const focused = document.activeElement && document.activeElement.dataset
                  ? document.activeElement.dataset.place : undefined;
  hand.replaceChildren();
  page.shown.forEach((token, place) => {
    const b = document.createElement('button');
    b.type = 'button';
    cardFace(token, b);
    b.dataset.place = place;
    const usable = discarding || (playing && playable.has(token));
    if (playing && playable.has(token))
      b.classList.add('playable');
    if (playing && !playable.has(token))
      b.classList.add('unplayable');
    const m = must.indexOf(token);
    if (playing && m >= 0) {
      must.splice(m, 1);
      b.classList.add('must');
      const mark = document.createElement('span');
      mark.className = 'must-mark';
      mark.textContent = _(TEXT.must);
      b.append(mark);
      b.setAttribute('aria-label', b.getAttribute('aria-label') + ' (' + _(TEXT.must) + ')');
    }
    const chosen = page.chosen.has(place);
    b.classList.toggle('chosen', chosen);
    b.setAttribute('aria-pressed', chosen ? 'true' : 'false');
    b.setAttribute('aria-disabled', usable ? 'false' : 'true');
    b.addEventListener('click', () => choose(place));
    b.addEventListener('keydown', (event) => cardKey(event, place));
    hand.append(b);
  });
  if (focused !== undefined) {
    const again = hand.querySelector(`[data-place="${focused}"]`);
    if (again)
      again.focus();
  }
}

function renderActions(state, you, playing, discarding) {
  const busy = !!page.pending;
  $('declare-button').hidden = !can(state, 'declare');
  $('decline-button').hidden = !can(state, 'decline');
  $('discard-button').hidden = !discarding;
  $('play-button').hidden = !playing || !!page.readings;
  const count = you.discard_count || 4;
  $('declare-button').disabled = busy;
  $('decline-button').disabled = busy;
  $('discard-button').disabled = busy || page.chosen.size !== count;
  $('play-button').disabled = busy || page.chosen.size === 0;
  $('actions').hidden = !(can(state, 'declare') || can(state, 'decline') || discarding || playing);
  const hint = $('hint');
  if (discarding)
    hint.textContent = fill(_(TEXT.chooseDiscards), { n: page.chosen.size, count });
  else if (playing)
    hint.textContent = _(TEXT.chooseCards);
  else
    hint.textContent = '';
  hint.hidden = !hint.textContent;
}

function choose(place) {
  const state = page.state;
  if (!state || page.pending)
    return;
  const token = page.shown[place];
  const playing = can(state, 'play');
  const discarding = can(state, 'discard');
  if (!discarding && !(playing && (state.you.playable || []).includes(token)))
    return;
  if (page.chosen.has(place))
    page.chosen.delete(place);
  else if (!discarding || page.chosen.size < (state.you.discard_count || 4))
    page.chosen.add(place);
  page.readings = null;
  render();
}

function cardKey(event, place) {
  if (event.key === ' ' || event.key === 'Spacebar') {
    event.preventDefault();
    choose(place);
  } else if (event.key === 'Enter') {
    event.preventDefault();
    if (can(page.state, 'play'))
      playChosen();
    else if (can(page.state, 'discard'))
      discardChosen();
  }
}

function chosenCards() {
  return [...page.chosen].sort((a, b) => a - b).map((place) => page.shown[place]);
}

function playChosen() {
  if (page.chosen.size === 0 || page.readings)
    return;
  const cards = chosenCards();
  // A lead: nothing on the table, or the finished trick still shown.
  const trick = page.state && page.state.trick;
  const lead = !trick || trick.plays.length === 0 || (trick.winner !== null && trick.winner !== undefined);
  if (lead && cards.some((c) => WILDCARDS.includes(c)))
    askReadings(cards);
  else
    send('play', cards);
}

function discardChosen() {
  const count = (page.state.you && page.state.you.discard_count) || 4;
  if (page.chosen.size === count)
    send('discard', chosenCards());
}

function renderSeats(state) {
  const body = $('scores').tBodies[0];
  body.replaceChildren();
  for (const row of state.scores || []) {
    const tr = document.createElement('tr');
    const side = document.createElement('td');
    side.textContent = row.side;
    const score = document.createElement('td');
    score.className = 'num';
    score.textContent = row.score;
    tr.append(side, score);
    body.append(tr);
  }
  const seats = $('seats');
  seats.replaceChildren();
  for (let seat = 0; seat < state.n_players; seat++) {
    const li = document.createElement('li');
    li.dataset.seat = seat;
    if (state.turn === seat)
      li.classList.add('turn');
    const top = document.createElement('div');
    top.className = 'seat-name';
    top.append(nameBlock(state, seat));
    if (state.dealer === seat)
      top.append(' ', badge(_(TEXT.dealer), 'role'));
    if (state.declarer === seat)
      top.append(' ', badge(_(TEXT.declarer), 'role'));
    const counts = document.createElement('div');
    counts.className = 'dim counts';
    counts.textContent = fill(_(TEXT.counts), {
      hand: state.hand_sizes ? state.hand_sizes[seat] : 0,
      taken: state.taken ? state.taken[seat] : 0,
    });
    li.append(top, counts);
    seats.append(li);
  }
}

function renderEnd(state) {
  const section = $('end-section');
  const round = state.round_end, game = state.game_end;
  section.hidden = !round && !game;
  if (section.hidden)
    return;
  $('end-title').textContent = game ? _(TEXT.gameOver) : _(TEXT.roundOver);
  $('breakdown').textContent = round ? round.breakdown || '' : '';
  $('breakdown').hidden = !round;
  const board = $('board');
  board.textContent = game ? [game.winner, game.board].filter(Boolean).join('\n') : '';
  board.hidden = !game;
}

// ---------------------------------------------------------------- start

function start() {
  translateLabels();
  setConnection(t('connecting'));
  $('sort-button').addEventListener('click', () => {
    page.bySuit = !page.bySuit;
    page.chosen.clear();
    render();
  });
  $('last-button').addEventListener('click', () => {
    page.showLast = !page.showLast;
    render();
  });
  $('declare-button').addEventListener('click', () => send('declare'));
  $('decline-button').addEventListener('click', () => send('decline'));
  $('discard-button').addEventListener('click', discardChosen);
  $('play-button').addEventListener('click', playChosen);
  $('retake-button').addEventListener('click', () => {
    page.stop = false;
    page.retry = 0;
    $('retake-row').hidden = true;
    showMessage('');
    connect();
  });
  // Another link pasted into the same tab: another table or seat.
  window.addEventListener('hashchange', () => location.reload());
  // A phone that wakes or gets its Wi-Fi back tries at once.
  window.addEventListener('online', () => {
    if (!page.socket && !page.stop)
      connect();
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && !page.socket && !page.stop)
      connect();
  });
  connect();
}

start();
