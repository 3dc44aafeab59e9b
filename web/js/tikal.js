// tikal.js -- the Tikal board of the game page and the replay viewer (the
// contract is in game.js): the 8×5 hex board in SVG as on the table (tiles
// with their stones, temples, treasures, volcanoes, camps, guards, each
// seat's figures), the tile in hand to turn and place, a figure's cheapest
// path (the server's, observation.routes) walked one legal move at a time, the auction, and each seat's supply
// and treasures; describe() puts the log into words, actionWords() the
// legal actions, scoreWords() the engine's score events, in English, Czech
// and Polish (the rulebooks' terms); mark() outlines the fields the other
// seats' recent moves touched (game.js). It shows only what the
// observation holds (docs/observation.md) and acts only through legal
// actions (tikal.md T29).

import { api } from './api.js';
import { t, tCount, has, register } from './i18n.js';
import { el, svg, clear, notify, SEAT_COLOURS } from './ui.js';

// ---- the board's shape: data/tikal.txt, BOARD 8 5 ODDQ_DOWN ----------------

const COLUMNS = 8;
const ROWS = 5;
const FIELDS = COLUMNS * ROWS;

// Every tile as a tile card (kind and printed value: temple value, treasure
// masks), so that a log line can name the tile it speaks of, and the AP of
// each action by its verb: the engine's tables (GET /api/facts/tikal,
// docs/api.md).
const FACTS = await api.facts('tikal');
const TILES = new Map(FACTS.tiles.map((card) => [card.tile, card]));

// ---- drawing ---------------------------------------------------------------

const R = 50; // a field's circumradius in SVG units
const APOTHEM = (R * Math.sqrt(3)) / 2;
const MARGIN = 24; // room for the coordinates around the board
const BOARD_LONG = R * (2 + 1.5 * (COLUMNS - 1));
const BOARD_SHORT = APOTHEM * (2 * ROWS + 1);
const PORTRAIT_BELOW_PX = 520; // a narrower board is drawn turned a quarter, columns downwards
const SYMBOL_RISE = 0.3 * R; // a field's symbol sits this far above its centre
const WHEEL_STEP_MS = 140; // at most one turn of the tile per this many ms of wheel
const STEP_WAIT_MS = 10000; // how long a walk waits for the view after each step
const FIELD_FILL = {
  empty: '#2d4a31',
  basecamp: '#d8c79c',
  jungle: '#93b96b',
  temple: '#a9bf84',
  treasure: '#b7c47c',
  volcano: '#6e4a38',
};
const MOTIF_COLOURS = ['#b03a2e', '#1f6fb2', '#d4a017', '#2e8b57', '#7d3c98', '#d35400', '#17a2b8', '#6d4c41'];
const CROWN = 'M-1,0.55 L-1,-0.45 L-0.5,0.05 L0,-0.6 L0.5,0.05 L1,-0.45 L1,0.55 Z';

// ---- messages ----------------------------------------------------------------

