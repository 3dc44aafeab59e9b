// replay.js -- the replay viewer (#/replay/ID): a game's line of play with
// a step slider, the board at any step (GET view?at=N, as the seat this
// browser held saw it, else as a spectator), the log with the current step
// marked, and buttons and arrow keys to step through.

import { api, seats } from './api.js';
import { t } from './i18n.js';
import { el, clear, notify, gameName, seatName, seatsTable, logNotes } from './ui.js';
import { loadBoardModule } from './game.js';

export function showReplay(main, id) {
  const held = seats.get(id);
  const token = held ? held.token : null;
  const page = { stopped: false, board: null, module: null, log: [], step: 0, loading: null, summary: null };

  const boardBox = el('div', { class: 'board-area', id: 'board' });
  const slider = el('input', { type: 'range', id: 'replay-step', min: 0, max: 0, value: 0, 'aria-label': t('step', { n: 0, total: 0 }) });
  const label = el('span', { id: 'replay-label', class: 'replay-label' });
  const scores = el('div', { class: 'players', id: 'players' });
  const logList = el('ol', { class: 'log', id: 'log' });
  const button = (key, id2, go) => {
    const b = el('button', { type: 'button', id: id2 }, t(key));
    b.addEventListener('click', () => go());
    return b;
  };
  main.append(el('div', { class: 'game replay' }, boardBox,
    el('aside', { class: 'side' },
      el('section', { class: 'card' }, el('h3', {}, t('replay')), slider, label,
        el('div', { class: 'controls' },
          button('first', 'replay-first', () => goTo(0)), button('previous', 'replay-previous', () => goTo(page.step - 1)),
          button('next', 'replay-next', () => goTo(page.step + 1)), button('last', 'replay-last', () => goTo(page.log.length)))),
      scores,
      el('section', { class: 'card log-card' }, el('h3', {}, t('log')), logList))));

  const names = () => page.summary.seats.map((s, i) => seatName(page.summary, i));

  async function goTo(step) {
    step = Math.max(0, Math.min(page.log.length, step));
    page.step = step;
    slider.value = step;
    label.textContent = t('step', { n: step, total: page.log.length });
    const asked = step;
    try {
      const view = await api.view(id, token, step);
      if (page.stopped || asked !== page.step) return; // a later step was asked meanwhile
      page.board.show(view, []);
      clear(scores);
      scores.append(seatsTable(page.summary, view.scores, view.to_move));
      for (const line of logList.children) line.classList.toggle('current', Number(line.dataset.index) === step - 1);
      const current = logList.querySelector('.current');
      if (current) current.scrollIntoView({ block: 'nearest' });
    } catch (err) {
      notify(t('network', { reason: err.message }), 'error');
    }
  }

  const onKey = (event) => {
    if (event.target instanceof HTMLInputElement && event.target !== slider) return;
    if (event.key === 'ArrowLeft') goTo(page.step - 1);
    else if (event.key === 'ArrowRight') goTo(page.step + 1);
    else if (event.key === 'Home') goTo(0);
    else if (event.key === 'End') goTo(page.log.length);
    else return;
    event.preventDefault();
  };
  slider.addEventListener('input', () => goTo(Number(slider.value)));
  document.addEventListener('keydown', onKey);

  (async () => {
    try {
      page.summary = await api.summary(id);
      page.module = await loadBoardModule(page.summary.game);
      if (page.stopped) return;
      document.getElementById('title').textContent = `${t('replay')}: #${id} ${gameName(page.summary)}`;
      page.board = page.module.createBoard(boardBox, { seat: held ? held.seat : null, names, act: async () => false, t });
      page.log = (await api.log(id, token)).actions;
      slider.max = page.log.length;
      for (const entry of page.log) {
        const line = el('li', { class: 'log-line', 'data-index': entry.index, title: entry.text }, page.module.describe(entry, names(), page.log));
        line.addEventListener('click', () => goTo(entry.index + 1));
        logList.append(line);
        logList.append(...logNotes(entry, names(), page.module));
      }
      goTo(page.summary.status === 'finished' ? page.log.length : 0);
    } catch (err) {
      main.replaceChildren(el('p', {}, err.status === 404 ? t('not_found') : err.message));
    }
  })();

  return () => {
    page.stopped = true;
    document.removeEventListener('keydown', onKey);
    if (page.board) page.board.destroy();
  };
}
