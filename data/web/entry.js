// entry.js — the phone page of table entry: reads the table's board and
// sends rounds through the JSON API of docs/TABLE-ENTRY.md, nothing else.
// The engine on the server checks every round; this page only adds the
// totals as a help while typing. Every few seconds it asks for the game's
// version and shows what another phone or the director changed, unless
// something is typed in the form. Its words are the app's translations
// (web-i18n.js in front of it: _(), N_(), fill(), the browser's language),
// and its requests ask the server for that language (Accept-Language).
'use strict';

(function () {
  // Each Den card's key, its name for a count ("2 Worms") and for one.
  const KINDS = [
    ['worms', N_('Worms'), N_('Worm')],
    ['gongs', N_('Gongs'), N_('Gong')],
    /* TRANSLATORS: table entry's phone page: the Big Bears won, a column of counts */
    ['bears', N_('Bears'), N_('Bear')],
    /* TRANSLATORS: table entry's phone page: the Little Wolves won, a column of counts */
    ['wolves', N_('Wolves'), N_('Wolf')],
  ];
  const PENALTIES = [
    ['out_of_turn', N_('Out of turn')],
    ['looked_at_discards', N_('Looked at discards or Pups')],
  ];
  // The page's fixed labels (entry.html), by element id.
  const LABELS = {
    /* TRANSLATORS: table entry's phone page: the line under the title before the table is read */
    subtitle: N_('Table entry'),
    /* TRANSLATORS: table entry's phone page: the heading of the scores */
    'board-title': N_('Board'),
    'history-title': N_('Rounds'),
    /* TRANSLATORS: table entry's phone page: a button that leaves the correction of a round */
    'cancel-button': N_('Cancel correction'),
  };

  // A game's table, or a duplicate event's (eEVENT-ROUND-TABLE, its boards).
  const match = /^\/t\/(\d+|e\d+-\d+-\d+)$/.exec(location.pathname);
  const table = match ? match[1] : null;
  const secret = location.hash.length > 1 ? location.hash.slice(1) : null;
  const POLL_MS = 4000; // how often the page asks whether the game changed
  let state = null;
  let editing = 0; // the round being corrected, 0 for a new round
  let busy = false;
  let shown = 0; // counts the states shown, so that an older answer is dropped

  const $ = (id) => document.getElementById(id);

  function el(tag, props, children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(props || {})) {
      if (key === 'text')
        node.textContent = value;
      else if (key === 'class')
        node.className = value;
      else if (key in node)
        node[key] = value;
      else
        node.setAttribute(key, value);
    }
    for (const child of children || [])
      node.append(child);
    return node;
  }

  // The message box; @quiet leaves the page where it is scrolled (a
  // change seen by polling should not move what the user is reading).
  function showMessage(text, kind, quiet) {
    const box = $('message');
    box.textContent = text;
    box.className = kind;
    box.hidden = !text;
    if (text && !quiet)
      box.scrollIntoView({ block: 'nearest' });
  }

  // A refused round's message, by the button that sent it: the user is
  // at the bottom of the form and fixes it there.
  function showFormMessage(text) {
    const box = $('form-message');
    box.textContent = text;
    box.hidden = !text;
    // The button below it in view brings the message along.
    if (text)
      $('submit-button').scrollIntoView({ block: 'nearest' });
  }

  async function api(method, path, body) {
    const options = { method, headers: { 'X-Table-Secret': secret, 'Accept-Language': lang }, cache: 'no-store' };
    if (body !== undefined) {
      options.headers['Content-Type'] = 'application/json';
      options.body = JSON.stringify(body);
    }
    let response;
    try {
      response = await fetch('/api/tables/' + table + path, options);
    } catch (e) {
      return { status: 0, data: { error: _('The scorekeeper cannot be reached. Is entry still open, and is this phone on the same network?') } };
    }
    let data;
    try {
      data = await response.json();
    } catch (e) {
      /* TRANSLATORS: table entry's phone page: the server answered with an HTTP status and no message */
      data = { error: fill(_('The scorekeeper answered {status}.'), { status: response.status }) };
    }
    return { status: response.status, data };
  }

  function isGarwolf() {
    return state.ruleset === 'garwolf';
  }

  // ---- the board ------------------------------------------------------

  // A duplicate event's table (DUPLICATE D9): its boards of the event
  // round, each entered or not, and the next one with its dealer (D2).
  function showBoards() {
    const body = $('board').tBodies[0];
    body.replaceChildren();
    for (const board of state.boards) {
      const dealer = state.players[board.dealer];
      /* TRANSLATORS: table entry's phone page at a duplicate event's table: a board and its dealer */
      const name = el('td', { text: fill(_('Board {n} · {dealer} deals'), { n: board.board, dealer }) });
      /* TRANSLATORS: table entry's phone page: a duplicate board whose result is in, or not yet */
      const done = el('td', { class: 'status' + (board.entered ? '' : ' dim'), text: board.entered ? _('entered') : _('to enter') });
      body.append(el('tr', {}, [name, done]));
    }
    $('board-note').textContent = state.finished
      /* TRANSLATORS: table entry's phone page: every board of the event round {n} is entered at this table */
      ? fill(_('Every board of round {n} is entered. The director pairs the next round.'), { n: state.event_round })
      /* TRANSLATORS: table entry's phone page: the board to enter next and who deals it (DUPLICATE D2) */
      : fill(_('Next: board {n} · {dealer} deals'), { n: state.next_board, dealer: state.players[state.next_dealer] });
    $('title').textContent = state.label;
    $('subtitle').textContent = state.players.join(', ');
    $('rules').hidden = true;
    /* TRANSLATORS: table entry's phone page: the heading of a duplicate table's boards */
    $('board-title').textContent = _('Boards');
    $('board-section').hidden = false;
  }

  function showBoard() {
    if (state.duplicate)
      return showBoards();
    const body = $('board').tBodies[0];
    body.replaceChildren();
    state.sides.forEach((side, i) => {
      const name = el('td', { text: side });
      if (state.winner === i)
        name.append(el('span', { class: 'badge', text: _('Winner') }));
      body.append(el('tr', {}, [name, el('td', { class: 'num', text: String(state.scores[i]) })]));
    });
    const dealer = state.players[state.next_dealer];
    const winner = state.winner === null ? '' : state.sides[state.winner];
    $('board-note').textContent = state.finished
      ? (state.skunk
        /* TRANSLATORS: table entry's phone page: {n} rounds, {winner} a side's name */
        ? fill(_('The game is over after {n} rounds: {winner} wins a skunk, worth double.'), { n: state.rounds.length, winner })
        : fill(_('The game is over after {n} rounds.'), { n: state.rounds.length }))
      /* TRANSLATORS: table entry's phone page: the next round, who deals it and the target score */
      : fill(_('Round {n} · {dealer} deals · playing to {target}'),
        { n: state.next_round, dealer, target: state.target });
    $('title').textContent = state.label;
    $('subtitle').textContent = state.players.join(', ');
    // The rule set and house rules, as the score sheet's header says them.
    /* TRANSLATORS: table entry's phone page: the rule set and house rules of the game */
    $('rules').textContent = state.rules ? fill(_('Rules: {rules}'), { rules: state.rules }) : '';
    $('rules').hidden = !state.rules;
    $('board-section').hidden = false;
  }

  function describeRound(round) {
    const facts = round.round || {};
    if (facts.void)
      return _('Void: the dealer did not discard');
    if (isGarwolf())
      /* TRANSLATORS: table entry's phone page: a Garwolf round's counts per seat, "3–5–2" */
      return fill(_('Court {court} · Garwolves {garwolves}'),
        { court: facts.court.join('–'), garwolves: facts.garwolves.join('–') });
    const who = facts.declarer === null || facts.declarer === undefined
      /* TRANSLATORS: table entry's phone page: {name} is a player */
      ? _('Nobody declared') : fill(_('{name} declared'), { name: state.players[facts.declarer] });
    /* TRANSLATORS: table entry's phone page: the cards each seat won, "12–8–6" */
    const parts = [who, fill(_('cards {counts}'), { counts: facts.cards.join('–') })];
    // The Den cards, gains not pegged and penalties too, so that the
    // round can be checked.
    const unpegged = facts.unpegged || [];
    state.players.forEach((player, seat) => {
      const dens = KINDS.filter(([key]) => facts[key] && facts[key][seat])
        .map(([key, title, one]) => facts[key][seat] + '\u00a0' + _(facts[key][seat] === 1 ? one : title));
      if (unpegged.includes(seat))
        /* TRANSLATORS: table entry's phone page: a seat's gains this round were not pegged in time */
        dens.push(_('not pegged'));
      if (dens.length > 0)
        parts.push(player + ': ' + dens.join(', '));
    });
    for (const penalty of facts.penalties || []) {
      const kind = PENALTIES.find(([value]) => value === penalty.kind);
      parts.push(state.players[penalty.seat] + ': ' + (kind ? _(kind[1]).toLowerCase() : penalty.kind));
    }
    if (facts.all_but_last)
      /* TRANSLATORS: table entry's phone page: the declarer's side won every trick but the last */
      parts.push(_('every trick but the last'));
    return parts.join(' · ');
  }

  function showHistory() {
    const list = $('history');
    list.replaceChildren();
    for (let i = state.rounds.length - 1; i >= 0; i--) {
      const round = state.rounds[i];
      const what = el('div', { class: 'what' }, [
        /* TRANSLATORS: table entry's phone page: a round of the history and what happened in it */
        el('div', { text: fill(_('Round {n}: {what}'), { n: round.number, what: describeRound(round) }) }),
        /* TRANSLATORS: table entry's phone page: the scores after a round, "12 – 9" */
        el('div', { class: 'scores', text: fill(_('Board after: {scores}'), { scores: round.scores.join(' – ') }) }),
      ]);
      const item = el('li', {}, [what]);
      if (round.locked) {
        /* TRANSLATORS: table entry's phone page: a round the director locked */
        item.append(el('span', { class: 'lock', text: _('Locked') }));
      } else {
        /* TRANSLATORS: table entry's phone page: a button that opens a round for correction (a verb) */
        const button = el('button', { type: 'button', class: 'small', text: _('Correct') });
        button.setAttribute('aria-label', fill(_('Correct round {n}'), { n: round.number }));
        button.addEventListener('click', () => startCorrection(round));
        item.append(button);
      }
      list.append(item);
    }
    $('history-section').hidden = state.rounds.length === 0 || Boolean(state.duplicate);
  }

  // ---- the round form -------------------------------------------------

  function numberInput(name, seat, label) {
    return el('input', {
      type: 'number', inputMode: 'numeric', min: '0', step: '1', name: name + '-' + seat,
      'aria-label': label, value: '',
    });
  }

  function seatGrid(columns, caption, className) {
    const head = el('tr', {}, [el('th', { class: 'name', text: _(caption) })]);
    for (const [, title] of columns)
      head.append(el('th', { class: 'num', text: _(title) }));
    const grid = el('table', { class: 'grid' + (className ? ' ' + className : '') }, [el('thead', {}, [head])]);
    const body = el('tbody');
    state.players.forEach((player, seat) => {
      const row = el('tr', {}, [el('td', { class: 'name', text: player })]);
      for (const [key, title] of columns)
        row.append(el('td', {}, [numberInput(key, seat, _(title) + ', ' + player)]));
      body.append(row);
    });
    grid.append(body);
    return grid;
  }

  function field(name, seat) {
    return $('round-form').elements[name + '-' + seat];
  }

  function readCount(name, seat) {
    const input = field(name, seat);
    const text = input.value.trim();
    return text === '' ? 0 : Number(text);
  }

  function updateTotals() {
    if (isGarwolf() || !$('cards-total'))
      return;
    let sum = 0;
    state.players.forEach((player, seat) => { sum += readCount('cards', seat); });
    const total = $('cards-total');
    const expected = state.total_cards;
    /* TRANSLATORS: table entry's phone page: the cards typed so far against the cards of the round */
    total.textContent = sum === expected ? fill(_('Total {sum} of {expected} ✓'), { sum, expected })
      : sum === 0 ? fill(_('Cards to enter: {expected}'), { expected })
      : sum < expected ? fill(_('Total {sum} of {expected} — {n} missing'), { sum, expected, n: expected - sum })
      : fill(_('Total {sum} of {expected} — {n} too many'), { sum, expected, n: sum - expected });
    // Nothing typed yet is not an error.
    total.className = 'total' + (sum === expected || sum === 0 ? '' : ' bad');
    for (const [key, title] of KINDS) {
      let n = 0;
      state.players.forEach((player, seat) => { n += readCount(key, seat); });
      const limit = 2 * state.decks;
      if (n > limit)
        /* TRANSLATORS: table entry's phone page: more Den cards of a kind typed than the decks hold */
        total.textContent += ' · ' + fill(_('{kind}: {n} of at most {limit}'), { kind: _(title), n, limit });
    }
  }

  // One box a seat: its gains this round were not pegged in time, so its
  // side forfeits them (SCORING R22).
  function unpeggedChoices() {
    const boxes = el('div', { id: 'unpegged' });
    state.players.forEach((player, seat) => {
      const box = el('input', { type: 'checkbox', name: 'unpegged-' + seat });
      boxes.append(el('label', { class: 'check seat-check' }, [box, el('span', { text: player })]));
    });
    return boxes;
  }

  function addPenalty(seat, kind) {
    const who = el('select', { 'aria-label': _('Who'), class: 'who' });
    state.players.forEach((player, i) => who.append(el('option', { value: String(i), text: player })));
    const what = el('select', { 'aria-label': _('Penalty'), class: 'what' });
    for (const [value, title] of PENALTIES)
      what.append(el('option', { value, text: _(title) }));
    if (seat !== undefined)
      who.value = String(seat);
    if (kind !== undefined)
      what.value = kind;
    const remove = el('button', { type: 'button', class: 'small remove', text: '✕' });
    remove.setAttribute('aria-label', _('Remove penalty'));
    const row = el('div', { class: 'penalty' }, [who, what, remove]);
    remove.addEventListener('click', () => row.remove());
    $('penalties').append(row);
  }

  function syncVisibility() {
    if (isGarwolf())
      return;
    const isVoid = $('void').checked;
    $('played').hidden = isVoid;
    $('all-but-last-row').hidden = isVoid || $('declarer').value === '';
  }

  function buildForm() {
    const fields = $('round-fields');
    fields.replaceChildren();
    if (isGarwolf()) {
      /* TRANSLATORS: table entry's phone page: the heading of a Garwolf round's counts */
      fields.append(seatGrid([['court', N_('Court')], ['garwolves', N_('Garwolves')]], N_('Won')));
    } else {
      const declarer = el('select', { id: 'declarer' }, [el('option', { value: '', text: _('Nobody declared') })]);
      state.players.forEach((player, i) => declarer.append(el('option', { value: String(i), text: player })));
      declarer.addEventListener('change', syncVisibility);
      const allButLast = el('input', { type: 'checkbox', id: 'all-but-last' });
      const played = el('div', { id: 'played' }, [
        el('label', { htmlFor: 'declarer', text: _('Declarer') }), declarer,
        el('label', { class: 'check', id: 'all-but-last-row' }, [allButLast, _('Their side won every trick but the last')]),
        el('label', { text: _('Cards won') }),
        /* TRANSLATORS: table entry's phone page: the heading of the column of cards won */
        seatGrid([['cards', N_('Cards')]], N_('Player')),
        el('p', { id: 'cards-total', class: 'total', 'aria-live': 'polite' }),
        el('label', { text: _('Den cards won') }),
        seatGrid(KINDS, N_('Player'), 'dens'),
        el('label', { text: _('Gains not pegged in time') }),
        el('p', { class: 'dim hint', text: _('A ticked seat’s side forfeits what it gained this round.') }),
        unpeggedChoices(),
      ]);
      // Pegging does not apply to a duplicate board (DUPLICATE D4).
      if (state.duplicate)
        [...played.children].slice(-3).forEach((node) => { node.hidden = true; });
      const voidBox = el('input', { type: 'checkbox', id: 'void' });
      voidBox.addEventListener('change', syncVisibility);
      fields.append(
        played,
        el('label', { class: 'check' }, [voidBox, _('Void: the dealer did not discard')]),
        el('label', { text: _('Penalties') }),
        el('div', { id: 'penalties' }),
        el('div', { class: 'buttons' }, [
          (() => {
            const add = el('button', { type: 'button', class: 'secondary', id: 'add-penalty', text: _('Add penalty') });
            add.addEventListener('click', () => addPenalty());
            return add;
          })(),
        ]));
    }
    fields.addEventListener('input', updateTotals);
    syncVisibility();
    updateTotals();
  }

  function fillForm(facts) {
    buildForm();
    const counts = isGarwolf() ? ['court', 'garwolves'] : ['cards', ...KINDS.map(([key]) => key)];
    for (const key of counts)
      state.players.forEach((player, seat) => {
        const value = facts[key] ? facts[key][seat] : 0;
        field(key, seat).value = value ? String(value) : (key === 'cards' || isGarwolf() ? '0' : '');
      });
    if (!isGarwolf()) {
      $('void').checked = Boolean(facts.void);
      $('declarer').value = facts.declarer === null || facts.declarer === undefined ? '' : String(facts.declarer);
      $('all-but-last').checked = Boolean(facts.all_but_last);
      state.players.forEach((player, seat) => {
        field('unpegged', seat).checked = (facts.unpegged || []).includes(seat);
      });
      for (const penalty of facts.penalties || [])
        addPenalty(penalty.seat, penalty.kind);
    }
    syncVisibility();
    updateTotals();
  }

  function readForm() {
    const counts = (key) => state.players.map((player, seat) => readCount(key, seat));
    if (isGarwolf())
      return { court: counts('court'), garwolves: counts('garwolves') };
    const penalties = [...$('penalties').children].map((row) => {
      const [who, what] = row.querySelectorAll('select');
      return { seat: Number(who.value), kind: what.value };
    });
    const round = {};
    if ($('void').checked) {
      round.void = 'dealer_did_not_discard';
    } else {
      const declarer = $('declarer').value;
      round.declarer = declarer === '' ? null : Number(declarer);
      round.cards = counts('cards');
      if (round.declarer !== null && $('all-but-last').checked)
        round.all_but_last = true;
      for (const [key] of KINDS) {
        const values = counts(key);
        if (values.some((n) => n !== 0))
          round[key] = values;
      }
      const unpegged = state.players.map((player, seat) => seat).filter((seat) => field('unpegged', seat).checked);
      if (unpegged.length > 0)
        round.unpegged = unpegged;
    }
    if (penalties.length > 0)
      round.penalties = penalties;
    return round;
  }

  // The new round's title and button, for the round the board says is next.
  function labelNewRound() {
    if (state.duplicate) {
      /* TRANSLATORS: table entry's phone page: the heading of the form for a duplicate board */
      $('form-title').textContent = fill(_('Board {n}'), { n: state.next_board });
      /* TRANSLATORS: table entry's phone page: the button that sends a duplicate board's round */
      $('submit-button').textContent = fill(_('Send board {n}'), { n: state.next_board });
      $('cancel-button').hidden = true;
      $('form-section').hidden = state.finished;
      return;
    }
    /* TRANSLATORS: table entry's phone page: the heading of the form for round {n} */
    $('form-title').textContent = fill(_('Round {n}'), { n: state.next_round });
    $('submit-button').textContent = fill(_('Send round {n}'), { n: state.next_round });
    $('cancel-button').hidden = true;
    $('form-section').hidden = state.finished;
  }

  function startNewRound() {
    editing = 0;
    buildForm();
    labelNewRound();
    showFormMessage('');
  }

  // Whether the new round's form holds nothing typed yet: a form with
  // anything in it is never touched by polling.
  function formIsBlank() {
    const form = $('round-form');
    for (const input of form.querySelectorAll('input[type=number]'))
      if (input.value.trim() !== '')
        return false;
    for (const box of form.querySelectorAll('input[type=checkbox]'))
      if (box.checked)
        return false;
    if ($('declarer') && $('declarer').value !== '')
      return false;
    return !$('penalties') || $('penalties').children.length === 0;
  }

  function startCorrection(round) {
    editing = round.number;
    fillForm(round.round || {});
    $('form-title').textContent = fill(_('Correct round {n}'), { n: round.number });
    $('submit-button').textContent = _('Send correction');
    $('cancel-button').hidden = false;
    $('form-section').hidden = false;
    showMessage('', '');
    showFormMessage('');
    $('form-section').scrollIntoView({ block: 'start' });
  }

  // A name that holds right-to-left letters or bidirectional controls (a
  // name may start with U+202E, a format character the names rule
  // allows) is isolated (U+2068 … U+2069), so that it cannot turn the
  // words around it in a line ("Ann deals · playing to 15") backwards.
  const BIDI = /[\u0590-\u08ff\u200f\u202a-\u202e\u2066-\u2069\ufb1d-\ufdff\ufe70-\ufefc]|[\ud802\ud803\ud83a\ud83b][\udc00-\udfff]/;
  const isolate = (name) => BIDI.test(name) ? isolateName(name) : name;

  function show(newState) {
    newState.players = newState.players.map(isolate);
    newState.sides = (newState.sides || []).map(isolate);
    newState.rounds = newState.rounds || [];
    state = newState;
    shown++;
    showBoard();
    showHistory();
  }

  function lockedRounds(s) {
    return s.rounds.filter((round) => round.locked).map((round) => round.number).join(',');
  }

  // What changed between two states, in words for the message box.
  function describeChange(before, after) {
    if (after.duplicate && after.version !== before.version)
      /* TRANSLATORS: table entry's phone page: a duplicate board entered elsewhere */
      return _('A board was entered at another phone or in the app.');
    if (after.version !== before.version) {
      if (after.rounds.length > before.rounds.length) {
        const first = before.rounds.length + 1;
        const last = after.rounds.length;
        return first === last
          ? fill(_('Round {n} was entered at another phone or in the app.'), { n: first })
          : fill(_('Rounds {first}–{last} were entered at another phone or in the app.'), { first, last });
      }
      return _('The rounds were changed at another phone or in the app.');
    }
    const locked = after.rounds.filter((round) => {
      const was = before.rounds[round.number - 1];
      return round.locked && !(was && was.locked);
    });
    if (locked.length > 0)
      return locked.length > 1
        /* TRANSLATORS: table entry's phone page: {list} is "2, 3" */
        ? fill(_('Rounds {list} were locked by the director.'), { list: locked.map((round) => round.number).join(', ') })
        : fill(_('Round {n} was locked by the director.'), { n: locked[0].number });
    return '';
  }

  // Polling: while nothing is typed in the form (and no correction is
  // open), the game's version is read; when it or a lock changed, the new
  // board is shown and the form moves on to the next round, keeping the
  // field being typed in.
  function pollPaused() {
    return busy || editing !== 0 || !formIsBlank();
  }

  async function poll() {
    if (!state || document.hidden || pollPaused())
      return;
    const before = shown;
    const version = await api('GET', '/version');
    if (version.status === 403 || version.status === 404) {
      // New link or entry closed: the page says so, and keeps its board.
      showMessage(version.data.error, 'error', true);
      return;
    }
    if (version.status !== 200 || before !== shown)
      return;
    // A lock kept at a number the game no longer has (a round deleted in
    // the app) shows nowhere.
    const locked = version.data.locked.filter((number) => number <= state.rounds.length);
    if (version.data.version === state.version && locked.join(',') === lockedRounds(state))
      return;
    const reply = await api('GET', '');
    if (reply.status !== 200 || before !== shown || pollPaused())
      return;
    const old = state;
    show(reply.data);
    labelNewRound();
    const change = describeChange(old, state);
    if (change)
      showMessage(change, 'ok', true);
  }

  function schedulePoll() {
    setTimeout(async () => {
      try {
        await poll();
      } finally {
        schedulePoll();
      }
    }, POLL_MS);
  }

  async function load() {
    const { status, data } = await api('GET', '');
    if (status !== 200) {
      showMessage(data.error, 'error');
      return false;
    }
    show(data);
    return true;
  }

  async function submit(event) {
    event.preventDefault();
    if (busy)
      return;
    busy = true;
    $('submit-button').disabled = true;
    const round = readForm();
    const board = state.duplicate ? state.next_board : 0;
    const reply = board
      ? await api('POST', '/rounds', { board, version: state.version, round })
      : editing
      ? await api('PUT', '/rounds/' + editing, { version: state.version, round })
      : await api('POST', '/rounds', { number: state.next_round, version: state.version, round });
    busy = false;
    $('submit-button').disabled = false;
    const corrected = editing;
    if (board && reply.status === 201) {
      show(reply.data);
      startNewRound();
      /* TRANSLATORS: table entry's phone page: a duplicate board's result was stored */
      showMessage(fill(_('Board {n} stored.'), { n: board }), 'ok');
      return;
    }
    if (reply.status === 200 || reply.status === 201) {
      const number = corrected || state.next_round;
      show(reply.data);
      startNewRound();
      showMessage(fill(corrected ? _('Correction of round {n} stored.') : _('Round {n} stored.'), { n: number }), 'ok');
      return;
    }
    if (reply.status !== 409 && reply.status !== 423) {
      // The round is refused as typed: the message goes by the button,
      // and the form keeps what was typed.
      showMessage('', '');
      showFormMessage(reply.data.error);
      return;
    }
    // Another phone or the app was first: show what is stored now.
    showFormMessage('');
    showMessage(reply.data.error, 'error');
    if (await load()) {
      // A locked round cannot be corrected here: back to the next round.
      if (!corrected || reply.status === 423)
        startNewRound();
      showMessage(reply.data.error, 'error');
    }
  }

  // The page's fixed words in the reader's language.
  function translateLabels() {
    document.documentElement.lang = lang;
    document.title = _('Little Wolf — table entry');
    for (const [id, msgid] of Object.entries(LABELS))
      $(id).textContent = _(msgid);
  }

  async function start() {
    translateLabels();
    if (!table || !secret || !/^[0-9a-f]{32}$/.test(secret)) {
      showMessage(_('This link has no table secret. Scan the table’s code again.'), 'error');
      return;
    }
    $('round-form').addEventListener('submit', submit);
    $('cancel-button').addEventListener('click', () => { startNewRound(); showMessage('', ''); });
    if (await load())
      startNewRound();
    schedulePoll();
    document.addEventListener('visibilitychange', () => {
      if (!document.hidden)
        poll();
    });
  }

  start();
})();