export const messages = {
  en: {
    tk_kind_empty: 'unexplored',
    tk_kind_basecamp: 'base camp',
    tk_kind_jungle: 'jungle',
    tk_kind_temple: 'temple',
    tk_kind_treasure: 'treasure',
    tk_kind_volcano: 'volcano',
    tk_tile_temple: 'temple {value}',
    tk_tile_treasure: '{value}-mask treasure',
    tk_explorer: 'explorer',
    tk_leader: 'leader',
    tk_log_draw: 'chance: tile {tile} ({kind}) drawn',
    tk_log_reveal: 'chance: tile {tile} ({kind}) revealed for the auction',
    tk_log_treasure: 'chance: treasure {motif} dug up',
    tk_log_bid: '{name} bid {points}',
    tk_log_pass: '{name} passed',
    tk_log_take: '{name} took tile {tile} ({kind})',
    tk_log_place: '{name} placed tile {tile} on {field}',
    tk_log_place_unknown: '{name} placed the tile on {field}',
    tk_log_deploy_E: '{name} deployed an explorer to {field}',
    tk_log_deploy_L: '{name} deployed the leader to {field}',
    tk_log_path_E: '{name} took an explorer along a secret path from {from} to {to}',
    tk_log_path_L: '{name} took the leader along a secret path from {from} to {to}',
    tk_log_move_E: '{name} moved an explorer from {from} to {to}',
    tk_log_move_L: '{name} moved the leader from {from} to {to}',
    tk_log_uncover: '{name} uncovered a temple level on {field}',
    tk_log_dig: '{name} dug a treasure on {field}',
    tk_log_swap: '{name} swapped treasure {give} for treasure {take} of {other}',
    tk_log_build: '{name} built a camp on {field}',
    tk_log_guard: '{name} placed a temple guard on {field}',
    tk_log_end: '{name} ended the turn',
    tk_log_other: '{name}: {text}',
    tk_doing_draw: 'draws a tile',
    tk_doing_reveal: 'reveals tiles for the auction',
    tk_doing_treasure: 'digs',
    tk_doing_place: 'places a tile',
    tk_doing_normal: 'takes actions',
    tk_doing_scoring: 'scoring turn',
    tk_doing_final: 'final scoring turn',
    tk_doing_bid: 'bids',
    tk_doing_take: 'takes a tile',
    tk_doing_chance: 'chance…',
    tk_doing_over: 'The game is over',
    tk_ap: '{n} AP',
    tk_ap_title: 'action points left in this turn',
    tk_hand: 'In hand',
    tk_no_hand: 'no tile in hand',
    tk_stack: 'Stack: {n}',
    tk_stack_next: 'next {letter}',
    tk_volcano_round: 'Volcano scoring round (volcano of {name}): scoring turn {k} of {total}',
    tk_final_round: 'Final scoring: {order}',
    tk_hint_place: 'Turn the tile with R or the mouse wheel, then click a highlighted field.',
    tk_hint_place_touch: 'Tap a highlighted field, turn the tile, then place it.',
    tk_hint_actions: 'Click one of your figures and then a destination, or any field for its actions.',
    tk_hint_deploy: 'You have no figures on the board yet: click the base camp to deploy one, or any field for its actions.',
    tk_hint_move: 'Click a field with a cost to see the cheapest path there; click it again, or Move, to go.',
    tk_hint_watch: 'Click a field for its details.',
    tk_hint_bid: 'Bid for the first choice of a displayed tile, or pass.',
    tk_hint_take: 'Take one of the displayed tiles: click it.',
    tk_rotate_left: '⟲',
    tk_rotate_right: '⟳',
    tk_rotate_title: 'Turn the tile (R, Shift+R, mouse wheel)',
    tk_place_on: 'Place on {field}',
    tk_move_plan: '{figure} {from} → {to}: {cost} AP ({steps})',
    tk_steps_one: '{n} step',
    tk_steps_other: '{n} steps',
    tk_move_plan_many: '{count} × {figure} {from} → {to}: {cost} AP',
    tk_move_go: 'Move ({cost} AP)',
    tk_count: 'Figures',
    tk_cancel: 'Cancel',
    tk_end_turn: 'End the turn',
    tk_walk_stopped: 'The walk stopped before {step}: it is no longer legal.',
    tk_do_uncover: 'Uncover a level ({cost} AP)',
    tk_do_dig: 'Dig a treasure ({cost} AP)',
    tk_do_build: 'Build a camp ({cost} AP)',
    tk_do_guard: 'Place a temple guard ({cost} AP)',
    tk_do_deploy_E: 'Deploy an explorer ({cost} AP)',
    tk_do_deploy_L: 'Deploy the leader ({cost} AP)',
    tk_field_value: 'value {value}',
    tk_levels_one: '{n} level uncovered',
    tk_levels_other: '{n} levels uncovered',
    tk_tokens_one: '{n} treasure left',
    tk_tokens_other: '{n} treasures left',
    tk_explorers_one: '{n} explorer',
    tk_explorers_other: '{n} explorers',
    tk_field_camp: 'camp of {name}',
    tk_field_guard: 'guarded by {name}',
    tk_field_figures: '{name}: {explorers}',
    tk_with_leader: ' + leader',
    tk_field_nobody: 'no figures',
    tk_auction: 'Auction',
    tk_high_bid: 'Highest bid: {points} ({name})',
    tk_no_bid: 'No bid yet',
    tk_opener: 'opened by {name}',
    tk_passed: 'passed: {names}',
    tk_bid: 'Bid',
    tk_pass: 'Pass',
    tk_supply: 'supply',
    tk_camps_left: 'camps left',
    tk_guards_left: 'guards left',
    tk_removed: 'removed',
    tk_treasures: 'treasures',
    tk_points: '{points} pts',
    tk_swap_hint: 'Swap: click one of your single treasures, then another player\u2019s single ({cost} AP).',
    tk_swap_pick: 'Give treasure {motif} for which single?',
    tk_act_place: 'Place the tile on {field} (turned {turn})',
    tk_act_deploy_E: 'Deploy an explorer to {field}',
    tk_act_deploy_L: 'Deploy the leader to {field}',
    tk_act_move_E: 'Move an explorer {from} → {to}',
    tk_act_move_L: 'Move the leader {from} → {to}',
    tk_act_path_E: 'Explorer along the secret path {from} → {to}',
    tk_act_path_L: 'Leader along the secret path {from} → {to}',
    tk_act_uncover: 'Uncover a temple level on {field}',
    tk_act_dig: 'Dig a treasure on {field}',
    tk_act_build: 'Build a camp on {field}',
    tk_act_guard: 'Place a temple guard on {field}',
    tk_act_swap: 'Swap treasure {give} for treasure {take} of {other}',
    tk_act_bid: 'Bid {points}',
    tk_act_pass: 'Pass',
    tk_act_end: 'End the turn',
    tk_act_take: 'Take tile {tile} ({kind})',
    tk_act_cost: '{words} · {cost} AP',
    tk_still_bidding: 'still bidding: {names}',
    tk_bid_range: 'A bid is a whole number from {lowest} to {highest}: at most your score (T22.6).',
  },
  cs: {
    tk_kind_empty: 'neprozkoumané',
    tk_kind_basecamp: 'základní tábor',
    tk_kind_jungle: 'prales',
    tk_kind_temple: 'chrám',
    tk_kind_treasure: 'poklad',
    tk_kind_volcano: 'sopka',
    tk_tile_temple: 'chrám {value}',
    tk_tile_treasure: 'poklad se {value} maskami',
    tk_explorer: 'účastník expedice',
    tk_leader: 'vůdce expedice',
    tk_log_draw: 'náhoda: tažen dílek {tile} ({kind})',
    tk_log_reveal: 'náhoda: k dražbě odkryt dílek {tile} ({kind})',
    tk_log_treasure: 'náhoda: vykopán poklad {motif}',
    tk_log_bid: '{name} nabízí {points}',
    tk_log_pass: '{name} pasuje',
    tk_log_take: '{name} bere dílek {tile} ({kind})',
    tk_log_place: '{name} pokládá dílek {tile} na {field}',
    tk_log_place_unknown: '{name} pokládá dílek na {field}',
    tk_log_deploy_E: '{name} nasazuje účastníka expedice na {field}',
    tk_log_deploy_L: '{name} nasazuje vůdce expedice na {field}',
    tk_log_path_E: '{name} vede účastníka expedice tajnou stezkou z {from} na {to}',
    tk_log_path_L: '{name} vede vůdce expedice tajnou stezkou z {from} na {to}',
    tk_log_move_E: '{name} táhne účastníkem expedice z {from} na {to}',
    tk_log_move_L: '{name} táhne vůdcem expedice z {from} na {to}',
    tk_log_uncover: '{name} odkrývá patro chrámu na {field}',
    tk_log_dig: '{name} vykopává poklad na {field}',
    tk_log_swap: '{name} vyměňuje poklad {give} za poklad {take} hráče {other}',
    tk_log_build: '{name} staví tábor na {field}',
    tk_log_guard: '{name} staví strážce chrámu na {field}',
    tk_log_end: '{name} končí tah',
    tk_log_other: '{name}: {text}',
    tk_doing_draw: 'táhne dílek',
    tk_doing_reveal: 'odkrývá dílky k dražbě',
    tk_doing_treasure: 'kope',
    tk_doing_place: 'pokládá dílek',
    tk_doing_normal: 'provádí akce',
    tk_doing_scoring: 'vyhodnocovací tah',
    tk_doing_final: 'závěrečný vyhodnocovací tah',
    tk_doing_bid: 'draží',
    tk_doing_take: 'bere dílek',
    tk_doing_chance: 'náhoda…',
    tk_doing_over: 'Hra skončila',
    tk_ap: '{n} AB',
    tk_ap_title: 'akční body, které v tomto tahu zbývají',
    tk_hand: 'V ruce',
    tk_no_hand: 'žádný dílek v ruce',
    tk_stack: 'Zbývá dílků: {n}',
    tk_stack_next: 'další {letter}',
    tk_volcano_round: 'Vyhodnocovací kolo (sopka hráče {name}): vyhodnocovací tah {k} z {total}',
    tk_final_round: 'Závěrečné vyhodnocení: {order}',
    tk_hint_place: 'Dílek otočíte klávesou R nebo kolečkem myši; pak klikněte na zvýrazněné pole.',
    tk_hint_place_touch: 'Ťukněte na zvýrazněné pole, otočte dílek a položte ho.',
    tk_hint_actions: 'Klikněte na svou figurku a pak na cíl, nebo na libovolné pole pro jeho akce.',
    tk_hint_deploy: 'Na plánu zatím nemáte žádnou figurku: klikněte na základní tábor a nasaďte ji, nebo na libovolné pole pro jeho akce.',
    tk_hint_move: 'Klikněte na pole s cenou a uvidíte nejlevnější cestu; dalším kliknutím nebo tlačítkem Táhnout vyrazíte.',
    tk_hint_watch: 'Klikněte na pole pro podrobnosti.',
    tk_hint_bid: 'Přihoďte o první výběr z vyložených dílků, nebo pasujte.',
    tk_hint_take: 'Vezměte si jeden z vyložených dílků: klikněte na něj.',
    tk_rotate_left: '⟲',
    tk_rotate_right: '⟳',
    tk_rotate_title: 'Otočit dílek (R, Shift+R, kolečko myši)',
    tk_place_on: 'Položit na {field}',
    tk_move_plan: '{figure} {from} → {to}: {cost} AB ({steps})',
    tk_steps_one: '{n} krok',
    tk_steps_few: '{n} kroky',
    tk_steps_many: '{n} kroků',
    tk_move_plan_many: '{count} × {figure} {from} → {to}: {cost} AB',
    tk_move_go: 'Táhnout ({cost} AB)',
    tk_count: 'Figurek',
    tk_cancel: 'Zrušit',
    tk_end_turn: 'Ukončit tah',
    tk_walk_stopped: 'Cesta se zastavila před {step}: tento krok už není povolen.',
    tk_do_uncover: 'Odkrýt patro ({cost} AB)',
    tk_do_dig: 'Vykopat poklad ({cost} AB)',
    tk_do_build: 'Postavit tábor ({cost} AB)',
    tk_do_guard: 'Postavit strážce chrámu ({cost} AB)',
    tk_do_deploy_E: 'Nasadit účastníka expedice ({cost} AB)',
    tk_do_deploy_L: 'Nasadit vůdce expedice ({cost} AB)',
    tk_field_value: 'hodnota {value}',
    tk_levels_one: 'odkryto {n} patro',
    tk_levels_few: 'odkryta {n} patra',
    tk_levels_many: 'odkryto {n} pater',
    tk_tokens_one: 'zbývá {n} poklad',
    tk_tokens_few: 'zbývají {n} poklady',
    tk_tokens_many: 'zbývá {n} pokladů',
    tk_explorers_one: '{n} účastník',
    tk_explorers_few: '{n} účastníci',
    tk_explorers_many: '{n} účastníků',
    tk_field_camp: 'tábor hráče {name}',
    tk_field_guard: 'strážce hráče {name}',
    tk_field_figures: '{name}: {explorers}',
    tk_with_leader: ' + vůdce',
    tk_field_nobody: 'žádné figurky',
    tk_auction: 'Dražba',
    tk_high_bid: 'Nejvyšší nabídka: {points} ({name})',
    tk_no_bid: 'Zatím žádná nabídka',
    tk_opener: 'zahajuje {name}',
    tk_passed: 'pasovali: {names}',
    tk_bid: 'Nabídnout',
    tk_pass: 'Pasovat',
    tk_supply: 'zásoba',
    tk_camps_left: 'tábory',
    tk_guards_left: 'strážci',
    tk_removed: 'vyřazeno',
    tk_treasures: 'poklady',
    tk_points: '{points} b.',
    tk_swap_hint: 'Výměna: klikněte na svůj samostatný poklad, pak na samostatný poklad jiného hráče ({cost} AB).',
    tk_swap_pick: 'Poklad {motif} vyměnit za který?',
    tk_act_place: 'Položit dílek na {field} (otočení {turn})',
    tk_act_deploy_E: 'Nasadit účastníka expedice na {field}',
    tk_act_deploy_L: 'Nasadit vůdce expedice na {field}',
    tk_act_move_E: 'Táhnout účastníkem expedice {from} → {to}',
    tk_act_move_L: 'Táhnout vůdcem expedice {from} → {to}',
    tk_act_path_E: 'Účastník expedice tajnou stezkou {from} → {to}',
    tk_act_path_L: 'Vůdce expedice tajnou stezkou {from} → {to}',
    tk_act_uncover: 'Odkrýt patro chrámu na {field}',
    tk_act_dig: 'Vykopat poklad na {field}',
    tk_act_build: 'Postavit tábor na {field}',
    tk_act_guard: 'Postavit strážce chrámu na {field}',
    tk_act_swap: 'Vyměnit poklad {give} za poklad {take} hráče {other}',
    tk_act_bid: 'Nabídnout {points}',
    tk_act_pass: 'Pasovat',
    // score events by their kind (GET .../log "scoring"; English: the engine's words)
    'tk_score_temple': 'většina v chrámu {subject}',
    'tk_score_guarded temple': 'chrám {subject} se strážcem',
    'tk_score_treasure': 'poklady {subject}',
    'tk_score_payment': 'platba v dražbě',
    tk_act_end: 'Ukončit tah',
    tk_act_take: 'Vzít dílek {tile} ({kind})',
    tk_act_cost: '{words} · {cost} AB',
    tk_still_bidding: 'ještě přihazují: {names}',
    tk_bid_range: 'Nabídka je celé číslo od {lowest} do {highest}: nejvýše váš počet bodů (T22.6).',
  },
  pl: {
    tk_kind_empty: 'nieodkryte',
    tk_kind_basecamp: 'obóz startowy',
    tk_kind_jungle: 'dżungla',
    tk_kind_temple: 'świątynia',
    tk_kind_treasure: 'skarb',
    tk_kind_volcano: 'wulkan',
    tk_tile_temple: 'świątynia {value}',
    tk_tile_treasure: 'skarb z {value} maskami',
    tk_explorer: 'uczestnik wyprawy',
    tk_leader: 'dowódca wyprawy',
    tk_log_draw: 'los: pobrano płytkę {tile} ({kind})',
    tk_log_reveal: 'los: do licytacji odkryto płytkę {tile} ({kind})',
    tk_log_treasure: 'los: odkopano skarb {motif}',
    tk_log_bid: '{name} licytuje {points}',
    tk_log_pass: '{name} pasuje',
    tk_log_take: '{name} bierze płytkę {tile} ({kind})',
    tk_log_place: '{name} kładzie płytkę {tile} na {field}',
    tk_log_place_unknown: '{name} kładzie płytkę na {field}',
    tk_log_deploy_E: '{name} wprowadza uczestnika wyprawy na {field}',
    tk_log_deploy_L: '{name} wprowadza dowódcę wyprawy na {field}',
    tk_log_path_E: '{name} prowadzi uczestnika wyprawy tajnym przejściem z {from} na {to}',
    tk_log_path_L: '{name} prowadzi dowódcę wyprawy tajnym przejściem z {from} na {to}',
    tk_log_move_E: '{name} przesuwa uczestnika wyprawy z {from} na {to}',
    tk_log_move_L: '{name} przesuwa dowódcę wyprawy z {from} na {to}',
    tk_log_uncover: '{name} odkrywa poziom świątyni na {field}',
    tk_log_dig: '{name} odkopuje skarb na {field}',
    tk_log_swap: '{name} wymienia skarb {give} na skarb {take} gracza {other}',
    tk_log_build: '{name} buduje obóz na {field}',
    tk_log_guard: '{name} stawia strażnika świątyni na {field}',
    tk_log_end: '{name} kończy turę',
    tk_log_other: '{name}: {text}',
    tk_doing_draw: 'pobiera płytkę',
    tk_doing_reveal: 'odkrywa płytki do licytacji',
    tk_doing_treasure: 'kopie',
    tk_doing_place: 'kładzie płytkę',
    tk_doing_normal: 'wykonuje akcje',
    tk_doing_scoring: 'tura punktacji',
    tk_doing_final: 'tura punktacji końcowej',
    tk_doing_bid: 'licytuje',
    tk_doing_take: 'bierze płytkę',
    tk_doing_chance: 'los…',
    tk_doing_over: 'Gra się skończyła',
    tk_ap: '{n} PA',
    tk_ap_title: 'punkty akcji pozostałe w tej turze',
    tk_hand: 'W ręce',
    tk_no_hand: 'brak płytki w ręce',
    tk_stack: 'Zostało płytek: {n}',
    tk_stack_next: 'następna {letter}',
    tk_volcano_round: 'Runda punktacji (wulkan gracza {name}): tura punktacji {k} z {total}',
    tk_final_round: 'Punktacja końcowa: {order}',
    tk_hint_place: 'Obróć płytkę klawiszem R lub kółkiem myszy, potem kliknij podświetlone pole.',
    tk_hint_place_touch: 'Dotknij podświetlonego pola, obróć płytkę i połóż ją.',
    tk_hint_actions: 'Kliknij swój pionek, a potem cel, albo dowolne pole, by zobaczyć jego akcje.',
    tk_hint_deploy: 'Nie masz jeszcze pionków na planszy: kliknij obóz startowy, by wprowadzić pionek, albo dowolne pole, by zobaczyć jego akcje.',
    tk_hint_move: 'Kliknij pole z kosztem, by zobaczyć najtańszą drogę; kliknij je ponownie lub Przesuń, by iść.',
    tk_hint_watch: 'Kliknij pole, by zobaczyć szczegóły.',
    tk_hint_bid: 'Licytuj o pierwszy wybór spośród wyłożonych płytek albo pasuj.',
    tk_hint_take: 'Weź jedną z wyłożonych płytek: kliknij ją.',
    tk_rotate_left: '⟲',
    tk_rotate_right: '⟳',
    tk_rotate_title: 'Obróć płytkę (R, Shift+R, kółko myszy)',
    tk_place_on: 'Połóż na {field}',
    tk_move_plan: '{figure} {from} → {to}: {cost} PA ({steps})',
    tk_steps_one: '{n} krok',
    tk_steps_few: '{n} kroki',
    tk_steps_many: '{n} kroków',
    tk_move_plan_many: '{count} × {figure} {from} → {to}: {cost} PA',
    tk_move_go: 'Przesuń ({cost} PA)',
    tk_count: 'Pionków',
    tk_cancel: 'Anuluj',
    tk_end_turn: 'Zakończ turę',
    tk_walk_stopped: 'Droga zatrzymała się przed {step}: ten krok nie jest już dozwolony.',
    tk_do_uncover: 'Odkryj poziom ({cost} PA)',
    tk_do_dig: 'Odkop skarb ({cost} PA)',
    tk_do_build: 'Zbuduj obóz ({cost} PA)',
    tk_do_guard: 'Postaw strażnika świątyni ({cost} PA)',
    tk_do_deploy_E: 'Wprowadź uczestnika wyprawy ({cost} PA)',
    tk_do_deploy_L: 'Wprowadź dowódcę wyprawy ({cost} PA)',
    tk_field_value: 'wartość {value}',
    tk_levels_one: 'odkryty {n} poziom',
    tk_levels_few: 'odkryte {n} poziomy',
    tk_levels_many: 'odkrytych {n} poziomów',
    tk_tokens_one: 'został {n} skarb',
    tk_tokens_few: 'zostały {n} skarby',
    tk_tokens_many: 'zostało {n} skarbów',
    tk_explorers_one: '{n} uczestnik',
    tk_explorers_few: '{n} uczestników',
    tk_explorers_many: '{n} uczestników',
    tk_field_camp: 'obóz gracza {name}',
    tk_field_guard: 'strażnik gracza {name}',
    tk_field_figures: '{name}: {explorers}',
    tk_with_leader: ' + dowódca',
    tk_field_nobody: 'brak pionków',
    tk_auction: 'Licytacja',
    tk_high_bid: 'Najwyższa oferta: {points} ({name})',
    tk_no_bid: 'Jeszcze bez oferty',
    tk_opener: 'otwiera {name}',
    tk_passed: 'spasowali: {names}',
    tk_bid: 'Licytuj',
    tk_pass: 'Pas',
    tk_supply: 'zapas',
    tk_camps_left: 'obozy',
    tk_guards_left: 'strażnicy',
    tk_removed: 'usunięte',
    tk_treasures: 'skarby',
    tk_points: '{points} pkt',
    tk_swap_hint: 'Wymiana: kliknij swój pojedynczy skarb, potem pojedynczy skarb innego gracza ({cost} PA).',
    tk_swap_pick: 'Skarb {motif} wymienić na który?',
    tk_act_place: 'Połóż płytkę na {field} (obrót {turn})',
    tk_act_deploy_E: 'Wprowadź uczestnika wyprawy na {field}',
    tk_act_deploy_L: 'Wprowadź dowódcę wyprawy na {field}',
    tk_act_move_E: 'Przesuń uczestnika wyprawy {from} → {to}',
    tk_act_move_L: 'Przesuń dowódcę wyprawy {from} → {to}',
    tk_act_path_E: 'Uczestnik wyprawy tajnym przejściem {from} → {to}',
    tk_act_path_L: 'Dowódca wyprawy tajnym przejściem {from} → {to}',
    tk_act_uncover: 'Odkryj poziom świątyni na {field}',
    tk_act_dig: 'Odkop skarb na {field}',
    tk_act_build: 'Zbuduj obóz na {field}',
    tk_act_guard: 'Postaw strażnika świątyni na {field}',
    tk_act_swap: 'Wymień skarb {give} na skarb {take} gracza {other}',
    tk_act_bid: 'Licytuj {points}',
    tk_act_pass: 'Pas',
    'tk_score_temple': 'przewaga w świątyni {subject}',
    'tk_score_guarded temple': 'świątynia {subject} ze strażnikiem',
    'tk_score_treasure': 'skarby {subject}',
    'tk_score_payment': 'zapłata w licytacji',
    tk_act_end: 'Zakończ turę',
    tk_act_take: 'Weź płytkę {tile} ({kind})',
    tk_act_cost: '{words} · {cost} PA',
    tk_still_bidding: 'jeszcze licytują: {names}',
    tk_bid_range: 'Oferta to liczba całkowita od {lowest} do {highest}: najwyżej tyle, ile masz punktów (T22.6).',
  },
};

