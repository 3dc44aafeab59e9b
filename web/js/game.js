// game.js -- the game page (#/game/ID): the board, the seats and scores,
// whose turn it is, the legal actions, undo, hints (the server's strong bot's
// best three actions with their chances, GET .../hints; a seat may turn them
// off for the game), the log in words with the engine's scoring notes, and the
// end-of-game summary. It plays as the seat this browser
// holds (api.js seats) or watches as a spectator, and follows the game live
// through its event stream.
//
// The board of each game is a module (tikal.js, tzolkin.js, listed in
// BOARD_MODULES) that exports
//   messages                      its {en, cs, pl} texts, registered with i18n
//   createBoard(root, hooks)      draws into root and returns {show(view, legal),
//                                 mark(entries, current), destroy()};
//                                 hooks: {seat, names, act(text) -> Promise<boolean>,
//                                 preview(line) -> Promise<answer>}
//                                 (act submits one legal action's text; preview
//                                 asks GET .../preview what a line of steps
//                                 would change, an ApiError if it is refused); mark
//                                 highlights what the log entries touched on the
//                                 board (current: the one being played, or null)
//   describe(entry, names, log)   a log line {index, actor, text} in words (log: the
//                                 whole line of play, for what an entry depends on)
//   actionWords(text, names)      a legal action in words, for its button
//   scoreWords(event)             a score event of the log in the page's language
//                                 (by its kind and subject; the engine's English
//                                 words where the language has no message)
//   stepWords(step, names)        a step of the log (what happened by itself) in
//                                 the page's language, by its kind and figures
//   categoryWords(kind)           a scoring category of the end summary, by kind
// Every legal action is also a button in the action list (in words, the
// notation as its tooltip), so that whatever the board does not offer
// directly (and a keyboard or screen reader) can still play.
//
// What the other seats did since this seat's last action (a spectator: since
// the last action of the seat to move) is played again on the board and in
// the log one action at a time, at the pace chosen (instant, normal, slow;
// saved in this browser): the board shows the position after each (GET
// view?at=N) with what it touched highlighted, then the current position
// with all of it highlighted; "Skip" goes there at once. Meanwhile the
// action list stays playable; the board's own controls return with the
// current position.

import { api, seats, watch } from './api.js';
import { t, tCount, register } from './i18n.js';
import { el, clear, notify, gameName, seatName, seatLabel, seatsTable, logNotes, categoriesTable } from './ui.js';

const ACTIONS_SHOWN = 60; // action buttons listed before "type to filter"
const LOG_MARGIN = 40; // log lines fetched again before the last known one (undo may remove some)

const PACE_KEY = 'maya.pace';
const PACE_MILLIS = { instant: 0, normal: 800, slow: 2000 }; // each other seat's action shown this long

register({
  en: {
    points_one: '{n} point', points_other: '{n} points',
    pace: 'Other players\u2019 moves', pace_instant: 'at once', pace_normal: 'normal', pace_slow: 'slow', pace_skip: 'Skip',
  },
  cs: {
    points_one: '{n} bod', points_few: '{n} body', points_many: '{n} bodů',
    pace: 'Tahy ostatních hráčů', pace_instant: 'hned', pace_normal: 'normálně', pace_slow: 'pomalu', pace_skip: 'Přeskočit',
  },
  pl: {
    points_one: '{n} punkt', points_few: '{n} punkty', points_many: '{n} punktów',
    pace: 'Ruchy innych graczy', pace_instant: 'od razu', pace_normal: 'normalnie', pace_slow: 'wolno', pace_skip: 'Pomiń',
  },
});

// The board module of each game, by the engine's name (GET /api/catalog):
// a new game adds one line.
const BOARD_MODULES = {
  tikal: () => import('./tikal.js'),
  tzolkin: () => import('./tzolkin.js'),
};

export async function loadBoardModule(game) {
  const load = BOARD_MODULES[game];
  if (!load) throw new Error(`no board for the game "${game}"`);
  const module = await load();
  register(module.messages);
  return module;
}

