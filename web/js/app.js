// app.js -- the page's entry: routes by the URL's hash to the lobby
// (#/), an invitation (#/join/ID or #/join/ID/SEAT), a game (#/game/ID) or
// a finished game's replay (#/replay/ID); the language switch; notices.
// The lobby creates games of what the server offers (GET /api/catalog:
// games, variants, seats, and bots at its difficulty levels), lists open,
// running, finished games and the games this browser holds a seat in.

import { api, seats } from './api.js';
import { t, setLanguage, currentLanguage } from './i18n.js';
import { el, clear, notify, gameName, getCatalog, setCatalog, variantLabel, botName } from './ui.js';
import { showGame } from './game.js';
import { showReplay } from './replay.js';

const NAME_KEY = 'maya.name';

let leavePage = () => {}; // stops the current page's timers and streams

function route() {
  leavePage();
  leavePage = () => {};
  const main = document.getElementById('main');
  clear(main);
  document.getElementById('title').textContent = '';
  document.getElementById('language-label').textContent = t('language');
  document.title = 'maya';
  const parts = location.hash.replace(/^#\/?/, '').split('/').filter(Boolean);
  const id = Number(parts[1]);
  if (parts[0] === 'game' && id > 0) leavePage = showGame(main, id);
  else if (parts[0] === 'replay' && id > 0) leavePage = showReplay(main, id);
  else if (parts[0] === 'join' && id > 0) showJoin(main, id, parts[2] === undefined ? null : Number(parts[2]));
  else leavePage = showLobby(main);
}

// ------------------------------------------------------------------ lobby

function showLobby(main) {
  document.getElementById('title').textContent = t('lobby');
  main.append(el('div', { class: 'lobby' }, createForm(), el('div', { id: 'lists', class: 'lists' })));
  const refresh = () => fillLists(document.getElementById('lists'));
  refresh();
  const timer = setInterval(refresh, 5000);
  return () => clearInterval(timer);
}

function createForm() {
  const form = el('form', { class: 'card create', id: 'create' });
  const catalog = getCatalog();
  const gameSelect = el('select', { name: 'game', id: 'create-game' },
    ...catalog.games.map((g) => el('option', { value: g.name }, g.title)));
  const variantSelect = el('select', { name: 'variant', id: 'create-variant' });
  const variantRow = el('label', {}, t('variant'), variantSelect);
  const playersSelect = el('select', { name: 'players', id: 'create-players' });
  const nameInput = el('input', { name: 'name', id: 'create-name', value: localStorage.getItem(NAME_KEY) || '', maxlength: 40 });
  const limitInput = el('input', { name: 'turn', id: 'create-turn', type: 'number', min: 0, max: 10080, value: 0 });
  const seatRows = el('div', { class: 'seats' });
  const result = el('div', { class: 'created', id: 'created' });
  const bots = catalog.bots; // the server's levels, weakest first
  // A level as people read it: its name, what a turn of it costs in the
  // chosen game with n seats (the server's running mean of its bots' turns
  // when it has one, else the measured figure it sends), and what it does
  // (the server's words, or this language's when i18n has them).
  const levelLabel = (level, n) => {
    const key = `level_${level.name}`;
    const about = t(key) === key ? level.about : t(key);
    const turn = chosenGame()?.bots.find((b) => b.name === level.name);
    const seconds = turn?.live ? turn.live.mean : turn?.expected[String(n)];
    if (seconds === undefined) return `${botName(level.name)} \u2014 ${about}`;
    const digits = seconds < 10 ? 1 : 0;
    const time = seconds < 0.1 ? t('level_turn_fast') : t('level_turn_time',
      { s: seconds.toLocaleString(currentLanguage(), { minimumFractionDigits: digits, maximumFractionDigits: digits }) });
    return `${botName(level.name)} \u2014 ${time} (${about})`;
  };

  const drawSeats = () => {
    const kept = [...seatRows.querySelectorAll('.seat-row')].map((row) => ({
      type: row.querySelector('.seat-type').value,
      bot: row.querySelector('.seat-bot').value,
      mine: row.querySelector('.seat-mine').checked,
    }));
    clear(seatRows);
    const n = Number(playersSelect.value);
    for (let s = 0; s < n; s++) {
      const old = kept[s] || { type: s === 0 ? 'human' : 'bot', bot: bots.default, mine: s === 0 };
      const type = el('select', { class: 'seat-type', 'aria-label': t('seat', { n: s + 1 }) },
        el('option', { value: 'human' }, t('seat_human')), el('option', { value: 'bot' }, t('seat_bot')));
      type.value = old.type;
      const bot = el('select', { class: 'seat-bot' }, ...bots.levels.map((level) => el('option', { value: level.name }, levelLabel(level, n))));
      bot.value = old.bot || bots.default;
      const mine = el('input', { type: 'radio', name: 'mine', class: 'seat-mine', value: s });
      mine.checked = old.mine;
      const sync = () => {
        bot.style.visibility = type.value === 'bot' ? '' : 'hidden'; /* keeps its grid column */
        mine.disabled = type.value !== 'human';
        if (mine.disabled) mine.checked = false;
      };
      type.addEventListener('change', sync);
      sync();
      seatRows.append(el('div', { class: 'seat-row', 'data-seat': s }, el('span', { class: 'seat-label' }, t('seat', { n: s + 1 })), type, bot,
        el('label', { class: 'mine' }, mine, t('you'))));
    }
  };
  const chosenGame = () => catalog.games.find((g) => g.name === gameSelect.value);
  // The chosen game's variants and seat counts; the players picked stay when the game has as many.
  const syncGame = () => {
    const game = chosenGame();
    const variants = game ? game.variants : [];
    const players = Number(playersSelect.value) || 0;
    clear(variantSelect);
    variantSelect.append(...variants.map((v) => el('option', { value: v }, variantLabel(v))));
    variantRow.hidden = variants.length === 0;
    clear(playersSelect);
    for (let n = game ? game.min_players : 0; game && n <= game.max_players; n++)
      playersSelect.append(el('option', { value: n }, String(n)));
    if (game) playersSelect.value = String(Math.min(Math.max(players, game.min_players), game.max_players));
    drawSeats();
  };
  gameSelect.addEventListener('change', syncGame);
  playersSelect.addEventListener('change', drawSeats);
  syncGame();

  form.append(el('h2', {}, t('new_game')),
    el('label', {}, t('game'), gameSelect), variantRow, el('label', {}, t('players'), playersSelect),
    seatRows, el('label', {}, t('your_name'), nameInput), el('label', {}, t('turn_limit'), limitInput),
    el('button', { type: 'submit', class: 'primary', id: 'create-submit' }, t('create')), result);

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const name = nameInput.value.trim();
    localStorage.setItem(NAME_KEY, name);
    const rows = [...seatRows.querySelectorAll('.seat-row')];
    const mineIndex = rows.findIndex((row) => row.querySelector('.seat-mine').checked);
    const body = {
      game: gameSelect.value,
      players: rows.length,
      seats: rows.map((row, s) => {
        const type = row.querySelector('.seat-type').value;
        if (type === 'bot') return { type, bot: row.querySelector('.seat-bot').value };
        return s === mineIndex && name ? { type, name } : { type };
      }),
      turn_seconds: Math.max(0, Math.round(Number(limitInput.value) * 60) || 0),
    };
    if (!variantRow.hidden) body.variant = variantSelect.value;
    if (mineIndex >= 0) body.join = mineIndex;
    try {
      const game = await api.create(body);
      if (game.token) seats.put(game.id, game.seat, game.token, name);
      const free = game.seats.filter((seat) => seat.type === 'human' && !seat.taken);
      if (free.length === 0 && game.token) {
        location.hash = `#/game/${game.id}`;
        return;
      }
      clear(result);
      for (const seat of free) result.append(inviteRow(game.id, seat.seat));
      result.append(el('a', { class: 'button primary', href: game.token ? `#/game/${game.id}` : `#/join/${game.id}`, id: 'created-open' },
        game.token ? t('play') : t('join')));
    } catch (err) {
      notify(t('illegal', { reason: err.message }), 'error');
    }
  });
  return form;
}