// ---- fields, tiles and the rules the board needs ----------------------------

function fieldName(field) {
  return String.fromCharCode(97 + Math.floor(field / ROWS)) + String((field % ROWS) + 1);
}

function fieldIndex(name) {
  if (!/^[a-h][1-5]$/.test(name)) return -1;
  return (name.charCodeAt(0) - 97) * ROWS + Number(name[1]) - 1;
}

const isExplored = (spot) => spot.kind !== 'empty';

// Stones on each edge of a tile turned `rotation` steps clockwise (T29.1).
function rotatedStones(stones, rotation) {
  return stones.map((_, edge) => stones[(edge - rotation + 6) % 6]);
}

// "3 explorers", "3 účastníci": a count with its word in the current language.
function counted(n, key) {
  return tCount(key, n);
}

function kindName(kind) {
  return t(`tk_kind_${kind}`);
}

// "temple 3", "4-mask treasure", "volcano" for a tile id.
function tileWords(id) {
  const fact = TILES.get(id);
  if (!fact) return '?';
  if (fact.kind === 'temple') return t('tk_tile_temple', { value: fact.value });
  if (fact.kind === 'treasure') return t('tk_tile_treasure', { value: fact.value });
  return kindName(fact.kind);
}

// Text colour that reads on a seat's colour.
function inkOn(colour) {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16));
  return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? '#1b1b1b' : '#ffffff';
}

// ---- the log and the scoring rounds in words ------------------------------------

// The tile last drawn or taken before line index of the line of play (log:
// its entries in order), so that "place c3 r2" can say which tile it was.
function tileBefore(log, index) {
  for (let i = Math.min(index, log.length) - 1; i >= 0; i--) {
    const [verb, tile] = String(log[i].text).trim().split(/\s+/);
    if (verb === 'draw' || verb === 'take') return tile;
  }
  return null;
}

export function describe(entry, names, log = []) {
  const words = String(entry.text).trim().split(/\s+/);
  const name = entry.actor === 'chance' ? t('chance') : names[entry.actor] ?? t('seat', { n: Number(entry.actor) + 1 });
  const [verb, a, b, c] = words;
  switch (verb) {
    case 'draw': return t('tk_log_draw', { tile: a, kind: tileWords(a) });
    case 'reveal': return t('tk_log_reveal', { tile: a, kind: tileWords(a) });
    case 'treasure': return t('tk_log_treasure', { motif: a });
    case 'place': {
      const tile = tileBefore(log, entry.index);
      return tile ? playerWords('tk_log', words, names, { name, tile }) : t('tk_log_place_unknown', { name, field: a });
    }
    default: return playerWords('tk_log', words, names, { name }) ?? t('tk_log_other', { name, text: entry.text });
  }
}

