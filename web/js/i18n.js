// i18n.js -- the page's languages: English, Czech and Polish, in the terms
// of the games' Czech and Polish rulebooks. The language comes from a choice
// saved in this browser, else from the browser's preferred languages.
// Modules add their own messages with register({en: {...}, cs: {...}, pl:
// {...}}); t(key, vars) looks a message up in the current language (English
// when missing) and fills {name} placeholders; missingMessages() lists the
// keys a language lacks (the browser test asks it).

export const LANGUAGES = ['en', 'cs', 'pl'];
const LANGUAGE_KEY = 'maya.language';

const messages = Object.fromEntries(LANGUAGES.map((lang) => [lang, {}]));
let language = pickLanguage();

function pickLanguage() {
  const saved = localStorage.getItem(LANGUAGE_KEY);
  if (LANGUAGES.includes(saved)) return saved;
  for (const wanted of navigator.languages || [navigator.language || 'en']) {
    const base = String(wanted).toLowerCase().split('-')[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return 'en';
}

export function register(table) {
  for (const lang of LANGUAGES) Object.assign(messages[lang], table[lang] || {});
}

export function currentLanguage() {
  return language;
}

export function setLanguage(lang) {
  if (!LANGUAGES.includes(lang)) return;
  language = lang;
  localStorage.setItem(LANGUAGE_KEY, lang);
  document.documentElement.lang = lang;
}

// Whether the current language has its own message for key (else t
// falls back to English).
export function has(key) {
  return key in messages[language];
}

export function t(key, vars = {}) {
  const text = messages[language][key] ?? messages.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in vars ? String(vars[name]) : whole));
}

// The plural forms of each language: English one, other; Czech one (1),
// few (2-4), many (0, 5+); Polish one (1), few (2-4, 22-24, ... but not
// 12-14), many (the rest).
const PLURAL_FORMS = { en: ['one', 'other'], cs: ['one', 'few', 'many'], pl: ['one', 'few', 'many'] };

function pluralForm(count) {
  if (language === 'cs') return count === 1 ? 'one' : count >= 2 && count <= 4 ? 'few' : 'many';
  if (language === 'pl') {
    const teen = count % 100 >= 12 && count % 100 <= 14;
    return count === 1 ? 'one' : count % 10 >= 2 && count % 10 <= 4 && !teen ? 'few' : 'many';
  }
  return count === 1 ? 'one' : 'other';
}

// The keys a language lacks, as "lang: key": every English message must
// exist in every language, a counted one (key_one, key_other) in each of
// the language's plural forms.
export function missingMessages() {
  const missing = [];
  const plural = new RegExp(`_(${PLURAL_FORMS.en.join('|')})$`);
  for (const key of Object.keys(messages.en)) {
    const base = key.replace(plural, '');
    const counted = base !== key && `${base}_one` in messages.en; // not tk_log_other
    for (const lang of LANGUAGES) {
      const wanted = counted ? PLURAL_FORMS[lang].map((form) => `${base}_${form}`) : [key];
      for (const one of wanted) if (!(one in messages[lang])) missing.push(`${lang}: ${one}`);
    }
  }
  return [...new Set(missing)];
}

// The message key_one, key_few, key_many or key_other that fits count,
// with {n} filled by count (and vars).
export function tCount(key, count, vars = {}) {
  return t(`${key}_${pluralForm(count)}`, { n: count, ...vars });
}

