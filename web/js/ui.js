// ui.js -- small helpers every page uses: building elements (HTML and SVG),
// emptying them, the notice line under the header, a game's display name,
// and the seats' colours.

import { t, has } from './i18n.js';

const SVG_NS = 'http://www.w3.org/2000/svg';

// el('div', {class: 'x', onclick: f}, child, 'text', ...): an HTML element.
export function el(tag, attributes = {}, ...children) {
  return fill(document.createElement(tag), attributes, children);
}

// The same for SVG elements.
export function svg(tag, attributes = {}, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attributes, children);
}

function fill(node, attributes, children) {
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    if (name.startsWith('on') && typeof value === 'function') node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// The scoring notes of a log entry (GET .../log: the engine's score events
// of that line, "scoring"), one line each: "Pavel +5: temple d3 majority,
// value 5 (T18.1)"; null when the line scored nothing. words(event): the
// event in the page's language (a board module's scoreWords), else the
// engine's English words.
export function scoringNotes(entry, names, words = (e) => e.what) {
  if (!entry.scoring || !entry.scoring.length) return null;
  const lines = entry.scoring.map((e) => el('li', { class: 'score-event', 'data-seat': e.seat, 'data-kind': e.kind },
    `${names[e.seat] ?? t('seat', { n: e.seat + 1 })} ${e.points > 0 ? '+' : '\u2212'}${Math.abs(e.points)}: ${words(e)} (${e.rule})`));
  return el('li', { class: 'log-line scoring' }, el('strong', {}, `${t('scoring')}: `), el('ul', {}, ...lines));
}

export function clear(node) {
  while (node.firstChild) node.firstChild.remove();
  return node;
}

let noticeTimer = null;

// Show a message under the header for a while (kind: 'info' or 'error').
export function notify(message, kind = 'info') {
  const box = document.getElementById('notice');
  box.textContent = message;
  box.className = `notice ${kind}`;
  box.hidden = false;
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(() => { box.hidden = true; }, kind === 'error' ? 8000 : 5000);
}

// What the server offers (GET /api/catalog): its games with their titles,
// variants (the first is the default) and seats, and its bots' levels.
// app.js loads it once before the first page.
let catalog = { games: [], bots: { levels: [], default: '', hints: '' } };

export function setCatalog(answer) {
  catalog = answer;
}

export function getCatalog() {
  return catalog;
}

// A variant's name as people read it: this language's words when i18n has
// them, else the engine's name.
export function variantLabel(variant) {
  const key = `variant_${variant}`;
  return t(key) === key ? variant : t(key);
}

// "Tikal (auction game), 3 players" from a summary: the catalog's title and
// the variant when it is not the game's default.
export function gameName(summary) {
  const entry = catalog.games.find((g) => g.name === summary.game);
  const variant = entry && summary.variant && summary.variant !== entry.variants[0] ? ` (${variantLabel(summary.variant)})` : '';
  return `${entry ? entry.title : summary.game}${variant}, ${summary.players} ${t('players').toLowerCase()}`;
}

// The seats' colours, as in the physical games: red, blue, yellow, green.
export const SEAT_COLOURS = ['#c8372d', '#2f5fb3', '#e0b020', '#2e8b57'];

// A seat's colour dot and name, for tables and lists.
export function seatLabel(summary, seat) {
  return [el('span', { class: 'swatch', style: `background:${SEAT_COLOURS[seat]}` }), seatName(summary, seat)];
}

// The seats with their scores: the one to move marked, and mySeat (null: none) as "you".
export function seatsTable(summary, scores, toMove, mySeat = null) {
  const table = el('table', { class: 'seats-table' }, el('tr', {}, el('th', {}, ''), el('th', {}, t('score'))));
  summary.seats.forEach((seat, s) => {
    table.append(el('tr', { class: [toMove === s ? 'to-move' : '', s === mySeat ? 'mine' : ''].join(' '), 'data-seat': s },
      el('td', {}, ...seatLabel(summary, s), s === mySeat ? ` (${t('you')})` : ''),
      el('td', { class: 'score' }, String(scores[s]))));
  });
  return table;
}

// A bot level's name in this language (i18n's bot_NAME), else the server's
// name: a bot spec such as "mcts:millis=500" stays as it is.
export function botName(name) {
  return has(`bot_${name}`) ? t(`bot_${name}`) : name;
}

// A seat's name for people: the name given, else "Seat N" (and its bot).
export function seatName(summary, seat) {
  const s = summary.seats[seat];
  if (!s) return t('seat', { n: seat + 1 });
  if (s.type === 'bot') return `${t('seat', { n: seat + 1 })} (${botName(s.bot)})`;
  return s.name || t('seat', { n: seat + 1 });
}