// A seat's action (words: its text split) as the message prefix_VERB says
// it: 'tk_log' for the log ("Ann deployed an explorer to a5", vars.name the
// actor's), 'tk_act' for its button ("Deploy an explorer to a5"); null for
// what is not a seat's action.
function playerWords(prefix, [verb, a, b, c], names, vars = {}) {
  const figure = a === 'L' ? 'L' : 'E';
  switch (verb) {
    case 'bid': return t(`${prefix}_bid`, { ...vars, points: a });
    case 'pass': case 'end': return t(`${prefix}_${verb}`, vars);
    case 'take': return t(`${prefix}_take`, { ...vars, tile: a, kind: tileWords(a) });
    case 'place': return t(`${prefix}_place`, { ...vars, field: a, turn: `${Number(b.slice(1)) * 60}°` });
    case 'deploy': return t(`${prefix}_deploy_${figure}`, { ...vars, field: b });
    case 'path': case 'move': return t(`${prefix}_${verb}_${figure}`, { ...vars, from: b, to: c });
    case 'uncover': case 'dig': case 'build': case 'guard': return t(`${prefix}_${verb}`, { ...vars, field: a });
    case 'swap': return t(`${prefix}_swap`, { ...vars, give: a, take: c, other: names[Number(b) - 1] ?? t('seat', { n: b }) });
    default: return null;
  }
}

// A score event of the log (docs/api.md: kind, subject) in the page's
// language; the engine's English words (what) where it has no message.
export function scoreWords(event) {
  const key = `tk_score_${event.kind}`;
  return has(key) ? t(key, { subject: event.subject }) : event.what;
}

// ---- steps and categories in words (kept together for easy merging) -------------

register({
  en: {
    tk_step_round_one: 'Round {round}: {n} tile is revealed for auction', tk_step_round_other: 'Round {round}: {n} tiles are revealed for auction',
    tk_step_volcano: 'Scoring round: {name} drew a volcano; every seat plays a scoring turn',
    tk_step_volcano_over: 'The scoring round is over: {name} places the volcano',
    tk_step_final: 'Final scoring round: every seat plays a last turn and scores',
    tk_category_temple: 'temples', 'tk_category_guarded temple': 'guarded temples', tk_category_treasure: 'treasures',
    tk_category_payment: 'auction payments',
  },
  cs: {
    tk_step_round_one: '{round}. kolo: {n} dílek se odkrývá do dražby', tk_step_round_few: '{round}. kolo: {n} dílky se odkrývají do dražby',
    tk_step_round_many: '{round}. kolo: {n} dílků se odkrývá do dražby',
    tk_step_volcano: 'Vyhodnocovací kolo: {name} táhl sopku; každý hráč hraje vyhodnocovací tah',
    tk_step_volcano_over: 'Vyhodnocovací kolo skončilo: {name} pokládá sopku',
    tk_step_final: 'Závěrečné vyhodnocení: každý hráč hraje poslední tah a boduje',
    tk_category_temple: 'chrámy', 'tk_category_guarded temple': 'chrámy se strážcem', tk_category_treasure: 'poklady',
    tk_category_payment: 'platby v dražbě',
  },
  pl: {
    tk_step_round_one: 'Runda {round}: {n} płytka zostaje odkryta na licytację', tk_step_round_few: 'Runda {round}: {n} płytki zostają odkryte na licytację',
    tk_step_round_many: 'Runda {round}: {n} płytek zostaje odkrytych na licytację',
    tk_step_volcano: 'Runda punktacji: {name} dobiera wulkan; każdy gracz rozgrywa turę punktacji',
    tk_step_volcano_over: 'Runda punktacji skończona: {name} kładzie wulkan',
    tk_step_final: 'Punktacja końcowa: każdy gracz rozgrywa ostatnią turę i punktuje',
    tk_category_temple: 'świątynie', 'tk_category_guarded temple': 'świątynie ze strażnikiem', tk_category_treasure: 'skarby',
    tk_category_payment: 'zapłaty w licytacji',
  },
});

// A step of the log (docs/api.md: kind, form, seat, number, count) in the
// page's language; the engine's English words (what) for a kind it does
// not know.
export function stepWords(step, names) {
  const name = step.seat === undefined ? '' : names[step.seat] ?? t('seat', { n: step.seat + 1 });
  switch (step.kind) {
    case 'round': return tCount('tk_step_round', step.count, { round: step.number });
    case 'scoring round': return t(step.form ? 'tk_step_volcano_over' : 'tk_step_volcano', { name });
    case 'final scoring': return t('tk_step_final');
    default: return step.what;
  }
}

// A scoring category of the end summary (a score event's kind) in the
// page's language; the kind itself where there is no message.
export function categoryWords(kind) {
  return has(`tk_category_${kind}`) ? t(`tk_category_${kind}`) : kind;
}

// ---- SVG geometry ----------------------------------------------------------------

// Where things are drawn: the board lies landscape (columns left to right) or,
// on a narrow screen, turned a quarter clockwise (columns downwards). Angles
// are those of the landscape board, 0° pointing right, clockwise.
function makeFrame(portrait) {
  const turn = portrait ? 90 : 0;
  return {
    portrait,
    turn,
    width: (portrait ? BOARD_SHORT : BOARD_LONG) + 2 * MARGIN,
    height: (portrait ? BOARD_LONG : BOARD_SHORT) + 2 * MARGIN,
    centre(field) {
      const column = Math.floor(field / ROWS);
      const x = R + 1.5 * R * column;
      const y = APOTHEM * (1 + 2 * (field % ROWS) + (column % 2));
      return portrait ? [MARGIN + BOARD_SHORT - y, MARGIN + x] : [MARGIN + x, MARGIN + y];
    },
  };
}

// The point `distance` away from `at` at landscape angle `degrees`.
function polar(frame, [x, y], degrees, distance) {
  const radians = ((degrees + frame.turn) * Math.PI) / 180;
  return [x + distance * Math.cos(radians), y + distance * Math.sin(radians)];
}

function hexPoints(frame, at, radius) {
  return [0, 60, 120, 180, 240, 300].map((degrees) => polar(frame, at, degrees, radius).map((v) => v.toFixed(1)).join(',')).join(' ');
}

// The field under an SVG point, -1 if none.
function fieldAt(frame, [x, y]) {
  let best = -1;
  let bestDistance = Infinity;
  for (let field = 0; field < FIELDS; field++) {
    const [cx, cy] = frame.centre(field);
    const distance = Math.hypot(x - cx, y - cy);
    if (distance < bestDistance) {
      best = field;
      bestDistance = distance;
    }
  }
  return bestDistance <= R ? best : -1;
}

// ---- drawing one field -----------------------------------------------------------

// A tile as it lies (or would lie): ground, symbol, stones. face: {kind,
// stones, value, levels, tokens, camp, guard, field}.
function drawTile(frame, at, face, players) {
  const [x, y] = at;
  const group = svg('g', { class: `tk-tile tk-${face.kind}` });
  group.append(svg('polygon', { class: 'tk-ground', points: hexPoints(frame, at, R - 1.2), fill: FIELD_FILL[face.kind] }));
  const symbol = [x, y - SYMBOL_RISE];
  if (face.kind === 'jungle' || face.kind === 'temple' || face.kind === 'treasure') drawTrees(group, frame, at);
  if (face.kind === 'temple') drawTemple(group, symbol, face.value, face.levels, face.guard);
  if (face.kind === 'treasure') drawTreasure(group, symbol, face.tokens);
  if (face.kind === 'volcano') drawVolcano(group, [x, y]);
  if (face.kind === 'basecamp') drawTent(group, symbol, '#f4ecd6', 1.25);
  if (face.camp !== null && face.camp !== undefined) drawTent(group, symbol, SEAT_COLOURS[face.camp], 1);
  drawStones(group, frame, at, face.stones);
  if (players && face.figures) drawFigures(group, at, face.figures);
  return group;
}

function drawTrees(group, frame, at) {
  for (const degrees of [232, 308]) {
    const [tx, ty] = polar(frame, at, degrees, 0.66 * R);
    group.append(svg('circle', { class: 'tk-tree', cx: tx, cy: ty, r: 0.13 * R }));
    group.append(svg('circle', { class: 'tk-tree', cx: tx + 0.08 * R, cy: ty + 0.07 * R, r: 0.09 * R }));
  }
}

// Stones lie along each edge, inside the tile: 1-3 per side (T2.3).
function drawStones(group, frame, at, stones) {
  stones.forEach((count, edge) => {
    const normal = -90 + 60 * edge;
    const middle = polar(frame, at, normal, 0.77 * R);
    for (let i = 0; i < count; i++) {
      const [sx, sy] = polar(frame, middle, normal + 90, (i - (count - 1) / 2) * 0.22 * R);
      group.append(svg('ellipse', {
        class: 'tk-stone', cx: sx.toFixed(1), cy: sy.toFixed(1), rx: 0.095 * R, ry: 0.07 * R,
        transform: `rotate(${normal + 90 + frame.turn} ${sx.toFixed(1)} ${sy.toFixed(1)})`,
      }));
    }
  });
}

// A pyramid from above with its value; one small square per level uncovered
// beside it; a guard stands on its left, the pyramid framed in the guard's colour.
function drawTemple(group, [x, y], value, levels, guard) {
  const side = 0.64 * R;
  const guarded = guard !== null && guard !== undefined;
  group.append(svg('rect', {
    class: 'tk-pyramid', x: x - side / 2, y: y - side / 2, width: side, height: side, rx: 2,
    stroke: guarded ? SEAT_COLOURS[guard] : '#5f5a47', 'stroke-width': guarded ? 4 : 1.5,
  }));
  const step = side * 0.7;
  group.append(svg('rect', { class: 'tk-pyramid-step', x: x - step / 2, y: y - step / 2, width: step, height: step }));
  group.append(svg('text', { class: 'tk-temple-value', x, y: y + 1 }, String(value)));
  const pip = 0.1 * R; // five fit beside the pyramid, in columns of five
  const gap = 0.03 * R;
  for (let i = 0; i < levels; i++) {
    group.append(svg('rect', {
      class: 'tk-level', width: pip, height: pip,
      x: x + side / 2 + 0.05 * R + Math.floor(i / 5) * (pip + gap), y: y + side / 2 - (pip + gap) * ((i % 5) + 1) + gap,
    }));
  }
  if (guarded) drawPawn(group, [x - side / 2 - 0.13 * R, y + 0.02 * R], SEAT_COLOURS[guard], 1);
}