register({
  en: {
    app_title: 'maya — Tikal and Tzolk\u2019in',
    lobby: 'Lobby',
    language: 'Language',
    new_game: 'New game',
    game: 'Game',
    tikal: 'Tikal',
    tzolkin: 'Tzolk\u2019in',
    variant: 'Variant',
    variant_basic: 'basic game',
    variant_auction: 'auction game',
    players: 'Players',
    seat: 'Seat {n}',
    seat_human: 'person',
    seat_bot: 'bot',
    your_name: 'Your name',
    turn_limit: 'Time per turn (minutes, 0 = none)',
    create: 'Create',
    i_take_seat: 'I take seat {n}',
    invite: 'Invitation link for seat {n}',
    copy: 'Copy',
    copied: 'Copied',
    open_games: 'Open games',
    running_games: 'Running games',
    finished_games: 'Finished games',
    my_games: 'My games',
    none: 'None.',
    join: 'Join',
    play: 'Play',
    watch: 'Watch',
    replay: 'Replay',
    free_seat: 'free',
    status_open: 'waiting for players',
    status_running: 'running',
    status_finished: 'finished',
    join_title: 'Join game {id}',
    join_seat: 'Take seat {n}',
    joined_already: 'You hold seat {n} of this game.',
    to_move: 'to move',
    your_turn: 'Your turn',
    waiting_for: 'Waiting for {name}',
    bot_thinking: '{name} (bot) is thinking…',
    spectating: 'You are watching.',
    actions: 'Actions',
    filter_actions: 'Filter actions',
    more_actions: '{n} more — type to filter',
    undo: 'Undo',
    log: 'Log',
    score: 'Score',
    scores: 'Scores',
    stale: 'The game moved on meanwhile; the board is up to date again.',
    illegal: 'Not allowed: {reason}',
    network: 'No connection to the server: {reason}',
    reconnecting: 'Live updates interrupted; reconnecting…',
    game_over: 'Game over',
    winner: 'Winner: {names}',
    winners: 'Winners: {names}',
    final_scores: 'Final scores',
    record: 'Record',
    download_record: 'Download the record',
    back_to_lobby: 'Back to the lobby',
    step: 'Step {n} of {total}',
    first: 'First',
    previous: 'Previous',
    next: 'Next',
    last: 'Last',
    scoring: 'Scoring',
    scored: '{name} +{points}',
    leave: 'Leave the game',
    leave_confirm: 'Give your seat to a bot and leave?',
    hint: 'Hint',
    hint_thinking: 'Thinking…',
    hints_title: 'The {level} bot would play:',
    // a bot level's time per turn in the lobby (the server's figures)
    level_turn_time: 'about {s} s a turn',
    level_turn_fast: 'under 0.1 s a turn',
    hint_chance: '{n}% to win',
    hints_off: 'No hints for me',
    hints_off_confirm: 'Turn hints off for the rest of this game? They cannot be turned on again, and the other players see it.',
    hints_are_off: 'Hints are off for you in this game.',
    hints_busy: 'The server is busy working out hints; ask again in a moment.',
    chance: 'chance',
    you: 'you',
    not_found: 'No such game.',
  },
  cs: {
    app_title: 'maya — Tikal a Tzolk\u2019in',
    lobby: 'Lobby',
    language: 'Jazyk',
    new_game: 'Nová hra',
    game: 'Hra',
    tikal: 'Tikal',
    tzolkin: 'Tzolk\u2019in',
    variant: 'Varianta',
    variant_basic: 'základní hra',
    variant_auction: 'hra s dražbou',
    players: 'Hráči',
    seat: 'Hráč {n}',
    seat_human: 'člověk',
    seat_bot: 'bot',
    level_beginner: 'hraje tah, který vypadá nejlépe, bez přemýšlení dopředu',
    level_casual: 'přemýšlí trochu dopředu',
    level_strong: 'přemýšlí dobře dopředu (výchozí bot)',
    level_expert: 'přemýšlí nejdéle',
    level_turn_time: 'asi {s} s na tah',
    level_turn_fast: 'pod 0,1 s na tah',
    bot_beginner: 'začátečník',
    bot_casual: 'rekreační hráč',
    bot_strong: 'silný',
    bot_expert: 'expert',
    your_name: 'Vaše jméno',
    turn_limit: 'Čas na tah (minuty, 0 = bez limitu)',
    create: 'Vytvořit',
    i_take_seat: 'Hraji za hráče {n}',
    invite: 'Pozvánka pro hráče {n}',
    copy: 'Kopírovat',
    copied: 'Zkopírováno',
    open_games: 'Otevřené hry',
    running_games: 'Probíhající hry',
    finished_games: 'Dohrané hry',
    my_games: 'Moje hry',
    none: 'Žádné.',
    join: 'Přisednout',
    play: 'Hrát',
    watch: 'Sledovat',
    replay: 'Záznam',
    free_seat: 'volné',
    status_open: 'čeká na hráče',
    status_running: 'probíhá',
    status_finished: 'dohráno',
    join_title: 'Přisednout ke hře {id}',
    join_seat: 'Hrát za hráče {n}',
    joined_already: 'V této hře hrajete za hráče {n}.',
    to_move: 'na tahu',
    your_turn: 'Jste na tahu',
    waiting_for: 'Čeká se na: {name}',
    bot_thinking: '{name} (bot) přemýšlí…',
    spectating: 'Hru sledujete.',
    actions: 'Akce',
    filter_actions: 'Hledat akci',
    more_actions: 'dalších {n} — pište pro zúžení',
    undo: 'Vzít zpět',
    log: 'Průběh hry',
    score: 'Body',
    scores: 'Body',
    stale: 'Hra mezitím pokročila; deska je znovu aktuální.',
    illegal: 'Nelze: {reason}',
    network: 'Spojení se serverem selhalo: {reason}',
    reconnecting: 'Živé aktualizace přerušeny; připojuji znovu…',
    game_over: 'Konec hry',
    winner: 'Vítěz: {names}',
    winners: 'Vítězové: {names}',
    final_scores: 'Konečné skóre',
    record: 'Záznam',
    download_record: 'Stáhnout záznam',
    back_to_lobby: 'Zpět do lobby',
    step: 'Krok {n} z {total}',
    first: 'Začátek',
    previous: 'Zpět',
    next: 'Dál',
    last: 'Konec',
    scoring: 'Bodování',
    scored: '{name} +{points}',
    leave: 'Odejít ze hry',
    leave_confirm: 'Předat svou hru botovi a odejít?',
    hint: 'Nápověda',
    hint_thinking: 'Přemýšlím…',
    hints_title: 'Bot {level} by hrál:',
    hint_chance: '{n} % na výhru',
    hints_off: 'Bez nápovědy',
    hints_off_confirm: 'Vypnout nápovědu do konce této hry? Znovu ji zapnout nelze a ostatní hráči to uvidí.',
    hints_are_off: 'Nápovědu máte v této hře vypnutou.',
    hints_busy: 'Server teď počítá jiné nápovědy; zkuste to za chvíli.',
    chance: 'náhoda',
    you: 'vy',
    not_found: 'Taková hra neexistuje.',
  },
  pl: {
    app_title: 'maya — Tikal i Tzolk\u2019in',
    lobby: 'Poczekalnia',
    language: 'Język',
    new_game: 'Nowa gra',
    game: 'Gra',
    tikal: 'Tikal',
    tzolkin: 'Tzolk\u2019in',
    variant: 'Wariant',
    variant_basic: 'gra podstawowa',
    variant_auction: 'gra z licytacją',
    players: 'Gracze',
    seat: 'Gracz {n}',
    seat_human: 'człowiek',
    seat_bot: 'bot',
    level_beginner: 'gra ruch, który wygląda najlepiej, bez myślenia naprzód',
    level_casual: 'myśli trochę naprzód',
    level_strong: 'myśli dobrze naprzód (bot domyślny)',
    level_expert: 'myśli najdłużej',
    level_turn_time: 'około {s} s na turę',
    level_turn_fast: 'poniżej 0,1 s na turę',
    bot_beginner: 'początkujący',
    bot_casual: 'rekreacyjny',
    bot_strong: 'silny',
    bot_expert: 'ekspert',
    your_name: 'Twoje imię',
    turn_limit: 'Czas na turę (minuty, 0 = bez limitu)',
    create: 'Utwórz',
    i_take_seat: 'Gram jako gracz {n}',
    invite: 'Zaproszenie dla gracza {n}',
    copy: 'Kopiuj',
    copied: 'Skopiowano',
    open_games: 'Otwarte gry',
    running_games: 'Trwające gry',
    finished_games: 'Zakończone gry',
    my_games: 'Moje gry',
    none: 'Brak.',
    join: 'Dołącz',
    play: 'Graj',
    watch: 'Oglądaj',
    replay: 'Zapis',
    free_seat: 'wolne',
    status_open: 'czeka na graczy',
    status_running: 'trwa',
    status_finished: 'zakończona',
    join_title: 'Dołącz do gry {id}',
    join_seat: 'Graj jako gracz {n}',
    joined_already: 'W tej grze grasz jako gracz {n}.',
    to_move: 'na ruchu',
    your_turn: 'Twoja tura',
    waiting_for: 'Czekamy na: {name}',
    bot_thinking: '{name} (bot) myśli…',
    spectating: 'Oglądasz grę.',
    actions: 'Akcje',
    filter_actions: 'Szukaj akcji',
    more_actions: 'jeszcze {n} — pisz, aby zawęzić',
    undo: 'Cofnij',
    log: 'Przebieg gry',
    score: 'Punkty',
    scores: 'Punkty',
    stale: 'Gra w międzyczasie poszła dalej; plansza jest znów aktualna.',
    illegal: 'Niedozwolone: {reason}',
    network: 'Brak połączenia z serwerem: {reason}',
    reconnecting: 'Przerwane aktualizacje na żywo; łączę ponownie…',
    game_over: 'Koniec gry',
    winner: 'Zwycięzca: {names}',
    winners: 'Zwycięzcy: {names}',
    final_scores: 'Wynik końcowy',
    record: 'Zapis',
    download_record: 'Pobierz zapis',
    back_to_lobby: 'Wróć do poczekalni',
    step: 'Krok {n} z {total}',
    first: 'Początek',
    previous: 'Wstecz',
    next: 'Dalej',
    last: 'Koniec',
    scoring: 'Punktacja',
    scored: '{name} +{points}',
    leave: 'Opuść grę',
    leave_confirm: 'Oddać swoją grę botowi i wyjść?',
    hint: 'Podpowiedź',
    hint_thinking: 'Myślę…',
    hints_title: 'Bot {level} zagrałby:',
    hint_chance: '{n}% na wygraną',
    hints_off: 'Bez podpowiedzi',
    hints_off_confirm: 'Wyłączyć podpowiedzi do końca tej gry? Nie da się ich włączyć ponownie, a inni gracze to zobaczą.',
    hints_are_off: 'Masz wyłączone podpowiedzi w tej grze.',
    hints_busy: 'Serwer liczy teraz inne podpowiedzi; spróbuj za chwilę.',
    chance: 'los',
    you: 'ty',
    not_found: 'Nie ma takiej gry.',
  },
});