export function showGame(main, id) {
  const held = seats.get(id);
  const token = held ? held.token : null;
  const mySeat = held ? held.seat : null;
  const page = {
    view: null, // the last view shown
    legal: [], // this seat's legal actions at page.view.version
    log: [], // the line of play so far, as this seat sees it
    hints: null, // the last hints answer (its version says for which position)
    busy: false, // an action is being submitted
    loading: false, // a view's legal actions and log lines are being fetched
    stopped: false, // the page was left
    module: null, // the board module
    board: null, // its board
    recent: [], // the other seats' log entries since this seat's last action
    playedTo: 0, // log entries before this index were played (or skipped)
    playing: null, // the log index of the recent entry being played, null when none is
    stepView: null, // the view after the entry being played, shown on the board meanwhile
    paceTimer: null, // the timer of the next entry to play
  };

  const boardBox = el('div', { class: 'board-area', id: 'board' });
  const playersBox = el('div', { class: 'players', id: 'players' });
  const prompt = el('div', { class: 'prompt', id: 'prompt', role: 'status' });
  const filter = el('input', { type: 'search', id: 'action-filter', placeholder: t('filter_actions'), 'aria-label': t('filter_actions') });
  const actionList = el('div', { class: 'action-list', id: 'actions' });
  const undoButton = el('button', { id: 'undo', type: 'button', disabled: true }, t('undo'));
  const hintButton = el('button', { id: 'hint', type: 'button', hidden: true }, t('hint'));
  const hintsOffButton = el('button', { id: 'hints-off', type: 'button', hidden: true }, t('hints_off'));
  const hintsBox = el('div', { class: 'hints', id: 'hints', hidden: true });
  const leaveButton = el('button', { id: 'leave', type: 'button', hidden: token === null }, t('leave'));
  const logList = el('ol', { class: 'log', id: 'log' });
  const paceSelect = el('select', { id: 'pace-speed', 'aria-label': t('pace') },
    ...Object.keys(PACE_MILLIS).map((pace) => el('option', { value: pace }, t(`pace_${pace}`))));
  paceSelect.value = PACE_MILLIS[localStorage.getItem(PACE_KEY)] === undefined ? 'normal' : localStorage.getItem(PACE_KEY);
  const skipButton = el('button', { id: 'pace-skip', type: 'button', hidden: true }, t('pace_skip'));
  const actionsCard = el('section', { class: 'card actions-card', id: 'actions-card' }, el('h3', {}, t('actions')), hintsBox, filter, actionList,
    el('div', { class: 'controls' }, undoButton, hintButton, hintsOffButton, leaveButton));
  const summaryBox = el('div', { class: 'summary', id: 'summary', hidden: true });
  main.append(el('div', { class: 'game' }, boardBox,
    el('aside', { class: 'side' }, prompt, playersBox,
      el('label', { class: 'pace' }, t('pace'), paceSelect, skipButton), actionsCard,
      el('section', { class: 'card log-card' }, el('h3', {}, t('log')), logList))), summaryBox);

  const names = () => (page.view ? page.view.summary.seats.map((s, i) => seatName(page.view.summary, i)) : []);

  // While a move or an undo is on its way, the controls say so and wait.
  function setBusy(busy) {
    page.busy = busy;
    main.classList.toggle('busy', busy);
    main.setAttribute('aria-busy', String(busy));
  }

  async function act(text) {
    if (page.busy || !page.view) return false;
    setBusy(true);
    try {
      await api.act(id, token, page.view.version, text);
      return true;
    } catch (err) {
      complain(err);
      return false;
    } finally {
      setBusy(false);
    }
  }

  function complain(err) {
    if (err.code === 'stale') {
      notify(t('stale'), 'info');
      refresh();
    } else if (err.status === 0) notify(t('network', { reason: err.message }), 'error');
    else notify(t('illegal', { reason: err.message }), 'error');
  }

  undoButton.addEventListener('click', async () => {
    if (page.busy || !page.view) return;
    setBusy(true);
    try {
      await api.undo(id, token, page.view.version);
    } catch (err) {
      complain(err);
    } finally {
      setBusy(false);
    }
  });
  hintButton.addEventListener('click', async () => {
    if (page.busy || !page.view) return;
    hintButton.disabled = true;
    hintButton.textContent = t('hint_thinking');
    try {
      page.hints = await api.hints(id, token);
      drawHints();
    } catch (err) {
      if (err.code === 'busy') notify(t('hints_busy'), 'info');
      else complain(err);
    } finally {
      hintButton.disabled = false;
      hintButton.textContent = t('hint');
    }
  });
  hintsOffButton.addEventListener('click', async () => {
    if (!confirm(t('hints_off_confirm'))) return;
    try {
      await api.hintsOff(id, token);
      notify(t('hints_are_off'), 'info');
    } catch (err) {
      complain(err);
    }
  });
  leaveButton.addEventListener('click', async () => {
    if (!confirm(t('leave_confirm'))) return;
    try {
      await api.leave(id, token);
      seats.drop(id);
      location.hash = '#/';
    } catch (err) {
      complain(err);
    }
  });
  filter.addEventListener('input', () => drawActions());
  paceSelect.addEventListener('change', () => localStorage.setItem(PACE_KEY, paceSelect.value));
  skipButton.addEventListener('click', () => finishPlaying());

  // A new view: fetch what goes with it (legal actions, new log lines), then draw.
  let pending = null;
  async function onView(view) {
    pending = view;
    if (page.loading) return;
    page.loading = true;
    try {
      while (pending && !page.stopped) {
        const next = pending;
        pending = null;
        await take(next);
      }
    } catch (err) {
      complain(err);
    } finally {
      page.loading = false;
    }
  }

  async function take(view) {
    if (!page.module) {
      page.module = await loadBoardModule(view.summary.game);
      page.board = page.module.createBoard(boardBox, { seat: mySeat, names, act, t, preview: (line) => api.preview(id, token, line) });
      document.getElementById('title').textContent = `#${id} ${gameName(view.summary)}`;
    }
    const mine = token !== null && view.to_move === mySeat;
    const [legal, log] = await Promise.all([
      mine ? api.legal(id, token) : Promise.resolve({ actions: [] }),
      api.log(id, token, Math.max(0, page.log.length - LOG_MARGIN)),
    ]);
    if (page.stopped) return;
    const from = Math.max(0, page.log.length - LOG_MARGIN);
    page.log = page.log.slice(0, from).concat(log.actions);
    page.view = view;
    page.legal = legal.version === undefined || legal.version === view.version ? legal.actions : [];
    page.recent = recentEntries(view);
    draw();
    playRecent();
  }

  // The other seats' entries of the log since this seat's last action (a
  // spectator's: since the last action of the seat to move); chance's are
  // no seat's. None once the game is over: the final board as it lies.
  function recentEntries(view) {
    if (view.status === 'finished') return [];
    const me = token !== null ? mySeat : view.to_move;
    let from = page.log.length;
    while (from > 0 && page.log[from - 1].actor !== me) from--;
    return page.log.slice(from).filter((entry) => entry.actor !== me && entry.actor !== 'chance');
  }

  // Plays the recent entries not played yet one at a time, at the pace
  // chosen; ends the playing when this seat acted meanwhile.
  function playRecent() {
    if (page.playing !== null && page.recent.some((entry) => entry.index === page.playing)) return; // the timer goes on
    const next = page.recent.find((entry) => entry.index >= page.playedTo && entry.index !== page.playing);
    if (next && PACE_MILLIS[paceSelect.value]) playEntry(next);
    else finishPlaying();
  }

  async function playEntry(entry) {
    clearTimeout(page.paceTimer);
    page.playing = entry.index;
    skipButton.hidden = false;
    showMarks();
    page.paceTimer = setTimeout(() => {
      page.playedTo = entry.index + 1;
      page.playing = null;
      playRecent();
    }, PACE_MILLIS[paceSelect.value]);
    try {
      const after = await api.view(id, token, entry.index + 1);
      if (page.stopped || page.playing !== entry.index) return; // skipped or played on meanwhile
      page.stepView = after;
      page.board.show(after, []);
      showMarks();
    } catch (err) {
      complain(err);
    }
  }

  // Ends the playing: the current position, everything recent marked.
  function finishPlaying() {
    clearTimeout(page.paceTimer);
    page.playing = null;
    page.playedTo = page.log.length;
    skipButton.hidden = true;
    if (page.stepView && page.view) page.board.show(page.view, page.legal);
    page.stepView = null;
    showMarks();
  }

  // The recent entries up to the one playing marked on the board and in the log.
  function showMarks() {
    if (!page.board) return;
    const shown = page.recent.filter((entry) => page.playing === null || entry.index <= page.playing);
    page.board.mark(shown, shown.find((entry) => entry.index === page.playing) ?? null);
    const indices = new Set(shown.map((entry) => entry.index));
    for (const line of logList.querySelectorAll('li[data-index]')) {
      const index = Number(line.dataset.index);
      line.classList.toggle('recent', indices.has(index));
      line.classList.toggle('playing', index === page.playing);
    }
    const playing = logList.querySelector('.playing');
    if (playing) logList.scrollTop = playing.offsetTop - logList.clientHeight / 2; // the log alone scrolls, not the page
  }

  function draw() {
    const view = page.view;
    page.board.show(page.stepView ?? view, page.stepView ? [] : page.legal);
    drawPlayers(view);
    drawPrompt(view);
    drawActions();
    undoButton.disabled = !view.can_undo;
    actionsCard.hidden = view.status === 'finished';
    const hintsOn = token !== null && view.status === 'running' && view.summary.seats[mySeat].hints !== false;
    hintButton.hidden = !hintsOn || view.to_move !== mySeat;
    hintsOffButton.hidden = !hintsOn;
    drawHints();
    leaveButton.hidden = token === null || view.status === 'finished';
    drawLog();
    drawSummary(view);
  }

  function drawPlayers(view) {
    clear(playersBox);
    playersBox.append(seatsTable(view.summary, view.scores, view.to_move, mySeat));
  }

  function drawPrompt(view) {
    let text;
    if (view.status === 'finished') text = t('game_over');
    else if (view.status === 'open') text = t('status_open');
    else if (view.to_move === mySeat && token) text = t('your_turn');
    else if (typeof view.to_move === 'number') {
      const seat = view.summary.seats[view.to_move];
      const name = seatName(view.summary, view.to_move);
      text = seat.type === 'bot' ? t('bot_thinking', { name }) : t('waiting_for', { name });
    } else text = '';
    prompt.textContent = token === null && view.status !== 'finished' ? `${text}. ${t('spectating')}` : text;
    prompt.className = `prompt${view.to_move === mySeat && token && view.status === 'running' ? ' mine' : ''}`;
  }

  function drawActions() {
    clear(actionList);
    const wanted = filter.value.trim().toLowerCase();
    const worded = page.legal.map((action) => ({ text: action.text, words: page.module.actionWords(action.text, names()) }));
    const shown = worded.filter((a) => !wanted || `${a.text} ${a.words}`.toLowerCase().includes(wanted)); // by notation or words
    for (const action of shown.slice(0, ACTIONS_SHOWN)) {
      const button = el('button', { type: 'button', class: 'action', 'data-action': action.text, title: action.text }, action.words);
      button.addEventListener('click', () => act(action.text));
      actionList.append(button);
    }
    if (shown.length > ACTIONS_SHOWN) actionList.append(el('p', { class: 'more' }, t('more_actions', { n: shown.length - ACTIONS_SHOWN })));
    filter.hidden = page.legal.length <= 12;
  }

  // The hints, while they are for the position shown: each a button that
  // plays its action.
  function drawHints() {
    clear(hintsBox);
    const hints = page.hints;
    hintsBox.hidden = !hints || !page.view || hints.version !== page.view.version || page.view.to_move !== mySeat;
    if (hintsBox.hidden) return;
    hintsBox.append(el('p', {}, t('hints_title', { level: hints.level })));
    hints.hints.forEach((hint, i) => {
      const button = el('button', { type: 'button', class: 'hint', 'data-action': hint.action, title: hint.action },
        `${i + 1}. ${page.module.actionWords(hint.action, names())} \u2014 ${t('hint_chance', { n: Math.round(hint.chance * 100) })}`);
      button.addEventListener('click', () => act(hint.action));
      hintsBox.append(button);
    });
  }

  function drawLog() {
    clear(logList);
    for (const entry of page.log) {
      const who = entry.actor === 'chance' ? 'chance' : `seat-${entry.actor}`;
      logList.append(el('li', { class: `log-line ${who}`, 'data-index': entry.index, title: entry.text },
        page.module.describe(entry, names(), page.log)));
      logList.append(...logNotes(entry, names(), page.module));
    }
    logList.scrollTop = logList.scrollHeight;
    showMarks();
  }

  function drawSummary(view) {
    summaryBox.hidden = view.status !== 'finished';
    if (summaryBox.hidden) return;
    clear(summaryBox);
    const winners = (view.winners || []).map((s) => seatName(view.summary, s));
    const order = view.scores.map((score, s) => ({ score, s })).sort((a, b) => b.score - a.score);
    summaryBox.append(el('div', { class: 'card summary-card' },
      el('h2', {}, t('game_over')),
      el('p', { class: 'winners' }, t(winners.length > 1 ? 'winners' : 'winner', { names: winners.join(', ') })),
      el('table', { class: 'final-scores' }, ...order.map(({ score, s }) => el('tr', {},
        el('td', {}, ...seatLabel(view.summary, s)),
        el('td', {}, tCount('points', score))))),
      categoriesTable(view.summary, page.module) || '',
      el('p', {}, el('a', { class: 'button primary', href: `#/replay/${id}`, id: 'open-replay' }, t('replay')), ' ',
        el('a', { class: 'button', href: `/api/games/${id}/record${token ? `?token=${token}` : ''}`, download: `maya-${id}.txt` }, t('download_record')), ' ',
        el('a', { class: 'button', href: '#/' }, t('back_to_lobby')))));
  }

  async function refresh() {
    try {
      onView(await api.view(id, token));
    } catch (err) {
      if (err.status === 404) main.replaceChildren(el('p', {}, t('not_found')));
      else notify(t('network', { reason: err.message }), 'error');
    }
  }

  let streaming = false; // the event stream is up: say so once when it breaks, not at every retry
  const stopWatching = watch(id, token, onView, (open) => {
    if (streaming && !open && !page.stopped) notify(t('reconnecting'), 'info');
    streaming = open;
  });
  refresh();
  return () => {
    page.stopped = true;
    clearTimeout(page.paceTimer);
    stopWatching();
    if (page.board) page.board.destroy();
  };
}