// A stone circle with the treasure tokens still on it (face down: no motif).
function drawTreasure(group, [x, y], tokens) {
  const radius = 0.29 * R;
  for (let i = 0; i < 12; i++) {
    const angle = (i * 30 * Math.PI) / 180;
    group.append(svg('circle', { class: 'tk-ring-stone', cx: x + radius * Math.cos(angle), cy: y + radius * Math.sin(angle), r: 0.045 * R }));
  }
  const spots = [[], [[0, 0]], [[-0.1, 0], [0.1, 0]], [[-0.1, 0.07], [0.1, 0.07], [0, -0.1]], [[-0.1, -0.09], [0.1, -0.09], [-0.1, 0.09], [0.1, 0.09]]];
  const layout = spots[Math.min(tokens, 4)];
  for (const [dx, dy] of layout) group.append(svg('circle', { class: 'tk-token', cx: x + dx * R, cy: y + dy * R, r: 0.085 * R }));
  if (tokens > 4) group.append(svg('text', { class: 'tk-token-count', x, y }, String(tokens)));
}

function drawVolcano(group, [x, y]) {
  const s = R;
  group.append(svg('polygon', {
    class: 'tk-volcano-cone',
    points: [[-0.5, 0.34], [-0.14, -0.3], [0.14, -0.3], [0.5, 0.34]].map(([dx, dy]) => `${x + dx * s},${y + dy * s}`).join(' '),
  }));
  group.append(svg('ellipse', { class: 'tk-lava', cx: x, cy: y - 0.3 * s, rx: 0.15 * s, ry: 0.06 * s }));
  group.append(svg('path', {
    class: 'tk-lava-flow',
    d: `M${x - 0.05 * s},${y - 0.28 * s} L${x - 0.16 * s},${y + 0.05 * s} M${x + 0.06 * s},${y - 0.28 * s} L${x + 0.2 * s},${y + 0.15 * s}`,
  }));
}

function drawTent(group, [x, y], colour, scale) {
  const w = 0.27 * R * scale;
  const h = 0.3 * R * scale;
  group.append(svg('path', {
    class: 'tk-tent', fill: colour,
    d: `M${x - w},${y + h / 2} L${x},${y - h / 2} L${x + w},${y + h / 2} Z M${x},${y - h / 2} L${x},${y + h / 2}`,
  }));
}

function drawPawn(group, [x, y], colour, scale) {
  const s = 0.16 * R * scale;
  group.append(svg('path', {
    class: 'tk-pawn', fill: colour,
    d: `M${x - 0.7 * s},${y + s} L${x - 0.35 * s},${y - 0.2 * s} A${0.45 * s},${0.45 * s} 0 1 1 ${x + 0.35 * s},${y - 0.2 * s} L${x + 0.7 * s},${y + s} Z`,
  }));
}

// Each seat's figures on the field: a chip in its colour with the number of
// explorers, a crown on it when the leader is there too.
function drawFigures(group, [x, y], figures) {
  const present = figures.map((mine, seat) => ({ ...mine, seat })).filter((mine) => mine.explorers > 0 || mine.leader);
  if (!present.length) return;
  const width = 0.52 * R;
  const height = 0.36 * R;
  const spots = present.length === 1 ? [[0, 0.26]] : present.length === 2 ? [[-0.27, 0.26], [0.27, 0.26]]
    : present.length === 3 ? [[-0.27, 0.1], [0.27, 0.1], [0, 0.45]] : [[-0.27, 0.1], [0.27, 0.1], [-0.27, 0.45], [0.27, 0.45]];
  present.forEach((mine, i) => {
    const [cx, cy] = [x + spots[i][0] * R, y + spots[i][1] * R];
    const colour = SEAT_COLOURS[mine.seat];
    const ink = inkOn(colour);
    const digits = mine.explorers > 0 ? String(mine.explorers) : '';
    const crownWidth = mine.leader ? 0.2 * R : 0;
    const digitsWidth = digits.length * 0.19 * R;
    const contentWidth = crownWidth + digitsWidth + (crownWidth && digitsWidth ? 0.03 * R : 0);
    const chipWidth = Math.max(width, contentWidth + 0.12 * R);
    const start = cx - contentWidth / 2;
    const chip = svg('g', { class: `tk-chip seat-${mine.seat}${mine.leader ? ' tk-has-leader' : ''}` });
    chip.append(svg('rect', { class: 'tk-chip-body', x: cx - chipWidth / 2, y: cy - height / 2, width: chipWidth, height, rx: height / 2.4, fill: colour }));
    if (mine.leader) {
      chip.append(svg('path', {
        class: 'tk-crown', d: CROWN, fill: ink === '#ffffff' ? '#ffe27a' : '#1b1b1b',
        transform: `translate(${(start + crownWidth / 2).toFixed(1)} ${cy.toFixed(1)}) scale(${crownWidth / 2} ${0.12 * R})`,
      }));
    }
    if (digits) chip.append(svg('text', { class: 'tk-chip-count', x: start + contentWidth - digitsWidth / 2, y: cy + 1, fill: ink }, digits));
    group.append(chip);
  });
}

// A small picture of a tile card (hand, auction display), rotation applied.
function miniTile(card, rotation = 0) {
  const frame = makeFrame(false);
  const picture = svg('svg', { class: 'tk-mini', viewBox: `${-R - 2} ${-APOTHEM - 2} ${2 * R + 4} ${2 * APOTHEM + 4}`, role: 'img', 'aria-label': `${card.tile} ${tileWords(card.tile)}` });
  picture.append(svg('title', {}, `${card.tile}: ${tileWords(card.tile)}`));
  picture.append(drawTile(frame, [0, 0], {
    kind: card.kind, stones: rotatedStones(card.stones, rotation), value: card.value, levels: 0,
    tokens: card.kind === 'treasure' ? card.value : 0, camp: null, guard: null,
  }, 0));
  picture.append(svg('text', { class: 'tk-mini-id', x: 0, y: APOTHEM * 0.62 }, card.tile));
  return picture;
}

// ---- the legal actions, sorted for the board ------------------------------------

function indexLegal(legal) {
  const index = { texts: new Set(), places: new Map(), byField: new Map(), end: false, bids: [], pass: false, takes: new Set(), swaps: [] };
  for (const { text } of legal) {
    index.texts.add(text);
    const [verb, a, b, c] = text.split(' ');
    const onField = (name) => {
      const field = fieldIndex(name);
      if (!index.byField.has(field)) index.byField.set(field, []);
      index.byField.get(field).push(text);
    };
    if (verb === 'place') {
      const field = fieldIndex(a);
      if (!index.places.has(field)) index.places.set(field, new Set());
      index.places.get(field).add(Number(b.slice(1)));
    } else if (verb === 'uncover' || verb === 'dig' || verb === 'build' || verb === 'guard') onField(a);
    else if (verb === 'deploy') onField(b);
    else if (verb === 'end') index.end = true;
    else if (verb === 'pass') index.pass = true;
    else if (verb === 'bid') index.bids.push(Number(a));
    else if (verb === 'take') index.takes.add(a);
    else if (verb === 'swap') index.swaps.push({ give: a, seat: Number(b) - 1, take: c, text });
  }
  return index;
}

// The fields a seat's action changed: where a tile was placed, figures
// went from and to, a level was uncovered, a treasure dug, a camp built, a
// guard placed (T29's actions by their fields).
function touchedFields(text) {
  const [verb, a, b, c] = String(text).split(' ');
  switch (verb) {
    case 'place': case 'uncover': case 'dig': case 'build': case 'guard': return [a];
    case 'deploy': return [b];
    case 'move': case 'path': return [b, c];
    default: return [];
  }
}

function actionLabel(text) {
  const [verb, a] = text.split(' ');
  const cost = FACTS.action_points[verb];
  if (verb === 'deploy') return t(`tk_do_deploy_${a === 'L' ? 'L' : 'E'}`, { cost });
  return t(`tk_do_${verb}`, { cost });
}

// A legal action in words for its button ("Deploy an explorer to a5 · 1 AP"
// for "deploy E a5"): the parts are the action's own, the AP of a verb the
// engine's (FACTS.action_points; a move's cost depends on the stones and is
// on the board). names: the seats' names.
export function actionWords(text, names = []) {
  const words = text.split(' ');
  const sentence = playerWords('tk_act', words, names) ?? text;
  const cost = FACTS.action_points[words[0]];
  return cost === undefined ? sentence : t('tk_act_cost', { words: sentence, cost });
}

// ---- the board -----------------------------------------------------------------------

