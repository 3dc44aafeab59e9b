// ui.js -- small helpers every page uses: building elements (HTML and SVG),
// emptying them, the notice line under the header, a game's display name,
// and the seats' colours.

import { t, has, register } from './i18n.js';

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

// The log notes' and the end summary's own words.
register({
  en: { payment: 'Payment', points_by_category: 'Points by category', starting_score: 'starting score' },
  cs: { payment: 'Platba', points_by_category: 'Body podle kategorií', starting_score: 'počáteční body' },
  pl: { payment: 'Zapłata', points_by_category: 'Punkty według kategorii', starting_score: 'punkty na start' },
});

// The notes the log adds after an action's line (GET .../log): what
// happened by itself before the scoring (a food day), the engine's score
// events (payments, as Tikal's bids, on their own line), what happened
// after them, and a new day or round as a separator. In that order, as
// the engine tells them (docs/api.md). module: the board module, whose
// scoreWords(event) and stepWords(step, names) tell them in the page's
// language; else the engine's English words.
export function logNotes(entry, names, module = {}) {
  const words = module.scoreWords ?? ((e) => e.what);
  const stepWords = module.stepWords ?? ((s) => s.what);
  const steps = (place) => (entry.steps || []).filter((step) => step.place === place).map((step) =>
    el('li', { class: `log-line step${place === 'period' ? ' period' : ''}`, 'data-kind': step.kind },
      `${stepWords(step, names)} (${step.rule})`));
  const events = (wanted) => (entry.scoring || []).filter((e) => (e.kind === 'payment') === wanted);
  const block = (list, label) => (list.length ? [el('li', { class: `log-line ${label}` },
    el('strong', {}, `${t(label)}: `), el('ul', {}, ...list.map((e) => el('li', { class: 'score-event', 'data-seat': e.seat, 'data-kind': e.kind },
      `${names[e.seat] ?? t('seat', { n: e.seat + 1 })} ${e.points > 0 ? '+' : '\u2212'}${Math.abs(e.points)}: ${words(e)} (${e.rule})`))))] : []);
  return [...steps('before'), ...block(events(true), 'payment'), ...block(events(false), 'scoring'), ...steps('after'),
    ...steps('period')];
}

// The end summary's table of each seat's points by category (the summary's
// categories, summed by the server from the engine's events), each named by
// the board module's categoryWords(kind) in the page's language.
export function categoriesTable(summary, module = {}) {
  const words = module.categoryWords ?? ((kind) => kind);
  const categories = summary.categories || [];
  if (!categories.length) return null;
  return el('table', { class: 'categories', id: 'categories' },
    el('caption', {}, t('points_by_category')),
    el('tr', {}, el('th', {}, ''), ...summary.seats.map((seat, i) => el('th', {}, seatName(summary, i)))),
    ...categories.map((c) => el('tr', { 'data-kind': c.kind },
      el('td', {}, c.kind === 'start' ? t('starting_score') : `${words(c.kind)} (${c.rule})`),
      ...c.points.map((points) => el('td', {}, String(points))))));
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