function inviteRow(id, seat) {
  const link = `${location.origin}${location.pathname}#/join/${id}/${seat}`;
  const input = el('input', { readonly: true, value: link, class: 'invite-link', 'data-seat': seat });
  const copy = el('button', { type: 'button' }, t('copy'));
  copy.addEventListener('click', async () => {
    input.select();
    try {
      await navigator.clipboard.writeText(link);
      copy.textContent = t('copied');
    } catch {
      document.execCommand?.('copy');
    }
  });
  return el('div', { class: 'invite' }, el('span', {}, t('invite', { n: seat + 1 })), input, copy);
}

async function fillLists(box) {
  if (!box) return;
  const mine = seats.all();
  try {
    const [open, running, finished] = await Promise.all(['open', 'running', 'finished'].map((s) => api.list(s, 30)));
    const held = [...open.games, ...running.games, ...finished.games].filter((g) => mine[g.id]);
    clear(box);
    box.append(
      gameList(t('my_games'), held, 'my-games', (g) => g.status === 'finished'
        ? [link(`#/replay/${g.id}`, t('replay'))] : [link(`#/game/${g.id}`, t('play'))]),
      gameList(t('open_games'), open.games.filter((g) => !mine[g.id]), 'open-games', (g) => [link(`#/join/${g.id}`, t('join'))]),
      gameList(t('running_games'), running.games, 'running-games', (g) => [link(`#/game/${g.id}`, mine[g.id] ? t('play') : t('watch'))]),
      gameList(t('finished_games'), finished.games, 'finished-games', (g) => [link(`#/replay/${g.id}`, t('replay'))]));
  } catch (err) {
    notify(t('network', { reason: err.message }), 'error');
  }
}