export function createBoard(root, hooks) {
  const names = () => (hooks.names ? hooks.names() : []);
  const nameOf = (seat) => names()[seat] ?? t('seat', { n: seat + 1 });
  const state = {
    view: null,
    observation: null,
    legal: indexLegal([]),
    frame: makeFrame(false),
    rotation: 0, // of the tile in hand, as the player turns it
    placeAt: -1, // the field the tile was put on by touch, waiting for "place"
    pointer: null, // [x, y] over the board, SVG units
    pointerType: matchMedia('(pointer: coarse)').matches ? 'touch' : 'mouse', // until the first pointer event says
    hover: -1,
    selected: -1, // the field clicked
    figure: 'E', // which own figure on it moves
    count: 1, // how many explorers move together
    target: -1, // the destination clicked
    swapGive: null, // the own single chosen for a swap
    walking: false, // a walk of several actions is under way
    waiters: [], // resolve functions waiting for the next view
    lastWheel: 0,
    changed: new Set(), // fields the other seats' recent actions touched (game.js mark)
    changing: new Set(), // those of the action being played
    moved: [], // the figures' moves among them: {from, to, secret, now} (fields; now: the one being played)
  };

  const statusBox = el('div', { class: 'tk-status', id: 'tk-status' });
  const auctionBox = el('div', { class: 'tk-auction card', id: 'tk-auction', hidden: true });
  const board = svg('svg', { class: 'tk-board', id: 'tk-board', role: 'group', 'aria-label': t('tikal') });
  const fieldLayer = svg('g', { class: 'tk-fields' });
  const overlayLayer = svg('g', { class: 'tk-overlay' });
  const ghostLayer = svg('g', { class: 'tk-ghost', 'pointer-events': 'none' });
  board.append(fieldLayer, overlayLayer, ghostLayer);
  const panel = el('div', { class: 'tk-panel', id: 'tk-panel' });
  const playersBox = el('div', { class: 'tk-players', id: 'tk-players' });
  const container = el('div', { class: 'tk' }, statusBox, auctionBox, el('div', { class: 'tk-board-wrap' }, board), panel, playersBox);
  root.append(container);

  const myTurn = () => state.legal.texts.size > 0;
  const mySeat = () => (hooks.seat === null || hooks.seat === undefined ? null : hooks.seat);
  const placing = () => myTurn() && state.legal.places.size > 0 && Boolean(state.observation.hand);
  const acting = () => myTurn() && state.observation.phase === 'actions';

  // ---- input ----

  function svgPoint(event) {
    const matrix = board.getScreenCTM();
    if (!matrix) return null;
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    return [point.x, point.y];
  }

  function onPointerMove(event) {
    if (!state.observation) return;
    state.pointerType = event.pointerType || 'mouse';
    state.pointer = svgPoint(event);
    const field = state.pointer ? fieldAt(state.frame, state.pointer) : -1;
    if (field !== state.hover) {
      state.hover = field;
      drawOverlay();
    }
    drawGhost();
  }

  function onPointerLeave() {
    state.pointer = null;
    state.hover = -1;
    drawOverlay();
    drawGhost();
  }

  function onPointerDown(event) {
    state.pointerType = event.pointerType || 'mouse';
  }

  function onClick(event) {
    if (!state.observation) return;
    const point = svgPoint(event);
    const field = point ? fieldAt(state.frame, point) : -1;
    if (field < 0) return;
    if (placing()) clickWhilePlacing(field);
    else if (acting()) clickWhileActing(field);
    else select(field);
    refresh();
  }

  function onWheel(event) {
    if (!placing()) return;
    event.preventDefault();
    const now = Date.now();
    if (now - state.lastWheel < WHEEL_STEP_MS) return;
    state.lastWheel = now;
    turnTile(event.deltaY > 0 || event.deltaX > 0 ? 1 : -1);
  }

  function onKey(event) {
    if (!state.observation || event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement) return;
    if ((event.key === 'r' || event.key === 'R') && placing() && !event.ctrlKey && !event.metaKey && !event.altKey) {
      turnTile(event.shiftKey ? -1 : 1);
      event.preventDefault();
    } else if (event.key === 'Escape') {
      state.selected = -1;
      state.target = -1;
      state.placeAt = -1;
      state.swapGive = null;
      refresh();
    } else if (event.key === 'Enter' && state.target >= 0 && acting() && event.target === document.body) {
      walk();
    }
  }

  function turnTile(by) {
    state.rotation = (state.rotation + by + 6) % 6;
    refresh();
  }

  board.addEventListener('pointermove', onPointerMove);
  board.addEventListener('pointerleave', onPointerLeave);
  board.addEventListener('pointerdown', onPointerDown);
  board.addEventListener('click', onClick);
  board.addEventListener('wheel', onWheel, { passive: false });
  document.addEventListener('keydown', onKey);
  let portraitShown = null;
  const resizeWatch = new ResizeObserver(() => {
    if (state.observation && portraitWanted() !== portraitShown) drawAll();
  });
  resizeWatch.observe(root);

  function portraitWanted() {
    const width = root.clientWidth || window.innerWidth;
    return width > 0 && width < PORTRAIT_BELOW_PX;
  }

  // ---- placing the tile in hand ----

  function legalRotationAt(field, rotation) {
    const rotations = state.legal.places.get(field);
    if (!rotations) return -1;
    const canonical = state.observation.hand.same_as[rotation]; // the rotation legal names (T29.3)
    return rotations.has(canonical) ? canonical : -1;
  }

  function clickWhilePlacing(field) {
    if (!state.legal.places.has(field)) {
      select(field);
      return;
    }
    if (legalRotationAt(field, state.rotation) < 0) {
      // the tile cannot lie this way here: turn it to the next way it can
      for (let step = 1; step < 6; step++) {
        const rotation = (state.rotation + step) % 6;
        if (legalRotationAt(field, rotation) >= 0) {
          state.rotation = rotation;
          break;
        }
      }
      state.placeAt = field;
      return;
    }
    if (state.pointerType !== 'mouse' && state.placeAt !== field) {
      state.placeAt = field; // a touch shows the tile there first
      return;
    }
    place(field);
  }

  function place(field) {
    const rotation = legalRotationAt(field, state.rotation);
    if (rotation < 0) return;
    state.placeAt = -1;
    hooks.act(`place ${fieldName(field)} r${rotation}`);
  }

  // ---- moving figures and the field's actions ----

  function myFiguresOn(field) {
    const seat = mySeat();
    if (seat === null || !state.observation || field < 0) return null;
    const mine = state.observation.board[field].figures[seat];
    return mine && (mine.explorers > 0 || mine.leader) ? mine : null;
  }

  // Select a field (-1: none); with own figures on it while acting, their ways
  // from it. `again` re-selects it on a new view, keeping the figure chosen.
  function select(field, again = false) {
    state.selected = field;
    state.target = -1;
    const mine = acting() ? myFiguresOn(field) : null;
    if (mine) {
      if (!again) {
        state.figure = mine.explorers > 0 ? 'E' : 'L';
        state.count = 1;
      }
      if (state.figure === 'E' && mine.explorers === 0) state.figure = 'L';
      if (state.figure === 'L' && !mine.leader) state.figure = 'E';
    }
  }

  // The walks of the chosen own figure from the selected field within the AP
  // left, as the server's route search found them (observation.routes,
  // docs/observation.md): {field: {cost, steps}}; null if none is selected.
  function walks() {
    if (!acting() || !myFiguresOn(state.selected)) return null;
    const from = fieldName(state.selected);
    return state.observation.routes.find((r) => r.figure === state.figure && r.from === from)?.to ?? null;
  }

  // The walk to field (cost and steps), null if there is none within the AP.
  function walkTo(field) {
    const all = walks();
    return all && field >= 0 ? all[fieldName(field)] ?? null : null;
  }

  function clickWhileActing(field) {
    if (field === state.selected) {
      select(-1);
      return;
    }
    const reachable = walkTo(field) !== null;
    if (reachable) {
      if (state.target === field) walk();
      else state.target = field;
      return;
    }
    select(field);
  }

  function plannedSteps() {
    const once = walkTo(state.target)?.steps ?? [];
    return Array.from({ length: state.figure === 'E' ? state.count : 1 }, () => once).flat();
  }

  // Submit the planned actions one at a time, each only if it is legal when its turn comes.
  async function walk() {
    const steps = plannedSteps();
    if (!steps.length || state.walking) return;
    const destination = state.target;
    state.walking = true;
    refresh();
    try {
      for (const step of steps) {
        if (!state.legal.texts.has(step)) {
          notify(t('tk_walk_stopped', { step }), 'error');
          break;
        }
        const version = state.view.version;
        const next = nextView(version);
        if (!(await hooks.act(step))) break;
        if (!(await next)) break;
      }
    } finally {
      state.walking = false;
      select(myFiguresOn(destination) ? destination : -1, true);
      refresh();
    }
  }

  // Resolves true once a view newer than `version` is shown, false after a while.
  function nextView(version) {
    return new Promise((resolve) => {
      const waiter = { version, resolve: (ok) => { clearTimeout(timer); resolve(ok); } };
      const timer = setTimeout(() => {
        state.waiters = state.waiters.filter((other) => other !== waiter);
        resolve(false);
      }, STEP_WAIT_MS);
      state.waiters.push(waiter);
    });
  }

  // ---- drawing ----

  function drawAll() {
    const portrait = portraitWanted();
    if (portrait !== portraitShown) {
      state.frame = makeFrame(portrait);
      portraitShown = portrait;
    }
    const { frame } = state;
    board.setAttribute('viewBox', `0 0 ${frame.width.toFixed(1)} ${frame.height.toFixed(1)}`);
    board.classList.toggle('tk-portrait', frame.portrait);
    drawFields();
    refresh();
  }

  // Everything that depends on the player's clicks, not only on the view.
  function refresh() {
    if (!state.observation) return;
    drawOverlay();
    drawGhost();
    drawStatus();
    drawAuction();
    drawPanel();
    drawPlayers();
  }

  function drawFields() {
    const { frame, observation } = state;
    clear(fieldLayer);
    fieldLayer.append(svg('rect', { class: 'tk-table', x: 0, y: 0, width: frame.width, height: frame.height, rx: 10 }));
    for (let column = 0; column < COLUMNS; column++) {
      const [x, y] = polar(frame, frame.centre(column * ROWS), -90, R * 1.12);
      fieldLayer.append(svg('text', { class: 'tk-coordinate', x, y }, String.fromCharCode(97 + column)));
    }
    for (let row = 0; row < ROWS; row++) {
      const [x, y] = polar(frame, frame.centre(row), 180, R * 1.2);
      fieldLayer.append(svg('text', { class: 'tk-coordinate', x, y }, String(row + 1)));
    }
    observation.board.forEach((spot, field) => {
      const at = frame.centre(field);
      const group = svg('g', { class: 'tk-field', 'data-field': spot.field });
      group.append(svg('title', {}, fieldDescription(spot)));
      if (spot.kind === 'empty') {
        group.append(svg('polygon', { class: 'tk-unexplored', points: hexPoints(frame, at, R - 1.2) }));
      } else {
        group.append(drawTile(frame, at, { ...spot, tokens: spot.treasures }, observation.players));
      }
      const [lx, ly] = polar(frame, at, 180, 0.72 * R);
      group.append(svg('text', { class: `tk-field-name${spot.kind === 'empty' ? ' tk-on-dark' : ''}`, x: lx, y: ly }, spot.field));
      fieldLayer.append(group);
    });
  }

  function fieldDescription(spot) {
    const parts = [`${spot.field}: ${kindName(spot.kind)}${spot.tile ? ` ${spot.tile}` : ''}`];
    if (spot.kind === 'temple') {
      parts.push(t('tk_field_value', { value: spot.value }));
      if (spot.levels > 0) parts.push(counted(spot.levels, 'tk_levels'));
    }
    if (spot.kind === 'treasure') parts.push(counted(spot.treasures, 'tk_tokens'));
    if (spot.camp !== null) parts.push(t('tk_field_camp', { name: nameOf(spot.camp) }));
    if (spot.guard !== null) parts.push(t('tk_field_guard', { name: nameOf(spot.guard) }));
    const figures = spot.figures.map((mine, seat) => (mine.explorers > 0 || mine.leader
      ? t('tk_field_figures', { name: nameOf(seat), explorers: counted(mine.explorers, 'tk_explorers') }) + (mine.leader ? t('tk_with_leader') : '') : null)).filter(Boolean);
    if (isExplored(spot) && spot.kind !== 'volcano') parts.push(figures.length ? figures.join('; ') : t('tk_field_nobody'));
    return parts.join(' · ');
  }

  function outline(field, className, inset = 3) {
    return svg('polygon', { class: className, points: hexPoints(state.frame, state.frame.centre(field), R - inset) });
  }

  function drawOverlay() {
    const { frame, observation } = state;
    clear(overlayLayer);
    for (const field of state.changed) {
      overlayLayer.append(svg('polygon', {
        class: `tk-changed${state.changing.has(field) ? ' tk-changing' : ''}`, 'data-field': fieldName(field),
        points: hexPoints(frame, frame.centre(field), R - 6),
      }));
    }
    for (const { from, to, secret, now } of state.moved) overlayLayer.append(route(from, to, secret, `tk-moved${now ? ' tk-moving' : ''}`));
    if (placing()) {
      for (const field of state.legal.places.keys()) {
        const fits = legalRotationAt(field, state.rotation) >= 0;
        overlayLayer.append(outline(field, fits ? 'tk-spot tk-fits' : 'tk-spot'));
      }
    } else if (acting() && state.selected < 0) {
      for (const field of state.legal.byField.keys()) overlayLayer.append(outline(field, 'tk-can-act', 5));
    }
    for (const [name, { cost }] of Object.entries(walks() ?? {})) {
      const field = fieldIndex(name);
      overlayLayer.append(outline(field, 'tk-reachable', 4));
      const [bx, by] = polar(frame, frame.centre(field), 0, 0.62 * R);
      overlayLayer.append(svg('circle', { class: 'tk-cost-badge', cx: bx, cy: by, r: 0.17 * R }));
      overlayLayer.append(svg('text', { class: 'tk-cost', x: bx, y: by + 0.5 }, String(cost)));
    }
    if (state.selected >= 0) overlayLayer.append(outline(state.selected, 'tk-selected', 2.5));
    if (walkTo(state.target)) {
      // crossings as a trail of steps, secret paths (T10) as a dashed arc
      for (const step of walkTo(state.target).steps) {
        const [verb, , from, to] = step.split(' ');
        overlayLayer.append(route(fieldIndex(from), fieldIndex(to), verb === 'path', 'tk-path'));
      }
      overlayLayer.append(outline(state.target, 'tk-target', 2.5));
    }
    if (state.hover >= 0 && state.hover !== state.selected && myTurn()) overlayLayer.append(outline(state.hover, 'tk-hover', 2));
  }

  // A crossing from field to field as a line with its shadow, a secret path
  // (T10) as a dashed arc; className styles the line.
  function route(from, to, secret, className) {
    const [x1, y1] = state.frame.centre(from);
    const [x2, y2] = state.frame.centre(to);
    const d = secret ? `M${x1},${y1} Q${(x1 + x2) / 2 + (y2 - y1) * 0.25},${(y1 + y2) / 2 - (x2 - x1) * 0.25} ${x2},${y2}` : `M${x1},${y1} L${x2},${y2}`;
    return svg('g', {}, svg('path', { class: 'tk-path-shadow', d }), svg('path', { class: `${className}${secret ? ' tk-secret-path' : ''}`, d }));
  }

  function drawGhost() {
    clear(ghostLayer);
    if (!placing()) return;
    let at = null;
    if (state.pointer) {
      const over = state.hover;
      at = over >= 0 && state.legal.places.has(over) ? state.frame.centre(over) : state.pointer;
    } else if (state.placeAt >= 0) at = state.frame.centre(state.placeAt);
    if (!at) return;
    const hand = state.observation.hand;
    const tile = drawTile(state.frame, at, {
      kind: hand.kind, stones: rotatedStones(hand.stones, state.rotation), value: hand.value, levels: 0,
      tokens: hand.kind === 'treasure' ? hand.value : 0, camp: null, guard: null,
    }, 0);
    const over = state.pointer ? state.hover : state.placeAt;
    tile.classList.add('tk-ghost-tile', over >= 0 && legalRotationAt(over, state.rotation) >= 0 ? 'tk-fits-here' : 'tk-not-here');
    ghostLayer.append(tile);
  }

  function drawStatus() {
    const { observation, view } = state;
    clear(statusBox);
    const actor = observation.actor;
    let doing;
    if (observation.phase === 'over') doing = t('tk_doing_over');
    else if (view.status === 'open') doing = t('status_open');
    else if (view.to_move === 'chance') doing = t('tk_doing_chance');
    else if (observation.phase === 'actions') doing = t(`tk_doing_${observation.turn_kind}`);
    else doing = t(`tk_doing_${observation.phase}`);
    const who = el('span', { class: 'tk-who' });
    if (typeof actor === 'number' && observation.phase !== 'over' && view.status !== 'open') {
      who.append(el('span', { class: 'swatch', style: `background:${SEAT_COLOURS[actor]}` }), `${nameOf(actor)}: `);
    }
    who.append(doing);
    statusBox.append(who);
    if (observation.phase === 'actions') {
      const pips = el('span', { class: 'tk-ap', title: t('tk_ap_title'), id: 'tk-ap' });
      for (let i = 0; i < 10; i++) pips.append(el('span', { class: `tk-pip${i < observation.action_points ? ' on' : ''}` }));
      pips.append(el('strong', {}, t('tk_ap', { n: observation.action_points })));
      statusBox.append(pips);
    }
    const hand = el('span', { class: 'tk-hand', id: 'tk-hand' });
    if (observation.hand) {
      hand.append(`${t('tk_hand')}: `, miniTile(observation.hand, placing() ? state.rotation : 0),
        el('span', {}, `${observation.hand.tile} ${tileWords(observation.hand.tile)}`));
    } else hand.append(t('tk_no_hand'));
    statusBox.append(hand);
    const next = Object.entries(observation.stack.left_by_group).find(([, left]) => left > 0);
    statusBox.append(el('span', { class: 'tk-stack', id: 'tk-stack' }, t('tk_stack', { n: observation.stack.left })
      + (next ? `, ${t('tk_stack_next', { letter: next[0] })}` : '')));
    if (observation.turn_kind === 'scoring' && observation.volcano_player !== null) {
      statusBox.append(el('span', { class: 'tk-round' }, t('tk_volcano_round', {
        name: nameOf(observation.volcano_player), k: observation.players - observation.scoring_turns_left + 1, total: observation.players,
      })));
    }
    if (observation.turn_kind === 'final' && observation.phase !== 'over') {
      const order = observation.final_order.map((seat, i) => (i === observation.final_next ? `[${nameOf(seat)}]` : nameOf(seat))).join(' → ');
      statusBox.append(el('span', { class: 'tk-round' }, t('tk_final_round', { order })));
    }
  }

  function drawAuction() {
    const { observation } = state;
    const auction = observation.auction;
    auctionBox.hidden = !auction;
    if (!auction) return;
    clear(auctionBox);
    const head = el('div', { class: 'tk-auction-head' }, el('strong', {}, t('tk_auction')));
    head.append(' ', auction.high_bidder !== null ? t('tk_high_bid', { points: auction.high_bid, name: nameOf(auction.high_bidder) }) : t('tk_no_bid'));
    if (observation.phase === 'bid') head.append(' · ', t('tk_opener', { name: nameOf(auction.opener) }));
    if (auction.passed.length) head.append(' · ', t('tk_passed', { names: auction.passed.map(nameOf).join(', ') }));
    // who may still bid: a turn marker face up (T22.2) and not passed in this auction (T22.4)
    const bidding = observation.seats.map((seat, s) => (seat.marker_up && !auction.passed.includes(s) ? nameOf(s) : null)).filter(Boolean);
    if (observation.phase === 'bid' && bidding.length) head.append(' · ', el('span', { id: 'tk-bidding' }, t('tk_still_bidding', { names: bidding.join(', ') })));
    auctionBox.append(head);
    const display = el('div', { class: 'tk-display', id: 'tk-display' });
    auction.display.slice(0, observation.players).forEach((card) => { // a slot per player (T21.2)
      if (!card) {
        display.append(el('span', { class: 'tk-slot tk-slot-empty' }));
        return;
      }
      const takeable = state.legal.takes.has(card.tile);
      const slot = el(takeable ? 'button' : 'span', { class: `tk-slot${takeable ? ' tk-takeable' : ''}`, type: takeable ? 'button' : null, 'data-tile': card.tile },
        miniTile(card), el('span', { class: 'tk-slot-label' }, tileWords(card.tile)));
      if (takeable) slot.addEventListener('click', () => hooks.act(`take ${card.tile}`));
      display.append(slot);
    });
    auctionBox.append(display);
    if (state.legal.pass || state.legal.bids.length) {
      const controls = el('div', { class: 'tk-bid controls' });
      if (state.legal.bids.length) {
        const lowest = Math.min(...state.legal.bids);
        const highest = Math.max(...state.legal.bids);
        const amount = el('input', { type: 'number', id: 'tk-bid-amount', min: lowest, max: highest, value: lowest, 'aria-label': t('tk_bid') });
        const bid = el('button', { type: 'button', class: 'primary', id: 'tk-bid' }, t('tk_bid'));
        bid.addEventListener('click', () => {
          const points = Number(amount.value);
          if (state.legal.bids.includes(points)) hooks.act(`bid ${points}`);
          else notify(t('tk_bid_range', { lowest, highest }), 'error'); // the legal bids say it, in words (T22.6)
        });
        controls.append(amount, bid);
      }
      if (state.legal.pass) {
        const pass = el('button', { type: 'button', id: 'tk-pass' }, t('tk_pass'));
        pass.addEventListener('click', () => hooks.act('pass'));
        controls.append(pass);
      }
      auctionBox.append(controls);
    }
  }

  function button(label, onClick, attributes = {}) {
    const b = el('button', { type: 'button', ...attributes }, label);
    b.addEventListener('click', onClick);
    return b;
  }

  function drawPanel() {
    const { observation } = state;
    clear(panel);
    const line = el('div', { class: 'tk-panel-row' });
    if (placing()) {
      line.append(el('span', { class: 'tk-hint' }, t(state.pointerType === 'mouse' ? 'tk_hint_place' : 'tk_hint_place_touch')),
        button(t('tk_rotate_left'), () => turnTile(-1), { title: t('tk_rotate_title'), id: 'tk-rotate-left' }),
        button(t('tk_rotate_right'), () => turnTile(1), { title: t('tk_rotate_title'), id: 'tk-rotate-right' }));
      if (state.placeAt >= 0 && legalRotationAt(state.placeAt, state.rotation) >= 0) {
        line.append(button(t('tk_place_on', { field: fieldName(state.placeAt) }), () => place(state.placeAt), { class: 'primary', id: 'tk-place' }));
      }
    } else if (myTurn() && observation.phase === 'bid') line.append(el('span', { class: 'tk-hint' }, t('tk_hint_bid')));
    else if (myTurn() && observation.phase === 'take') line.append(el('span', { class: 'tk-hint' }, t('tk_hint_take')));
    else if (acting()) {
      const figuresOut = observation.board.some((spot, field) => myFiguresOn(field));
      line.append(el('span', { class: 'tk-hint' }, t(walks() && state.target < 0 ? 'tk_hint_move' : figuresOut ? 'tk_hint_actions' : 'tk_hint_deploy')));
    } else if (state.selected < 0) line.append(el('span', { class: 'tk-hint' }, t('tk_hint_watch')));
    panel.append(line);

    if (state.selected >= 0) {
      const spot = observation.board[state.selected];
      const row = el('div', { class: 'tk-panel-row tk-field-info', id: 'tk-field-info' }, el('span', {}, fieldDescription(spot)));
      const mine = acting() ? myFiguresOn(state.selected) : null;
      if (mine && mine.explorers > 0 && mine.leader) {
        for (const figure of ['E', 'L']) {
          row.append(button(t(figure === 'E' ? 'tk_explorer' : 'tk_leader'), () => { state.figure = figure; state.count = 1; refresh(); },
            { class: state.figure === figure ? 'tk-chosen' : '', 'aria-pressed': String(state.figure === figure) }));
        }
      }
      if (myTurn()) {
        for (const text of state.legal.byField.get(state.selected) || []) {
          row.append(button(actionLabel(text), () => hooks.act(text), { class: 'tk-field-action', 'data-action': text }));
        }
      }
      panel.append(row);
    }

    const plan = walkTo(state.target);
    if (plan) {
      const most = plan.costs.length; // the engine's: as many figures as stand here and the AP allow (T8.1)
      state.count = Math.max(1, Math.min(state.count, most));
      const cost = plan.costs[state.count - 1];
      const figure = t(state.figure === 'E' ? 'tk_explorer' : 'tk_leader');
      const steps = counted(plan.steps.length, 'tk_steps');
      const vars = { figure, from: fieldName(state.selected), to: fieldName(state.target), cost, steps, count: state.count };
      const row = el('div', { class: 'tk-panel-row tk-plan', id: 'tk-plan', 'data-steps': plan.steps.join('|') }, el('strong', {}, t(state.count > 1 ? 'tk_move_plan_many' : 'tk_move_plan', vars)));
      const go = button(t('tk_move_go', { cost }), () => walk(), { class: 'primary', id: 'tk-move', disabled: state.walking });
      if (most > 1) {
        const many = el('input', { type: 'number', min: 1, max: most, value: state.count, id: 'tk-count', 'aria-label': t('tk_count') });
        // as the number is typed: the plan and the button follow at once, the input keeps its focus
        many.addEventListener('input', () => {
          state.count = Math.max(1, Math.min(most, Number(many.value) || 1));
          const now = { ...vars, count: state.count, cost: plan.costs[state.count - 1] };
          row.querySelector('strong').textContent = t(state.count > 1 ? 'tk_move_plan_many' : 'tk_move_plan', now);
          go.textContent = t('tk_move_go', now);
        });
        many.addEventListener('change', () => refresh());
        row.append(el('label', { class: 'tk-count' }, t('tk_count'), many));
      }
      row.append(go, button(t('tk_cancel'), () => { state.target = -1; refresh(); }, { id: 'tk-cancel' }));
      panel.append(row);
    }

    if (state.legal.end) {
      panel.append(el('div', { class: 'tk-panel-row' }, button(t('tk_end_turn'), () => hooks.act('end'), { id: 'tk-end', disabled: state.walking })));
    }
  }

  function drawPlayers() {
    const { observation } = state;
    clear(playersBox);
    const swaps = state.legal.swaps;
    const canGive = new Set(swaps.map((swap) => swap.give));
    const me = mySeat();
    if (swaps.length) playersBox.append(el('p', { class: 'tk-hint' }, state.swapGive ? t('tk_swap_pick', { motif: state.swapGive }) : t('tk_swap_hint', { cost: FACTS.action_points.swap })));
    observation.seats.forEach((seat, s) => {
      const card = el('div', { class: `tk-seat${observation.actor === s && observation.phase !== 'over' ? ' tk-acting' : ''}`, 'data-seat': s });
      card.append(el('div', { class: 'tk-seat-name' }, el('span', { class: 'swatch', style: `background:${SEAT_COLOURS[s]}` }), nameOf(s)));
      const supply = el('span', { class: 'tk-supply', title: t('tk_supply') }, `${t('tk_supply')}: ${seat.explorers_in_supply}`);
      if (seat.leader_in_supply) supply.append(t('tk_with_leader'));
      const facts = el('div', { class: 'tk-seat-facts' }, supply,
        el('span', {}, `${t('tk_camps_left')}: ${seat.camps_left}`),
        el('span', {}, `${t('tk_guards_left')}: ${seat.guards_left}`));
      if (seat.removed) facts.append(el('span', {}, `${t('tk_removed')}: ${seat.removed}`));
      card.append(facts);
      const treasures = el('div', { class: 'tk-treasures' }, el('span', { class: 'tk-label' }, `${t('tk_treasures')}:`));
      for (const [motif, count] of Object.entries(seat.treasures)) {
        if (!count) continue;
        const chip = el('span', { class: 'tk-motif', style: `background:${MOTIF_COLOURS[Number(motif) - 1]}`, title: `${t('tk_treasures')} ${motif}` }, motif);
        let item = el('span', { class: 'tk-motif-item' }, chip, count > 1 ? `×${count}` : '');
        const give = s === me && canGive.has(motif);
        const take = state.swapGive && swaps.find((swap) => swap.give === state.swapGive && swap.seat === s && swap.take === motif);
        if (give || take) {
          item = button([chip, count > 1 ? `×${count}` : ''], () => {
            if (take) {
              state.swapGive = null;
              hooks.act(take.text);
            } else state.swapGive = state.swapGive === motif ? null : motif;
            refresh();
          }, { class: `tk-motif-item tk-swappable${state.swapGive === motif && give ? ' tk-chosen' : ''}`, 'data-swap': take ? take.text : `give ${motif}` });
        }
        treasures.append(item);
      }
      treasures.append(el('span', { class: 'tk-treasure-points' }, t('tk_points', { points: seat.treasure_points })));
      card.append(treasures);
      playersBox.append(card);
    });
  }

  return {
    show(view, legal) {
      const before = state.observation;
      state.view = view;
      state.observation = view.observation;
      state.legal = indexLegal(legal || []);
      if (!placing()) state.placeAt = -1;
      if (!before || before.hand?.tile !== state.observation.hand?.tile) state.rotation = 0;
      if (state.swapGive && !state.legal.swaps.some((swap) => swap.give === state.swapGive)) state.swapGive = null;
      if (state.observation.phase === 'over' && before && before.phase !== 'over') {
        state.selected = -1; // the game ended: the final board as anyone sees it
        state.target = -1;
      }
      if (!state.walking) {
        const target = state.target;
        select(state.selected, true);
        if (walkTo(target)) state.target = target;
      }
      drawAll();
      const waiting = state.waiters;
      state.waiters = [];
      for (const waiter of waiting) {
        if (view.version > waiter.version) waiter.resolve(true);
        else state.waiters.push(waiter);
      }
    },
    mark(entries, current) {
      const fields = (list) => new Set(list.flatMap((entry) => (entry.actor === 'chance' ? [] : touchedFields(entry.text))).map(fieldIndex).filter((f) => f >= 0));
      state.changed = fields(entries);
      state.changing = fields(current ? [current] : []);
      state.moved = entries.map((entry) => ({ entry, words: String(entry.text).split(' ') }))
        .filter(({ entry, words }) => entry.actor !== 'chance' && (words[0] === 'move' || words[0] === 'path'))
        .map(({ entry, words }) => ({ from: fieldIndex(words[2]), to: fieldIndex(words[3]), secret: words[0] === 'path', now: entry === current }));
      if (state.observation) drawOverlay();
    },
    destroy() {
      for (const waiter of state.waiters) waiter.resolve(false);
      state.waiters = [];
      document.removeEventListener('keydown', onKey);
      resizeWatch.disconnect();
      container.remove();
    },
  };
}
