// api.js -- the browser's client of the server's HTTP/JSON API (docs/api.md)
// and the seats this browser holds. Every request goes through request(),
// which turns an error answer into an ApiError with the server's reason and
// code; live updates come from the game's Server-Sent Events stream.

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status; // HTTP status, 0 when the server did not answer
    this.code = code; // the server's machine-readable code ("stale", "illegal", ...)
  }
}

async function request(method, path, { token = null, body = undefined } = {}) {
  const headers = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let answer;
  try {
    answer = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (err) {
    throw new ApiError(0, 'network', err.message);
  }
  const type = answer.headers.get('Content-Type') || '';
  const data = type.startsWith('application/json') ? await answer.json() : await answer.text();
  if (!answer.ok) {
    const reason = typeof data === 'object' && data ? data : { error: String(data), code: 'http' };
    throw new ApiError(answer.status, reason.code, reason.error);
  }
  return data;
}

const game = (id, verb = '') => `/api/games/${id}${verb ? '/' + verb : ''}`;

export const api = {
  catalog: () => request('GET', '/api/catalog'),
  facts: (game) => request('GET', `/api/facts/${game}`),
  create: (body) => request('POST', '/api/games', { body }),
  list: (status, limit = 50) => request('GET', `/api/games?${status ? `status=${status}&` : ''}limit=${limit}`),
  summary: (id) => request('GET', game(id)),
  join: (id, seat, name) => request('POST', game(id, 'join'), { body: { seat, ...(name ? { name } : {}) } }),
  view: (id, token, at = null) => request('GET', game(id, 'view') + (at === null ? '' : `?at=${at}`), { token }),
  legal: (id, token) => request('GET', game(id, 'legal'), { token }),
  preview: (id, token, line) => request('GET', `${game(id, 'preview')}?line=${encodeURIComponent(line)}`, { token }),
  act: (id, token, version, action) => request('POST', game(id, 'actions'), { token, body: { version, action } }),
  undo: (id, token, version) => request('POST', game(id, 'undo'), { token, body: { version } }),
  leave: (id, token) => request('POST', game(id, 'leave'), { token, body: {} }),
  log: (id, token, from = 0) => request('GET', `${game(id, 'log')}?from=${from}`, { token }),
  record: (id, token) => request('GET', game(id, 'record'), { token }),
  hints: (id, token) => request('GET', game(id, 'hints'), { token }),
  hintsOff: (id, token) => request('POST', game(id, 'hints/off'), { token, body: {} }),
};

// A copy of view changed by patch, the JSON Patch (RFC 6902) of a "patch"
// event: "add", "replace" and "remove" at JSON Pointer paths (RFC 6901).
// Throws if an operation does not apply; view itself is not changed.
export function applyPatch(view, patch) {
  let doc = structuredClone(view);
  for (const { op, path, value } of patch) {
    if (path === '' && op !== 'remove') {
      doc = value;
      continue;
    }
    const steps = path.split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
    const key = steps.pop();
    let parent = doc;
    for (const step of steps) parent = parent === null || typeof parent !== 'object' ? undefined : parent[step];
    if (parent === null || typeof parent !== 'object' || !['add', 'replace', 'remove'].includes(op)) {
      throw new Error(`the patch's "${op}" of ${path} does not apply`);
    }
    if (Array.isArray(parent)) {
      const i = key === '-' ? parent.length : Number(key);
      if (!(i >= 0 && i <= parent.length - (op === 'add' ? 0 : 1))) throw new Error(`no item ${path}`);
      parent.splice(i, op === 'add' ? 0 : 1, ...(op === 'remove' ? [] : [value]));
    } else if (op === 'remove') delete parent[key];
    else parent[key] = value;
  }
  return doc;
}

// Live views of game id for token's seat (or a spectator): onView(view) on
// connecting and after every change. The stream sends the whole view first,
// then patches from one view to the next: each is applied to the last view
// if it follows it (its "from" is the last event's id), else the stream is
// opened again for a whole view. The browser reconnects by itself;
// onState(open) says whether the stream is up. Returns a function that stops.
export function watch(id, token, onView, onState = () => {}) {
  const url = game(id, 'events') + (token ? `?token=${encodeURIComponent(token)}` : '');
  let source = null;
  let last = null; // the last view and its event's id
  let lastId = null;
  const open = () => {
    source = new EventSource(url);
    source.addEventListener('view', (event) => {
      last = JSON.parse(event.data);
      lastId = event.lastEventId;
      onView(last);
    });
    source.addEventListener('patch', (event) => {
      const change = JSON.parse(event.data);
      try {
        if (last === null || String(change.from) !== lastId) throw new Error('a patch out of sequence');
        last = applyPatch(last, change.patch);
        lastId = String(change.to);
      } catch {
        source.close();
        open();
        return;
      }
      onView(last);
    });
    source.onopen = () => onState(true);
    source.onerror = () => onState(false);
  };
  open();
  return () => source.close();
}

// The seats this browser holds, kept in localStorage: {gameId: {seat, token, name}}.
const SEATS_KEY = 'maya.seats.v1';

export const seats = {
  all() {
    try {
      return JSON.parse(localStorage.getItem(SEATS_KEY)) || {};
    } catch {
      return {};
    }
  },
  get(id) {
    return this.all()[id] || null;
  },
  put(id, seat, token, name) {
    const all = this.all();
    all[id] = { seat, token, name: name || '' };
    localStorage.setItem(SEATS_KEY, JSON.stringify(all));
  },
  drop(id) {
    const all = this.all();
    delete all[id];
    localStorage.setItem(SEATS_KEY, JSON.stringify(all));
  },
};