function link(href, text) {
  return el('a', { class: 'button', href }, text);
}

function gameList(title, games, id, buttons) {
  const list = el('ul', { class: 'games' });
  for (const g of games) {
    const who = g.seats.map((s) => (s.type === 'bot' ? `${t('seat_bot')} ${botName(s.bot)}` : s.taken ? s.name || t('seat_human') : t('free_seat')));
    list.append(el('li', { 'data-game': g.id },
      el('span', { class: 'game-name' }, `#${g.id} ${gameName(g)}`),
      el('span', { class: 'game-seats' }, who.join(', ')),
      el('span', { class: 'game-status' }, g.status === 'finished' ? g.result : t(`status_${g.status}`)),
      ...buttons(g)));
  }
  if (games.length === 0) list.append(el('li', { class: 'empty' }, t('none')));
  return el('section', { class: 'card', id }, el('h2', {}, title), list);
}

// ------------------------------------------------------------------ invitation

async function showJoin(main, id, wanted) {
  const held = seats.get(id);
  if (held) {
    location.hash = `#/game/${id}`;
    return;
  }
  let game;
  try {
    game = await api.summary(id);
  } catch (err) {
    main.append(el('p', {}, err.status === 404 ? t('not_found') : err.message));
    return;
  }
  document.getElementById('title').textContent = t('join_title', { id });
  const name = el('input', { id: 'join-name', value: localStorage.getItem(NAME_KEY) || '', maxlength: 40 });
  const card = el('div', { class: 'card join' }, el('h2', {}, `${t('join_title', { id })}: ${gameName(game)}`),
    el('label', {}, t('your_name'), name));
  const free = game.seats.filter((s) => s.type === 'human' && !s.taken && (wanted === null || s.seat === wanted));
  for (const seat of free) {
    const button = el('button', { class: 'primary', 'data-seat': seat.seat }, t('join_seat', { n: seat.seat + 1 }));
    button.addEventListener('click', async () => {
      localStorage.setItem(NAME_KEY, name.value.trim());
      try {
        const answer = await api.join(id, seat.seat, name.value.trim());
        seats.put(id, answer.seat, answer.token, name.value.trim());
        location.hash = `#/game/${id}`;
      } catch (err) {
        notify(t('illegal', { reason: err.message }), 'error');
      }
    });
    card.append(button);
  }
  if (free.length === 0) card.append(el('p', {}, t('status_' + game.status)), link(`#/game/${id}`, t('watch')));
  main.append(card);
}

// ------------------------------------------------------------------ start

const languageSelect = document.getElementById('language');
languageSelect.value = currentLanguage();
document.documentElement.lang = currentLanguage();
languageSelect.addEventListener('change', () => {
  setLanguage(languageSelect.value);
  route();
});
// The catalog first: the lobby's form and every game's name come from it.
api.catalog().then(setCatalog, (err) => notify(t('network', { reason: err.message }), 'error')).finally(() => {
  window.addEventListener('hashchange', route);
  route();
});
