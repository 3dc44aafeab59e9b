// tzolkin.js -- the Tzolk'in board of the game page and the replay viewer
// (the module contract is in game.js's header). It draws a seat's
// observation (docs/observation.md) as the game lies on the table: the
// calendar with its food days amid the five action gears, which carry the
// workers and blocking markers and turn when the calendar advances; the
// start-player space, the jungle, the temples, the technology tracks, the
// building and monument display and every seat's board. When this seat is
// to act, gears, cards and buttons offer the legal lines (tzolkin.md Z23)
// with their costs, and the seat's own supplies stay in view above the
// gears. It also puts log lines, legal actions and score events into
// words, in English, Czech and Polish, and highlights the gears where the
// other seats' recent moves placed or picked up workers (game.js). Only
// what the observation holds is drawn: another seat's secret wealth tiles
// are null and lie face down.

import { api, applyPatch } from './api.js';
import { t, tCount, has, register } from './i18n.js';
import { el, svg, clear, seatName, SEAT_COLOURS } from './ui.js';

// ------------------------------------------------------------------ rules data (tzolkin.md Z1)

// The game's static facts — names, gear sizes, the calendar's food days,
// the actions' printed gains, temples, market rates, buildings, monuments
// and wealth tiles — are the server's (GET /api/facts/tzolkin,
// docs/api.md), written from the engine's tables, which are generated from
// data/. What depends on the position (the corn of a placement or a pick,
// the Uxmal price, a harvest's yield, a monument's points) comes with the
// observation (docs/observation.md). No rule is copied here.
const FACTS = await api.facts('tzolkin');
const GEARS = FACTS.gears.map((gear) => gear.gear);
const TEMPLES = FACTS.temples.map((temple) => temple.temple);
const TRACKS = FACTS.tracks;
const RESOURCES = Object.keys(FACTS.market);
const FOOD_TEETH = FACTS.calendar.food_days.map((day) => day.tooth); // the teeth of the four food days (Z1.5)
const MID_AGE_FOOD_DAY = FACTS.calendar.food_days.map((day) => day.kind === 'goods'); // goods (Z18.5) or points (Z18.6)
const CHI_ACTIONS = FACTS.actions.CHI;
const BUILDINGS = FACTS.buildings;
const MONUMENTS = FACTS.monuments;
const WEALTH = FACTS.wealth;

// Temples (Z1.6): the served steps (vp, goods by step index, 0 = bottom,
// 1 = start; premium in age I and II) with the colours they are drawn in.
const TEMPLE_COLOURS = {
  CHAAC: { colour: '#8c5a2e', light: '#d9b48a' },
  QUETZ: { colour: '#c9971c', light: '#f1d789' },
  KUKUL: { colour: '#3d8a45', light: '#a9d5a0' },
};
const TEMPLE_DATA = Object.fromEntries(FACTS.temples.map((temple) => [temple.temple, { ...temple, ...TEMPLE_COLOURS[temple.temple] }]));

// ------------------------------------------------------------------ board geometry (SVG units)

const GEAR_LAYOUT = { // direction from the calendar's centre, distance, colour
  PAL: { angle: 138, distance: 225, colour: '#6f8a3e' },
  YAX: { angle: 204, distance: 225, colour: '#687b8b' },
  TIK: { angle: 270, distance: 225, colour: '#9a6a3c' },
  UXM: { angle: 336, distance: 225, colour: '#ad8636' },
  CHI: { angle: 40, distance: 250, colour: '#4b7278' },
};
const SMALL_GEAR = { ring: 56, body: 72, tip: 82, teeth: 20 };
const BIG_GEAR = { ring: 76, body: 92, tip: 102, teeth: 26 };
const CALENDAR = { teeth: FACTS.calendar.teeth, body: 112, tip: 126 };
const START_SPACE = { x: 0, y: 212, r: 30 };
const VIEW_BOX = '-350 -362 700 690';
const TURN_MILLIS = 1600; // the gears' turning at the end of a round

// A gear's served size (holes, last labelled position, actions) and its drawing.
const GEAR_SHAPES = Object.fromEntries(FACTS.gears.map((gear) => [gear.gear, { ...gear, ...(gear.gear === 'CHI' ? BIG_GEAR : SMALL_GEAR) }]));
const gearShape = (gear) => GEAR_SHAPES[gear];
const gearCentre = (gear) => polar(GEAR_LAYOUT[gear].angle, GEAR_LAYOUT[gear].distance);

function polar(degrees, radius) {
  const a = (degrees * Math.PI) / 180;
  return [radius * Math.cos(a), radius * Math.sin(a)];
}

// The board angle of a gear's hole: the hidden holes face the calendar,
// and the numbers grow clockwise (the direction the pieces travel).
function holeAngle(gear, hole) {
  const shape = gearShape(gear);
  const hiddenMiddle = (shape.last + shape.holes) / 2; // 8.5 on the small gears, 11.5 on CHI
  return GEAR_LAYOUT[gear].angle + 180 + (hole - hiddenMiddle) * (360 / shape.holes);
}

function gearPath(teeth, inner, outer) {
  const step = 360 / teeth;
  const points = [];
  for (let i = 0; i < teeth; i++) {
    const a = i * step;
    points.push(polar(a - step * 0.5, inner), polar(a - step * 0.24, outer), polar(a + step * 0.24, outer));
  }
  return `M${points.map((p) => `${p[0].toFixed(1)},${p[1].toFixed(1)}`).join('L')}Z`;
}

function sectorPath(from, to, inner, outer) {
  const [a, b, c, d] = [polar(from, outer), polar(to, outer), polar(to, inner), polar(from, inner)];
  const large = to - from > 180 ? 1 : 0;
  return `M${a.join(',')}A${outer},${outer} 0 ${large} 1 ${b.join(',')}L${c.join(',')}A${inner},${inner} 0 ${large} 0 ${d.join(',')}Z`;
}

// ------------------------------------------------------------------ messages

export const messages = {
  en: {
    tz_gear_PAL: 'Palenque', tz_gear_YAX: 'Yaxchilan', tz_gear_TIK: 'Tikal', tz_gear_UXM: 'Uxmal', tz_gear_CHI: 'Chichen Itza',
    tz_temple_CHAAC: 'Chaac', tz_temple_QUETZ: 'Quetzalcoatl', tz_temple_KUKUL: 'Kukulcan',
    tz_track_AGRI: 'Agriculture', tz_track_EXTR: 'Resource extraction', tz_track_ARCH: 'Architecture', tz_track_THEO: 'Theology',
    // the same with soft hyphens, for the narrow columns of the technology table
    tz_track_column_AGRI: 'Agri\u00adculture', tz_track_column_EXTR: 'Resource extrac\u00adtion',
    tz_track_column_ARCH: 'Archi\u00adtecture', tz_track_column_THEO: 'Theo\u00adlogy',
    tz_corn_one: 'corn', tz_corn_other: 'corn',
    tz_w_one: 'wood', tz_w_other: 'wood',
    tz_s_one: 'stone', tz_s_other: 'stone',
    tz_g_one: 'gold', tz_g_other: 'gold',
    tz_skull_one: 'crystal skull', tz_skull_other: 'crystal skulls',
    tz_worker_one: 'worker', tz_worker_other: 'workers',
    tz_vp_one: 'VP', tz_vp_other: 'VP',
    tz_tooth_one: 'day', tz_tooth_other: 'days',
    tz_category_farm: 'farm', tz_category_civic: 'civic', tz_category_tomb: 'tomb', tz_category_shrine: 'shrine',
    // actions of the gears (Z1.3, Z1.4)
    tz_action_PAL1: 'fishing: {corn}', tz_action_PAL2: 'harvest: {corn}', tz_action_PAL_wood: '{corn} or {wood}',
    tz_action_TIK1: '1 technology step', tz_action_TIK2: 'build 1 building', tz_action_TIK3: '1 or 2 technology steps',
    tz_action_TIK4: '1–2 buildings or 1 monument', tz_action_TIK5: '1 resource: a step on 2 temples',
    tz_action_UXM1: '{corn}: a step on 1 temple', tz_action_UXM2: 'market', tz_action_UXM3: '+1 worker',
    tz_action_UXM4: 'a building paid in corn', tz_action_UXM5: '{corn}: any action 1–5',
    tz_action_CHI: 'place a skull: {vp} VP, +1 {temple}', tz_action_CHI_resource: 'place a skull: {vp} VP, +1 {temple}, 1 resource',
    tz_action_free: 'free choice of {first}–{last}', tz_action_none: 'no action', tz_action_hidden: 'hidden under the board',
    tz_position: '{gear} {n}',
    tz_action_named: '{position} ({what})',
    // effects of buildings and wealth tiles
    tz_effect_gain: '+{amount}', tz_effect_temple: '+{n} {temple}', tz_effect_temple_any: '+{n} temple of your choice',
    tz_effect_tech: '+{n} {track}', tz_effect_tech_any: '+{n} technology of your choice', tz_effect_vp: '+{n} VP',
    tz_effect_worker: '+1 worker', tz_effect_feed: 'farm: {workers} fed free',
    tz_effect_discount: 'farm: each worker needs 1 corn less', tz_effect_build: 'build 1 building (as Tikal 2)',
    tz_effect_market: 'market (as Uxmal 2)', tz_effect_any_action: '1 corn: any action (as Uxmal 5)',
    // monuments (Z1.9)
    tz_scoring_tomb: '{a} VP per own tomb', tz_scoring_built: '{a} VP per own building and monument',
    tz_scoring_corn_tiles: '{a} VP per corn tile', tz_scoring_wood_tiles: '{a} VP per wood tile',
    tz_scoring_all_monuments: '{n} VP per monument anyone built', tz_scoring_civic: '{a} VP per own civic building',
    tz_scoring_tech3: 'technologies at level 3: 1 → {a}, 2 → {b}, 3+ → {c} VP', tz_scoring_tech_levels: '{a} VP per technology level',
    tz_scoring_workers: 'workers: 4 → {b}, 5 → {c}, 6 → {d} VP', tz_scoring_shrine: '{a} VP per own shrine',
    tz_scoring_temple_vp: 'the temples’ VP once more, without premiums', tz_scoring_high_temple: '{a} VP per step above the start on one temple',
    tz_scoring_chi_skulls: '{a} VP per skull on Chichen Itza',
    // technology levels (Z1.7)
    tz_tech_AGRI_1: '+1 corn per harvest', tz_tech_AGRI_2: 'harvest without a tile; +1 corn fishing', tz_tech_AGRI_3: '+2 more corn per harvest',
    tz_tech_AGRI_bonus: 'a temple step',
    tz_tech_EXTR_1: '+1 wood', tz_tech_EXTR_2: '+1 stone', tz_tech_EXTR_3: '+1 gold', tz_tech_EXTR_bonus: '2 resources',
    tz_tech_ARCH_1: '+1 corn per building', tz_tech_ARCH_2: '+2 VP per building', tz_tech_ARCH_3: 'a building costs 1 resource less',
    tz_tech_ARCH_bonus: '3 VP',
    tz_tech_THEO_1: 'Chichen Itza: the next action up', tz_tech_THEO_2: 'after a skull: 1 resource for a temple step',
    tz_tech_THEO_3: '+1 skull at Yaxchilan 4', tz_tech_THEO_bonus: '1 crystal skull',
    tz_tech_bonus: 'bonus', tz_tech_level: 'level {n}',
    // board labels
    tz_temples: 'Temples', tz_technology: 'Technology',
    tz_buildings_age: 'Buildings, age {age}', tz_monuments: 'Monuments', tz_deck_left: '{n} left in the deck',
    tz_premium: 'premium I: {first} · II: {second}', tz_step_vp: 'step {step}: {vp} VP at the end of an age',
    tz_step_goods: ', {goods} at mid-age', tz_step_top: ' (top: one marker only)',
    tz_start_space: 'Start-player space', tz_start: 'start', tz_pool: 'pool', tz_pool_title: 'corn pool: {corn}, for whoever takes the start-player space',
    tz_age_title: 'age {age}', tz_teeth_turned: 'teeth turned', tz_food_now: 'food day this round',
    tz_food_in: 'food day in {n}',
    tz_food_tooth_mid: 'food day: feeding and temple goods', tz_food_tooth_end: 'food day: feeding and temple points',
    tz_food_held: ' (held)', tz_gear_title: '{gear}: click for its actions',
    tz_piece_worker: '{name}’s worker on {position}', tz_piece_blocker: 'blocking marker', tz_piece_hidden: '(hidden position)',
    tz_jungle: '{position}: {forest} forest, {corn} corn tiles, {empty} empty',
    tz_chi_slot: 'skull slot of {position}', tz_chi_slot_taken: 'a skull lies on {position}',
    tz_you: 'you', tz_start_player: 'start player', tz_to_move: 'to move', tz_light: 'light side: may advance the calendar 2 days',
    tz_dark: 'dark side: double advance used', tz_board_light: '☀ light', tz_board_dark: '☾ dark',
    tz_hand: 'in hand', tz_on_gears: 'on gears', tz_in_play: 'in play', tz_on_start: 'on the start space',
    tz_harvest_tiles: 'harvest tiles: {corn} corn, {wood} wood', tz_feeding: 'food day: {cost}', tz_feeding_free: 'food day: free',
    tz_built: 'Built', tz_nothing_built: 'nothing built yet', tz_wealth: 'Wealth tiles', tz_wealth_hidden: 'face down',
    tz_wealth_discarded: 'discarded', tz_vp_short: 'VP',
    // prompts and controls
    tz_prompt_keep: 'Keep two of your four wealth tiles.', tz_prompt_advance: 'Advance the calendar by 1 or 2 days (2 turns your board dark).',
    tz_prompt_start: 'Place workers or pick them up: click a gear.', tz_prompt_place: 'Place workers: click a gear or the start-player space.',
    tz_prompt_pick: 'Pick up workers: click a gear.', tz_prompt_placing: 'Place another worker, or end your turn.',
    tz_prompt_picking: 'Pick up another worker, or end your turn.', tz_prompt_harvest: 'Palenque {n}: choose the harvest.',
    tz_prompt_tech: 'Choose a technology step and how to pay it.', tz_prompt_tech_optional: 'A second technology step, or skip.',
    tz_prompt_tech_free: 'Choose a free technology step.', tz_prompt_gain: 'Choose the resources you gain.',
    tz_prompt_temple: 'Choose a temple to step up on.', tz_prompt_theo2: 'Theology: pay 1 resource for a temple step, or skip.',
    tz_prompt_temples: 'Tikal 5: pay 1 resource for a step on two temples.', tz_prompt_market: 'Trade at the market.',
    tz_prompt_do: 'Uxmal 5: choose the action.', tz_prompt_do_optional: 'Pay 1 corn for any action, or skip.',
    tz_prompt_build: 'Choose a building to build.', tz_prompt_build_uxm4: 'Choose a building to pay in corn.',
    tz_prompt_build_tik4a: 'Tikal 4: build one or two buildings, or one monument.', tz_prompt_build_tik4b: 'Tikal 4: a second building, or skip.',
    tz_prompt_pity: 'You cannot pay for any place: one worker goes to the cheapest place for all your corn.',
    tz_keep: 'Keep these two', tz_keep_pick: 'Choose two tiles.',
    tz_beg: 'Beg for corn (your corn becomes 3), one step down on:',
    tz_harvest_corn: 'Corn: +{amount}', tz_harvest_corn_tileless: 'Corn without a tile: +{amount}', tz_harvest_wood: 'Wood: +{amount}',
    tz_harvest_burn: 'Burn the forest: +{amount}, one step down on:',
    tz_tech_paid: '{track} {from}→{to}, pay:', tz_tech_paid_bonus: '{track} bonus ({bonus}), pay:',
    tz_tech_free: '{track} {from}→{to}', tz_tech_free_bonus: '{track}: bonus ({bonus})',
    tz_gain: 'Take:', tz_temple_step: '{temple} {from}→{to}', tz_temple_paid: '{temple}, pay:', tz_temples_paid: '{a} and {b}, pay:',
    tz_build_plain: 'Build', tz_build_save: 'Build, saving 1 {resource}', tz_build_full: 'Full price (architecture kept for the second)',
    tz_build_corn: 'Build for {corn}', tz_build_monument: 'Build the monument',
    tz_market_title: 'Market (wood {w}, stone {s}, gold {g} corn)', tz_market_trade: 'Trade', tz_market_nothing: 'Trade nothing',
    tz_market_corn: 'corn {from} → {to}', tz_market_reset: 'Reset',
    tz_do: 'Any action:', tz_skip: 'Skip', tz_end: 'End the turn', tz_advance1: 'Advance 1 day', tz_advance2: 'Advance 2 days',
    tz_confirm: 'Confirm', tz_cancel: 'Cancel', tz_close: 'Close',
    tz_place_here: 'Place a worker on {position}: {cost}.',
    tz_place_cost: '{corn} ({position} for the position + {extra} for the workers already placed)',
    tz_place_cost_plain: '{corn} for the position', tz_place_pity: 'all your corn ({corn})',
    tz_place_start: 'Place a worker on the start-player space: {cost}; after your turn you take the pool ({pool}).',
    tz_place_start_cost: '{corn} for the workers already placed',
    tz_your_worker: 'Your worker on {position}:', tz_pick_free: 'free', tz_pick_none: 'no action',
    tz_pick_summary: 'Pick up the worker on {position} and perform {action}, paying {cost} to step back.',
    tz_pick_summary_free: 'Pick up the worker on {position} and perform {action}.',
    tz_pick_summary_none: 'Pick up the worker on {position} without an action.',
    tz_gear_actions: 'Actions', tz_no_options: 'Nothing to do here now.',
    // log lines (Z23.2)
    tz_log_start: 'chance: {name} is the start player', tz_log_monument: 'chance: monument {id} revealed',
    tz_log_building: 'chance: building {id} revealed', tz_log_deal: 'chance: a wealth tile dealt to {name}',
    tz_log_deal_seen: 'chance: wealth tile {id} dealt to {name}',
    tz_log_block: 'chance: wealth tile {id} revealed, blocking {position}',
    tz_log_keep: '{name} kept wealth tiles {a} and {b}', tz_log_keep_hidden: '{name} kept two wealth tiles',
    tz_log_beg: '{name} begged for corn (corn becomes 3), one step down on {temple}',
    tz_log_place: '{name} placed a worker on {gear}', tz_log_place_start: '{name} placed a worker on the start-player space',
    tz_log_pick: '{name} picked up the worker from {position} and performed {action}',
    tz_log_pick_none: '{name} picked up the worker from {position} without an action',
    tz_log_corn: '{name} harvested corn', tz_log_wood: '{name} harvested wood',
    tz_log_burn: '{name} burned the forest for corn, one step down on {temple}',
    tz_log_tech: '{name} advanced {track}, paying {pay}', tz_log_tech_free: '{name} advanced {track} for free',
    tz_log_gain: '{name} took {goods}', tz_log_temple: '{name} stepped up on {temple}',
    tz_log_temple_paid: '{name} paid {pay} for a step on {temple}', tz_log_temples: '{name} paid {pay} for a step on {a} and {b}',
    tz_log_build: '{name} built {id}', tz_log_build_save: '{name} built {id}, saving 1 {resource}',
    tz_log_build_full: '{name} built {id} at full price', tz_log_build_monument: '{name} built monument {id}',
    tz_log_market: '{name} traded at the market: {trades}', tz_log_market_none: '{name} traded nothing at the market',
    tz_log_buy: 'bought {goods}', tz_log_sell: 'sold {goods}',
    tz_log_do: '{name} chose {action}', tz_log_skip: '{name} skipped', tz_log_end: '{name} ended the turn',
    tz_log_advance1: '{name} advanced the calendar 1 day', tz_log_advance2: '{name} advanced the calendar 2 days',
    tz_log_other: '{name}: {text}',
    // the legal actions' buttons
    tz_act_keep: 'Keep wealth tiles {a} and {b}', tz_act_keep_hidden: 'Keep two wealth tiles',
    tz_act_beg: 'Beg for corn (corn becomes 3), one step down on {temple}',
    tz_act_place: 'Place a worker on {gear}', tz_act_place_start: 'Place a worker on the start-player space',
    tz_act_pick: 'Pick up the worker from {position}: {action}', tz_act_pick_none: 'Pick up the worker from {position} without an action',
    tz_act_corn: 'Harvest corn', tz_act_wood: 'Harvest wood', tz_act_burn: 'Burn the forest for corn, one step down on {temple}',
    tz_act_tech: 'Advance {track}, paying {pay}', tz_act_tech_free: 'Advance {track} for free',
    tz_act_gain: 'Take {goods}', tz_act_temple: 'Step up on {temple}',
    tz_act_temple_paid: 'Pay {pay} for a step on {temple}', tz_act_temples: 'Pay {pay} for a step on {a} and {b}',
    tz_act_build: 'Build {id}', tz_act_build_save: 'Build {id}, saving 1 {resource}',
    tz_act_build_full: 'Build {id} at full price', tz_act_build_monument: 'Build monument {id}',
    tz_act_market: 'Trade at the market: {trades}', tz_act_market_none: 'Trade nothing at the market',
    tz_act_buy: 'buy {goods}', tz_act_sell: 'sell {goods}',
    tz_act_do: 'Choose {action}', tz_act_skip: 'Skip', tz_act_end: 'End the turn',
    tz_act_advance1: 'Advance the calendar 1 day', tz_act_advance2: 'Advance the calendar 2 days',
  },
  cs: {
    tz_gear_PAL: 'Palenque', tz_gear_YAX: 'Yaxchilan', tz_gear_TIK: 'Tikal', tz_gear_UXM: 'Uxmal', tz_gear_CHI: 'Chichen Itza',
    tz_temple_CHAAC: 'Chaac', tz_temple_QUETZ: 'Quetzalcoatl', tz_temple_KUKUL: 'Kukulkan',
    tz_track_AGRI: 'Zemědělství', tz_track_EXTR: 'Dobývání surovin', tz_track_ARCH: 'Architektura', tz_track_THEO: 'Teologie',
    tz_track_column_AGRI: 'Země\u00addělství', tz_track_column_EXTR: 'Dobý\u00advání surovin',
    tz_track_column_ARCH: 'Archi\u00adtektura', tz_track_column_THEO: 'Teo\u00adlogie',
    tz_corn_one: 'kukuřice', tz_corn_few: 'kukuřice', tz_corn_many: 'kukuřic',
    tz_w_one: 'dřevo', tz_w_few: 'dřeva', tz_w_many: 'dřev',
    tz_s_one: 'kámen', tz_s_few: 'kameny', tz_s_many: 'kamenů',
    tz_g_one: 'zlato', tz_g_few: 'zlata', tz_g_many: 'zlat',
    tz_skull_one: 'křišťálová lebka', tz_skull_few: 'křišťálové lebky', tz_skull_many: 'křišťálových lebek',
    tz_worker_one: 'dělník', tz_worker_few: 'dělníci', tz_worker_many: 'dělníků',
    tz_vp_one: 'bod', tz_vp_few: 'body', tz_vp_many: 'bodů',
    tz_tooth_one: 'den', tz_tooth_few: 'dny', tz_tooth_many: 'dní',
    tz_category_farm: 'farma', tz_category_civic: 'správní budova', tz_category_tomb: 'hrobka', tz_category_shrine: 'svatyně',
    tz_action_PAL1: 'rybaření: {corn}', tz_action_PAL2: 'sklizeň: {corn}', tz_action_PAL_wood: '{corn} nebo {wood}',
    tz_action_TIK1: '1 krok technologie', tz_action_TIK2: 'stavba 1 budovy', tz_action_TIK3: '1 nebo 2 kroky technologie',
    tz_action_TIK4: '1–2 budovy nebo 1 monument', tz_action_TIK5: '1 surovina: krok ve 2 chrámech',
    tz_action_UXM1: '{corn}: krok v 1 chrámu', tz_action_UXM2: 'trh', tz_action_UXM3: '+1 dělník',
    tz_action_UXM4: 'budova placená kukuřicí', tz_action_UXM5: '{corn}: libovolná akce 1–5',
    tz_action_CHI: 'položit lebku: {vp} b., +1 {temple}', tz_action_CHI_resource: 'položit lebku: {vp} b., +1 {temple}, 1 surovina',
    tz_action_free: 'volná volba {first}–{last}', tz_action_none: 'bez akce', tz_action_hidden: 'skryto pod deskou',
    tz_position: '{gear} {n}',
    tz_action_named: '{position} ({what})',
    tz_effect_gain: '+{amount}', tz_effect_temple: '+{n} {temple}', tz_effect_temple_any: '+{n} libovolný chrám',
    tz_effect_tech: '+{n} {track}', tz_effect_tech_any: '+{n} libovolná technologie', tz_effect_vp: '+{n} b.',
    tz_effect_worker: '+1 dělník', tz_effect_feed: 'farma: {workers} jí zdarma',
    tz_effect_discount: 'farma: každý dělník o 1 kukuřici méně', tz_effect_build: 'stavba 1 budovy (jako Tikal 2)',
    tz_effect_market: 'trh (jako Uxmal 2)', tz_effect_any_action: '1 kukuřice: libovolná akce (jako Uxmal 5)',
    tz_scoring_tomb: '{a} b. za každou vlastní hrobku', tz_scoring_built: '{a} b. za každou vlastní budovu a monument',
    tz_scoring_corn_tiles: '{a} b. za každou destičku kukuřice', tz_scoring_wood_tiles: '{a} b. za každou destičku dřeva',
    tz_scoring_all_monuments: '{n} b. za každý postavený monument (všech hráčů)', tz_scoring_civic: '{a} b. za každou vlastní správní budovu',
    tz_scoring_tech3: 'technologie na 3. stupni: 1 → {a}, 2 → {b}, 3+ → {c} b.', tz_scoring_tech_levels: '{a} b. za každý stupeň technologie',
    tz_scoring_workers: 'dělníci: 4 → {b}, 5 → {c}, 6 → {d} b.', tz_scoring_shrine: '{a} b. za každou vlastní svatyni',
    tz_scoring_temple_vp: 'body za chrámy ještě jednou, bez prémií', tz_scoring_high_temple: '{a} b. za každý stupeň nad výchozím v jednom chrámu',
    tz_scoring_chi_skulls: '{a} b. za každou lebku na Chichen Itza',
    tz_tech_AGRI_1: '+1 kukuřice ze sklizně', tz_tech_AGRI_2: 'sklizeň i bez destičky; +1 kukuřice z rybaření',
    tz_tech_AGRI_3: '+2 další kukuřice ze sklizně', tz_tech_AGRI_bonus: 'krok v chrámu',
    tz_tech_EXTR_1: '+1 dřevo', tz_tech_EXTR_2: '+1 kámen', tz_tech_EXTR_3: '+1 zlato', tz_tech_EXTR_bonus: '2 suroviny',
    tz_tech_ARCH_1: '+1 kukuřice za budovu', tz_tech_ARCH_2: '+2 b. za budovu', tz_tech_ARCH_3: 'budova o 1 surovinu levnější',
    tz_tech_ARCH_bonus: '3 b.',
    tz_tech_THEO_1: 'Chichen Itza: akce o jednu výš', tz_tech_THEO_2: 'po lebce: 1 surovina za krok v chrámu',
    tz_tech_THEO_3: '+1 lebka na Yaxchilanu 4', tz_tech_THEO_bonus: '1 křišťálová lebka',
    tz_tech_bonus: 'bonus', tz_tech_level: '{n}. stupeň',
    tz_temples: 'Chrámy', tz_technology: 'Technologie',
    tz_buildings_age: 'Budovy, {age}. epocha', tz_monuments: 'Monumenty', tz_deck_left: 've skladu zbývá {n}',
    tz_premium: 'prémie I: {first} · II: {second}', tz_step_vp: 'stupeň {step}: {vp} b. na konci epochy',
    tz_step_goods: ', {goods} v polovině epochy', tz_step_top: ' (vrchol: jen jeden ukazatel)',
    tz_start_space: 'Pole začínajícího hráče', tz_start: 'start', tz_pool: 'banka',
    tz_pool_title: 'kukuřice v bance: {corn}, pro toho, kdo obsadí pole začínajícího hráče',
    tz_age_title: '{age}. epocha', tz_teeth_turned: 'otočených zubů', tz_food_now: 'v tomto kole den výživy',
    tz_food_in: 'den výživy za {n}',
    tz_food_tooth_mid: 'den výživy: krmení a dary chrámů', tz_food_tooth_end: 'den výživy: krmení a body za chrámy',
    tz_food_held: ' (proběhl)', tz_gear_title: '{gear}: klikněte pro akce',
    tz_piece_worker: 'dělník hráče {name} na pozici {position}', tz_piece_blocker: 'blokující žeton', tz_piece_hidden: '(skrytá pozice)',
    tz_jungle: '{position}: les {forest}, kukuřice {corn}, prázdná pole {empty}',
    tz_chi_slot: 'místo pro lebku u pozice {position}', tz_chi_slot_taken: 'u pozice {position} leží lebka',
    tz_you: 'vy', tz_start_player: 'začínající hráč', tz_to_move: 'na tahu', tz_light: 'světlá strana: smí posunout kalendář o 2 dny',
    tz_dark: 'tmavá strana: dvojitý posun využit', tz_board_light: '☀ světlá', tz_board_dark: '☾ tmavá',
    tz_hand: 'v ruce', tz_on_gears: 'na kolech', tz_in_play: 've hře', tz_on_start: 'na poli začínajícího hráče',
    tz_harvest_tiles: 'destičky úrody: kukuřice {corn}, dřevo {wood}', tz_feeding: 'den výživy: {cost}', tz_feeding_free: 'den výživy: zdarma',
    tz_built: 'Postaveno', tz_nothing_built: 'zatím nic', tz_wealth: 'Destičky jmění', tz_wealth_hidden: 'rubem nahoru',
    tz_wealth_discarded: 'odložena', tz_vp_short: 'b.',
    tz_prompt_keep: 'Ponechte si dvě ze svých čtyř destiček jmění.', tz_prompt_advance: 'Posuňte kalendář o 1 nebo 2 dny (2 otočí desku na tmavou stranu).',
    tz_prompt_start: 'Umístěte nebo stáhněte dělníky: klikněte na kolo.', tz_prompt_place: 'Umístěte dělníky: klikněte na kolo nebo na pole začínajícího hráče.',
    tz_prompt_pick: 'Stáhněte dělníky: klikněte na kolo.', tz_prompt_placing: 'Umístěte dalšího dělníka, nebo ukončete tah.',
    tz_prompt_picking: 'Stáhněte dalšího dělníka, nebo ukončete tah.', tz_prompt_harvest: 'Palenque {n}: zvolte sklizeň.',
    tz_prompt_tech: 'Zvolte krok technologie a platbu.', tz_prompt_tech_optional: 'Druhý krok technologie, nebo vynechat.',
    tz_prompt_tech_free: 'Zvolte bezplatný krok technologie.', tz_prompt_gain: 'Zvolte suroviny, které získáte.',
    tz_prompt_temple: 'Zvolte chrám, ve kterém postoupíte.', tz_prompt_theo2: 'Teologie: 1 surovina za krok v chrámu, nebo vynechat.',
    tz_prompt_temples: 'Tikal 5: 1 surovina za krok ve dvou chrámech.', tz_prompt_market: 'Obchodujte na trhu.',
    tz_prompt_do: 'Uxmal 5: zvolte akci.', tz_prompt_do_optional: 'Za 1 kukuřici libovolná akce, nebo vynechat.',
    tz_prompt_build: 'Zvolte budovu ke stavbě.', tz_prompt_build_uxm4: 'Zvolte budovu placenou kukuřicí.',
    tz_prompt_build_tik4a: 'Tikal 4: postavte jednu nebo dvě budovy, nebo jeden monument.', tz_prompt_build_tik4b: 'Tikal 4: druhá budova, nebo vynechat.',
    tz_prompt_pity: 'Nemůžete zaplatit žádnou pozici: jeden dělník jde na nejlevnější pozici za veškerou vaši kukuřici.',
    tz_keep: 'Ponechat tyto dvě', tz_keep_pick: 'Vyberte dvě destičky.',
    tz_beg: 'Žebrat o kukuřici (budete mít 3), o stupeň níž v chrámu:',
    tz_harvest_corn: 'Kukuřice: +{amount}', tz_harvest_corn_tileless: 'Kukuřice bez destičky: +{amount}', tz_harvest_wood: 'Dřevo: +{amount}',
    tz_harvest_burn: 'Vypálit les: +{amount}, o stupeň níž v chrámu:',
    tz_tech_paid: '{track} {from}→{to}, platba:', tz_tech_paid_bonus: '{track}: bonus ({bonus}), platba:',
    tz_tech_free: '{track} {from}→{to}', tz_tech_free_bonus: '{track}: bonus ({bonus})',
    tz_gain: 'Vezměte:', tz_temple_step: '{temple} {from}→{to}', tz_temple_paid: '{temple}, platba:', tz_temples_paid: '{a} a {b}, platba:',
    tz_build_plain: 'Postavit', tz_build_save: 'Postavit, ušetřit 1× {resource}', tz_build_full: 'Plná cena (architektura až u druhé)',
    tz_build_corn: 'Postavit za {corn}', tz_build_monument: 'Postavit monument',
    tz_market_title: 'Trh (dřevo {w}, kámen {s}, zlato {g} kukuřice)', tz_market_trade: 'Obchodovat', tz_market_nothing: 'Nic neměnit',
    tz_market_corn: 'kukuřice {from} → {to}', tz_market_reset: 'Vynulovat',
    tz_do: 'Libovolná akce:', tz_skip: 'Vynechat', tz_end: 'Ukončit tah', tz_advance1: 'Posun o 1 den', tz_advance2: 'Posun o 2 dny',
    tz_confirm: 'Potvrdit', tz_cancel: 'Zrušit', tz_close: 'Zavřít',
    tz_place_here: 'Umístit dělníka na pozici {position}: {cost}.',
    tz_place_cost: '{corn} ({position} za pozici + {extra} za již umístěné dělníky)',
    tz_place_cost_plain: '{corn} za pozici', tz_place_pity: 'veškerá vaše kukuřice ({corn})',
    tz_place_start: 'Umístit dělníka na pole začínajícího hráče: {cost}; po tahu si vezmete banku ({pool}).',
    tz_place_start_cost: '{corn} za již umístěné dělníky',
    tz_your_worker: 'Váš dělník na pozici {position}:', tz_pick_free: 'zdarma', tz_pick_none: 'bez akce',
    tz_pick_summary: 'Stáhnout dělníka z pozice {position} a provést {action}; krok zpět stojí {cost}.',
    tz_pick_summary_free: 'Stáhnout dělníka z pozice {position} a provést {action}.',
    tz_pick_summary_none: 'Stáhnout dělníka z pozice {position} bez akce.',
    tz_gear_actions: 'Akce', tz_no_options: 'Tady teď nic udělat nelze.',
    tz_log_start: 'náhoda: začíná {name}', tz_log_monument: 'náhoda: odkryt monument {id}',
    tz_log_building: 'náhoda: odkryta budova {id}', tz_log_deal: 'náhoda: {name} dostává destičku jmění',
    tz_log_deal_seen: 'náhoda: {name} dostává destičku jmění {id}',
    tz_log_block: 'náhoda: odkryta destička {id}, blokuje {position}',
    tz_log_keep: '{name} si ponechává destičky {a} a {b}', tz_log_keep_hidden: '{name} si ponechává dvě destičky jmění',
    tz_log_beg: '{name} žebrá o kukuřici (má 3), o stupeň níž v chrámu {temple}',
    tz_log_place: '{name} umisťuje dělníka na kolo {gear}', tz_log_place_start: '{name} umisťuje dělníka na pole začínajícího hráče',
    tz_log_pick: '{name} stahuje dělníka z pozice {position} a provádí {action}',
    tz_log_pick_none: '{name} stahuje dělníka z pozice {position} bez akce',
    tz_log_corn: '{name} sklízí kukuřici', tz_log_wood: '{name} sklízí dřevo',
    tz_log_burn: '{name} vypaluje les kvůli kukuřici, o stupeň níž v chrámu {temple}',
    tz_log_tech: '{name} postupuje v technologii {track}, platí {pay}', tz_log_tech_free: '{name} postupuje zdarma v technologii {track}',
    tz_log_gain: '{name} bere {goods}', tz_log_temple: '{name} postupuje v chrámu {temple}',
    tz_log_temple_paid: '{name} platí {pay} za krok v chrámu {temple}', tz_log_temples: '{name} platí {pay} za krok v chrámech {a} a {b}',
    tz_log_build: '{name} staví budovu {id}', tz_log_build_save: '{name} staví budovu {id} a šetří 1× {resource}',
    tz_log_build_full: '{name} staví budovu {id} za plnou cenu', tz_log_build_monument: '{name} staví monument {id}',
    tz_log_market: '{name} obchoduje na trhu: {trades}', tz_log_market_none: '{name} na trhu nic nemění',
    tz_log_buy: 'kupuje {goods}', tz_log_sell: 'prodává {goods}',
    tz_log_do: '{name} volí {action}', tz_log_skip: '{name} vynechává', tz_log_end: '{name} končí tah',
    tz_log_advance1: '{name} posouvá kalendář o 1 den', tz_log_advance2: '{name} posouvá kalendář o 2 dny',
    tz_log_other: '{name}: {text}',
    tz_act_keep: 'Ponechat si destičky jmění {a} a {b}', tz_act_keep_hidden: 'Ponechat si dvě destičky jmění',
    tz_act_beg: 'Žebrat o kukuřici (budete mít 3), o stupeň níž v chrámu {temple}',
    tz_act_place: 'Umístit dělníka na kolo {gear}', tz_act_place_start: 'Umístit dělníka na pole začínajícího hráče',
    tz_act_pick: 'Stáhnout dělníka z pozice {position}: {action}', tz_act_pick_none: 'Stáhnout dělníka z pozice {position} bez akce',
    tz_act_corn: 'Sklidit kukuřici', tz_act_wood: 'Sklidit dřevo', tz_act_burn: 'Vypálit les kvůli kukuřici, o stupeň níž v chrámu {temple}',
    tz_act_tech: 'Postoupit v technologii {track}, platba {pay}', tz_act_tech_free: 'Postoupit zdarma v technologii {track}',
    tz_act_gain: 'Vzít {goods}', tz_act_temple: 'Postoupit v chrámu {temple}',
    tz_act_temple_paid: 'Zaplatit {pay} za krok v chrámu {temple}', tz_act_temples: 'Zaplatit {pay} za krok v chrámech {a} a {b}',
    tz_act_build: 'Postavit budovu {id}', tz_act_build_save: 'Postavit budovu {id} a ušetřit 1× {resource}',
    tz_act_build_full: 'Postavit budovu {id} za plnou cenu', tz_act_build_monument: 'Postavit monument {id}',
    tz_act_market: 'Obchodovat na trhu: {trades}', tz_act_market_none: 'Na trhu nic neměnit',
    tz_act_buy: 'koupit {goods}', tz_act_sell: 'prodat {goods}',
    tz_act_do: 'Zvolit {action}', tz_act_skip: 'Vynechat', tz_act_end: 'Ukončit tah',
    tz_act_advance1: 'Posunout kalendář o 1 den', tz_act_advance2: 'Posunout kalendář o 2 dny',
    // score events by their kind (GET .../log "scoring"; English: the engine's words)
    tz_score_building: 'budova {subject}', tz_score_architecture: 'architektura: budova {subject}',
    'tz_score_technology bonus': 'bonus technologie {subject}', 'tz_score_chichen itza': 'lebka na Chichen Itza',
    tz_score_unfed: 'nenakrmení dělníci', tz_score_temple: 'chrám {subject}', 'tz_score_temple premium': 'prémie chrámu {subject}',
    tz_score_corn: 'kukuřice', tz_score_skulls: 'křišťálové lebky', tz_score_monument: 'monument {subject}',
  },
  pl: {
    tz_gear_PAL: 'Palenque', tz_gear_YAX: 'Yaxchilan', tz_gear_TIK: 'Tikal', tz_gear_UXM: 'Uxmal', tz_gear_CHI: 'Chichen Itza',
    tz_temple_CHAAC: 'Chaac', tz_temple_QUETZ: 'Quetzalcoatl', tz_temple_KUKUL: 'Kukulkan',
    tz_track_AGRI: 'Rolnictwo', tz_track_EXTR: 'Wydobycie surowców', tz_track_ARCH: 'Architektura', tz_track_THEO: 'Teologia',
    tz_track_column_AGRI: 'Rolnic\u00adtwo', tz_track_column_EXTR: 'Wydoby\u00adcie surow\u00adców',
    tz_track_column_ARCH: 'Archi\u00adtektura', tz_track_column_THEO: 'Teo\u00adlogia',
    tz_corn_one: 'kukurydza', tz_corn_few: 'kukurydzy', tz_corn_many: 'kukurydzy',
    tz_w_one: 'drewno', tz_w_few: 'drewna', tz_w_many: 'drewna',
    tz_s_one: 'kamień', tz_s_few: 'kamienie', tz_s_many: 'kamieni',
    tz_g_one: 'złoto', tz_g_few: 'złota', tz_g_many: 'złota',
    tz_skull_one: 'kryształowa czaszka', tz_skull_few: 'kryształowe czaszki', tz_skull_many: 'kryształowych czaszek',
    tz_worker_one: 'robotnik', tz_worker_few: 'robotników', tz_worker_many: 'robotników',
    tz_vp_one: 'punkt', tz_vp_few: 'punkty', tz_vp_many: 'punktów',
    tz_tooth_one: 'dzień', tz_tooth_few: 'dni', tz_tooth_many: 'dni',
    tz_category_farm: 'farma', tz_category_civic: 'budynek użyteczności publicznej', tz_category_tomb: 'grobowiec', tz_category_shrine: 'kapliczka',
    tz_action_PAL1: 'łowienie ryb: {corn}', tz_action_PAL2: 'zbiory: {corn}', tz_action_PAL_wood: '{corn} albo {wood}',
    tz_action_TIK1: '1 krok technologii', tz_action_TIK2: 'budowa 1 budynku', tz_action_TIK3: '1 lub 2 kroki technologii',
    tz_action_TIK4: '1–2 budynki albo 1 monument', tz_action_TIK5: '1 surowiec: krok w 2 świątyniach',
    tz_action_UXM1: '{corn}: krok w 1 świątyni', tz_action_UXM2: 'targ', tz_action_UXM3: '+1 robotnik',
    tz_action_UXM4: 'budynek opłacony kukurydzą', tz_action_UXM5: '{corn}: dowolna akcja 1–5',
    tz_action_CHI: 'połóż czaszkę: {vp} pkt, +1 {temple}', tz_action_CHI_resource: 'połóż czaszkę: {vp} pkt, +1 {temple}, 1 surowiec',
    tz_action_free: 'dowolny wybór {first}–{last}', tz_action_none: 'bez akcji', tz_action_hidden: 'ukryte pod planszą',
    tz_position: '{gear} {n}',
    tz_action_named: '{position} ({what})',
    tz_effect_gain: '+{amount}', tz_effect_temple: '+{n} {temple}', tz_effect_temple_any: '+{n} dowolna świątynia',
    tz_effect_tech: '+{n} {track}', tz_effect_tech_any: '+{n} dowolna technologia', tz_effect_vp: '+{n} pkt',
    tz_effect_worker: '+1 robotnik', tz_effect_feed: 'farma: {workers} je za darmo',
    tz_effect_discount: 'farma: każdy robotnik o 1 kukurydzę mniej', tz_effect_build: 'budowa 1 budynku (jak Tikal 2)',
    tz_effect_market: 'targ (jak Uxmal 2)', tz_effect_any_action: '1 kukurydza: dowolna akcja (jak Uxmal 5)',
    tz_scoring_tomb: '{a} pkt za każdy własny grobowiec', tz_scoring_built: '{a} pkt za każdy własny budynek i monument',
    tz_scoring_corn_tiles: '{a} pkt za każdy żeton kukurydzy', tz_scoring_wood_tiles: '{a} pkt za każdy żeton drewna',
    tz_scoring_all_monuments: '{n} pkt za każdy zbudowany monument (wszystkich graczy)', tz_scoring_civic: '{a} pkt za każdy własny budynek użyteczności publicznej',
    tz_scoring_tech3: 'technologie na 3. poziomie: 1 → {a}, 2 → {b}, 3+ → {c} pkt', tz_scoring_tech_levels: '{a} pkt za każdy poziom technologii',
    tz_scoring_workers: 'robotnicy: 4 → {b}, 5 → {c}, 6 → {d} pkt', tz_scoring_shrine: '{a} pkt za każdą własną kapliczkę',
    tz_scoring_temple_vp: 'punkty za świątynie jeszcze raz, bez premii', tz_scoring_high_temple: '{a} pkt za każdy stopień powyżej startu w jednej świątyni',
    tz_scoring_chi_skulls: '{a} pkt za każdą czaszkę w Chichen Itza',
    tz_tech_AGRI_1: '+1 kukurydza ze zbiorów', tz_tech_AGRI_2: 'zbiory bez żetonu; +1 kukurydza z łowienia ryb',
    tz_tech_AGRI_3: 'jeszcze +2 kukurydzy ze zbiorów', tz_tech_AGRI_bonus: 'krok w świątyni',
    tz_tech_EXTR_1: '+1 drewno', tz_tech_EXTR_2: '+1 kamień', tz_tech_EXTR_3: '+1 złoto', tz_tech_EXTR_bonus: '2 surowce',
    tz_tech_ARCH_1: '+1 kukurydza za budynek', tz_tech_ARCH_2: '+2 pkt za budynek', tz_tech_ARCH_3: 'budynek o 1 surowiec tańszy',
    tz_tech_ARCH_bonus: '3 pkt',
    tz_tech_THEO_1: 'Chichen Itza: akcja o jedną wyżej', tz_tech_THEO_2: 'po czaszce: 1 surowiec za krok w świątyni',
    tz_tech_THEO_3: '+1 czaszka w Yaxchilan 4', tz_tech_THEO_bonus: '1 kryształowa czaszka',
    tz_tech_bonus: 'premia', tz_tech_level: 'poziom {n}',
    tz_temples: 'Świątynie', tz_technology: 'Technologie',
    tz_buildings_age: 'Budynki, epoka {age}', tz_monuments: 'Monumenty', tz_deck_left: 'w talii zostało {n}',
    tz_premium: 'premia I: {first} · II: {second}', tz_step_vp: 'stopień {step}: {vp} pkt na koniec epoki',
    tz_step_goods: ', {goods} w połowie epoki', tz_step_top: ' (szczyt: tylko jeden znacznik)',
    tz_start_space: 'Pole pierwszego gracza', tz_start: 'start', tz_pool: 'pula',
    tz_pool_title: 'kukurydza w puli: {corn}, dla tego, kto zajmie pole pierwszego gracza',
    tz_age_title: 'epoka {age}', tz_teeth_turned: 'obróconych zębów', tz_food_now: 'w tej rundzie dzień karmienia',
    tz_food_in: 'dzień karmienia za {n}',
    tz_food_tooth_mid: 'dzień karmienia: wyżywienie i dary świątyń', tz_food_tooth_end: 'dzień karmienia: wyżywienie i punkty za świątynie',
    tz_food_held: ' (minął)', tz_gear_title: '{gear}: kliknij, by zobaczyć akcje',
    tz_piece_worker: 'robotnik gracza {name} na {position}', tz_piece_blocker: 'znacznik blokady', tz_piece_hidden: '(ukryta pozycja)',
    tz_jungle: '{position}: las {forest}, kukurydza {corn}, puste {empty}',
    tz_chi_slot: 'miejsce na czaszkę przy {position}', tz_chi_slot_taken: 'przy {position} leży czaszka',
    tz_you: 'ty', tz_start_player: 'pierwszy gracz', tz_to_move: 'na ruchu', tz_light: 'jasna strona: może przesunąć kalendarz o 2 dni',
    tz_dark: 'ciemna strona: podwójne przesunięcie wykorzystane', tz_board_light: '☀ jasna', tz_board_dark: '☾ ciemna',
    tz_hand: 'w ręce', tz_on_gears: 'na kołach', tz_in_play: 'w grze', tz_on_start: 'na polu pierwszego gracza',
    tz_harvest_tiles: 'żetony zbiorów: kukurydza {corn}, drewno {wood}', tz_feeding: 'dzień karmienia: {cost}', tz_feeding_free: 'dzień karmienia: za darmo',
    tz_built: 'Zbudowane', tz_nothing_built: 'jeszcze nic', tz_wealth: 'Płytki bogactwa', tz_wealth_hidden: 'rewersem do góry',
    tz_wealth_discarded: 'odrzucona', tz_vp_short: 'pkt',
    tz_prompt_keep: 'Zatrzymaj dwie z czterech płytek bogactwa.', tz_prompt_advance: 'Przesuń kalendarz o 1 lub 2 dni (2 odwraca twoją planszę na ciemną stronę).',
    tz_prompt_start: 'Postaw lub zdejmij robotników: kliknij koło.', tz_prompt_place: 'Postaw robotników: kliknij koło albo pole pierwszego gracza.',
    tz_prompt_pick: 'Zdejmij robotników: kliknij koło.', tz_prompt_placing: 'Postaw kolejnego robotnika albo zakończ turę.',
    tz_prompt_picking: 'Zdejmij kolejnego robotnika albo zakończ turę.', tz_prompt_harvest: 'Palenque {n}: wybierz zbiory.',
    tz_prompt_tech: 'Wybierz krok technologii i zapłatę.', tz_prompt_tech_optional: 'Drugi krok technologii albo pomiń.',
    tz_prompt_tech_free: 'Wybierz darmowy krok technologii.', tz_prompt_gain: 'Wybierz surowce, które dostajesz.',
    tz_prompt_temple: 'Wybierz świątynię, w której awansujesz.', tz_prompt_theo2: 'Teologia: 1 surowiec za krok w świątyni albo pomiń.',
    tz_prompt_temples: 'Tikal 5: 1 surowiec za krok w dwóch świątyniach.', tz_prompt_market: 'Handluj na targu.',
    tz_prompt_do: 'Uxmal 5: wybierz akcję.', tz_prompt_do_optional: 'Za 1 kukurydzę dowolna akcja albo pomiń.',
    tz_prompt_build: 'Wybierz budynek do zbudowania.', tz_prompt_build_uxm4: 'Wybierz budynek opłacany kukurydzą.',
    tz_prompt_build_tik4a: 'Tikal 4: zbuduj jeden lub dwa budynki albo jeden monument.', tz_prompt_build_tik4b: 'Tikal 4: drugi budynek albo pomiń.',
    tz_prompt_pity: 'Nie możesz opłacić żadnej pozycji: jeden robotnik idzie na najtańszą pozycję za całą twoją kukurydzę.',
    tz_keep: 'Zatrzymaj te dwie', tz_keep_pick: 'Wybierz dwie płytki.',
    tz_beg: 'Żebraj o kukurydzę (będziesz mieć 3), stopień niżej w świątyni:',
    tz_harvest_corn: 'Kukurydza: +{amount}', tz_harvest_corn_tileless: 'Kukurydza bez żetonu: +{amount}', tz_harvest_wood: 'Drewno: +{amount}',
    tz_harvest_burn: 'Wypal las: +{amount}, stopień niżej w świątyni:',
    tz_tech_paid: '{track} {from}→{to}, zapłać:', tz_tech_paid_bonus: '{track}: premia ({bonus}), zapłać:',
    tz_tech_free: '{track} {from}→{to}', tz_tech_free_bonus: '{track}: premia ({bonus})',
    tz_gain: 'Weź:', tz_temple_step: '{temple} {from}→{to}', tz_temple_paid: '{temple}, zapłać:', tz_temples_paid: '{a} i {b}, zapłać:',
    tz_build_plain: 'Zbuduj', tz_build_save: 'Zbuduj, oszczędzając 1× {resource}', tz_build_full: 'Pełna cena (architektura dopiero przy drugim)',
    tz_build_corn: 'Zbuduj za {corn}', tz_build_monument: 'Zbuduj monument',
    tz_market_title: 'Targ (drewno {w}, kamień {s}, złoto {g} kukurydzy)', tz_market_trade: 'Handluj', tz_market_nothing: 'Nic nie wymieniaj',
    tz_market_corn: 'kukurydza {from} → {to}', tz_market_reset: 'Wyzeruj',
    tz_do: 'Dowolna akcja:', tz_skip: 'Pomiń', tz_end: 'Zakończ turę', tz_advance1: 'Przesuń o 1 dzień', tz_advance2: 'Przesuń o 2 dni',
    tz_confirm: 'Potwierdź', tz_cancel: 'Anuluj', tz_close: 'Zamknij',
    tz_place_here: 'Postaw robotnika na {position}: {cost}.',
    tz_place_cost: '{corn} ({position} za pozycję + {extra} za już postawionych robotników)',
    tz_place_cost_plain: '{corn} za pozycję', tz_place_pity: 'cała twoja kukurydza ({corn})',
    tz_place_start: 'Postaw robotnika na polu pierwszego gracza: {cost}; po turze bierzesz pulę ({pool}).',
    tz_place_start_cost: '{corn} za już postawionych robotników',
    tz_your_worker: 'Twój robotnik na {position}:', tz_pick_free: 'za darmo', tz_pick_none: 'bez akcji',
    tz_pick_summary: 'Zdejmij robotnika z {position} i wykonaj {action}; krok wstecz kosztuje {cost}.',
    tz_pick_summary_free: 'Zdejmij robotnika z {position} i wykonaj {action}.',
    tz_pick_summary_none: 'Zdejmij robotnika z {position} bez akcji.',
    tz_gear_actions: 'Akcje', tz_no_options: 'Tu nic teraz nie można zrobić.',
    tz_log_start: 'los: zaczyna {name}', tz_log_monument: 'los: odkryto monument {id}',
    tz_log_building: 'los: odkryto budynek {id}', tz_log_deal: 'los: {name} dostaje płytkę bogactwa',
    tz_log_deal_seen: 'los: {name} dostaje płytkę bogactwa {id}',
    tz_log_block: 'los: odkryto płytkę {id}, blokuje {position}',
    tz_log_keep: '{name} zatrzymuje płytki {a} i {b}', tz_log_keep_hidden: '{name} zatrzymuje dwie płytki bogactwa',
    tz_log_beg: '{name} żebrze o kukurydzę (ma 3), stopień niżej w świątyni {temple}',
    tz_log_place: '{name} stawia robotnika na kole {gear}', tz_log_place_start: '{name} stawia robotnika na polu pierwszego gracza',
    tz_log_pick: '{name} zdejmuje robotnika z {position} i wykonuje {action}',
    tz_log_pick_none: '{name} zdejmuje robotnika z {position} bez akcji',
    tz_log_corn: '{name} zbiera kukurydzę', tz_log_wood: '{name} zbiera drewno',
    tz_log_burn: '{name} wypala las dla kukurydzy, stopień niżej w świątyni {temple}',
    tz_log_tech: '{name} awansuje w technologii {track}, płaci {pay}', tz_log_tech_free: '{name} awansuje za darmo w technologii {track}',
    tz_log_gain: '{name} bierze {goods}', tz_log_temple: '{name} awansuje w świątyni {temple}',
    tz_log_temple_paid: '{name} płaci {pay} za krok w świątyni {temple}', tz_log_temples: '{name} płaci {pay} za krok w świątyniach {a} i {b}',
    tz_log_build: '{name} buduje budynek {id}', tz_log_build_save: '{name} buduje budynek {id}, oszczędzając 1× {resource}',
    tz_log_build_full: '{name} buduje budynek {id} za pełną cenę', tz_log_build_monument: '{name} buduje monument {id}',
    tz_log_market: '{name} handluje na targu: {trades}', tz_log_market_none: '{name} nic nie wymienia na targu',
    tz_log_buy: 'kupuje {goods}', tz_log_sell: 'sprzedaje {goods}',
    tz_log_do: '{name} wybiera {action}', tz_log_skip: '{name} pomija', tz_log_end: '{name} kończy turę',
    tz_log_advance1: '{name} przesuwa kalendarz o 1 dzień', tz_log_advance2: '{name} przesuwa kalendarz o 2 dni',
    tz_log_other: '{name}: {text}',
    tz_act_keep: 'Zatrzymaj płytki bogactwa {a} i {b}', tz_act_keep_hidden: 'Zatrzymaj dwie płytki bogactwa',
    tz_act_beg: 'Żebraj o kukurydzę (będziesz mieć 3), stopień niżej w świątyni {temple}',
    tz_act_place: 'Postaw robotnika na kole {gear}', tz_act_place_start: 'Postaw robotnika na polu pierwszego gracza',
    tz_act_pick: 'Zdejmij robotnika z {position}: {action}', tz_act_pick_none: 'Zdejmij robotnika z {position} bez akcji',
    tz_act_corn: 'Zbierz kukurydzę', tz_act_wood: 'Zbierz drewno', tz_act_burn: 'Wypal las dla kukurydzy, stopień niżej w świątyni {temple}',
    tz_act_tech: 'Awansuj w technologii {track}, płacąc {pay}', tz_act_tech_free: 'Awansuj za darmo w technologii {track}',
    tz_act_gain: 'Weź {goods}', tz_act_temple: 'Awansuj w świątyni {temple}',
    tz_act_temple_paid: 'Zapłać {pay} za krok w świątyni {temple}', tz_act_temples: 'Zapłać {pay} za krok w świątyniach {a} i {b}',
    tz_act_build: 'Zbuduj budynek {id}', tz_act_build_save: 'Zbuduj budynek {id}, oszczędzając 1× {resource}',
    tz_act_build_full: 'Zbuduj budynek {id} za pełną cenę', tz_act_build_monument: 'Zbuduj monument {id}',
    tz_act_market: 'Handluj na targu: {trades}', tz_act_market_none: 'Nic nie wymieniaj na targu',
    tz_act_buy: 'kup {goods}', tz_act_sell: 'sprzedaj {goods}',
    tz_act_do: 'Wybierz {action}', tz_act_skip: 'Pomiń', tz_act_end: 'Zakończ turę',
    tz_act_advance1: 'Przesuń kalendarz o 1 dzień', tz_act_advance2: 'Przesuń kalendarz o 2 dni',
    tz_score_building: 'budynek {subject}', tz_score_architecture: 'architektura: budynek {subject}',
    'tz_score_technology bonus': 'premia technologii {subject}', 'tz_score_chichen itza': 'czaszka w Chichen Itza',
    tz_score_unfed: 'niewykarmieni robotnicy', tz_score_temple: 'świątynia {subject}', 'tz_score_temple premium': 'premia świątyni {subject}',
    tz_score_corn: 'kukurydza', tz_score_skulls: 'kryształowe czaszki', tz_score_monument: 'monument {subject}',
  },
};

// ------------------------------------------------------------------ words

// "3 corn", "2 dřeva": a number and its noun (corn, w, s, g, skull, worker, vp, tooth).
function amount(n, noun) {
  return `${n} ${tCount(`tz_${noun}`, n)}`;
}

// "wws" -> "2 wood, 1 stone"
function payWords(pay) {
  const counts = { w: 0, s: 0, g: 0 };
  for (const letter of pay) if (letter in counts) counts[letter]++;
  return RESOURCES.filter((r) => counts[r]).map((r) => amount(counts[r], r)).join(', ');
}

const gearName = (gear) => t(`tz_gear_${gear}`);
const templeName = (temple) => t(`tz_temple_${temple}`);
const trackName = (track) => t(`tz_track_${track}`);
const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `\u2212${-n}` : '0');
// The market line of a change {w, s, g} as Z23 writes it: "market +2w -1g", "market".
const marketLine = (change) => ['market', ...RESOURCES.filter((r) => change[r]).map((r) => `${change[r] > 0 ? '+' : ''}${change[r]}${r}`)].join(' ');
const templeStepWords = (index) => signed(index - 1); // a temple step relative to the start step

function splitPosition(position) {
  const match = /^(PAL|YAX|TIK|UXM|CHI)(\d+)$/.exec(position || '');
  return match ? [match[1], Number(match[2])] : [null, null];
}

function positionName(position) {
  const [gear, n] = splitPosition(position);
  return gear ? t('tz_position', { gear: gearName(gear), n }) : String(position);
}

// What the action (or position) Gq does, in words.
function actionWhat(gear, q) {
  const shape = gearShape(gear);
  if (q === 0) return t('tz_action_none');
  if (q > shape.last) return t('tz_action_hidden');
  if (q > shape.actions) return t('tz_action_free', { first: 1, last: shape.actions });
  if (gear === 'CHI') {
    const chi = CHI_ACTIONS[q];
    return t(chi.resource ? 'tz_action_CHI_resource' : 'tz_action_CHI', { vp: chi.vp, temple: templeName(chi.temple) });
  }
  if (gear === 'YAX') { // the served gains, gold first, corn last
    const gain = FACTS.actions.YAX[q];
    return ['g', 's', 'w', 'skull', 'corn'].filter((kind) => gain[kind]).map((kind) => amount(gain[kind], kind)).join(', ');
  }
  const pal = gear === 'PAL' ? FACTS.actions.PAL[q] : null;
  if (pal) return t(pal.wood ? 'tz_action_PAL_wood' : `tz_action_PAL${q}`, { corn: amount(pal.corn, 'corn'), wood: amount(pal.wood, 'w') });
  const paid = gear === 'UXM' ? FACTS.actions.UXM[q].pay_corn : 0;
  return t(`tz_action_${gear}${q}`, { corn: amount(paid, 'corn') });
}

function actionName(action) {
  const [gear, q] = splitPosition(action);
  if (!gear) return String(action);
  return t('tz_action_named', { position: positionName(action), what: actionWhat(gear, q) });
}

function effectWords([kind, a, b]) {
  switch (kind) {
    case 'gain': return t('tz_effect_gain', { amount: amount(b, a) });
    case 'temple': return t('tz_effect_temple', { n: b, temple: templeName(a) });
    case 'templeAny': return t('tz_effect_temple_any', { n: a });
    case 'tech': return t('tz_effect_tech', { n: b, track: trackName(a) });
    case 'techAny': return t('tz_effect_tech_any', { n: a });
    case 'vp': return t('tz_effect_vp', { n: a });
    case 'worker': return t('tz_effect_worker');
    case 'feed': return t('tz_effect_feed', { workers: amount(a, 'worker') });
    case 'discount': return t('tz_effect_discount');
    case 'build': return t('tz_effect_build');
    case 'market': return t('tz_effect_market');
    case 'anyAction': return t('tz_effect_any_action');
    default: return kind;
  }
}

function monumentRule(id, players) {
  const monument = MONUMENTS[id];
  if (!monument) return id;
  const [a, b, c, d] = monument.points;
  return t(`tz_scoring_${monument.scoring}`, { n: monument.points[Math.max(0, Math.min(monument.points.length - 1, players - 2))], a, b, c, d });
}

// A seat's name from the list game.js passes, else "Seat N".
function nameOf(names, seat) {
  return (names && names[seat]) || t('seat', { n: seat + 1 });
}

// ------------------------------------------------------------------ log lines in words

export function describe(entry, names) {
  const words = String(entry.text || '').trim().split(/\s+/);
  const [verb, a, b, c] = words;
  if (entry.actor === 'chance') {
    switch (verb) {
      case 'start': return t('tz_log_start', { name: nameOf(names, Number(a) - 1) });
      case 'monument': return t('tz_log_monument', { id: a });
      case 'building': return t('tz_log_building', { id: a });
      case 'deal': return b && b !== '?' ? t('tz_log_deal_seen', { id: b, name: nameOf(names, Number(a) - 1) })
        : t('tz_log_deal', { name: nameOf(names, Number(a) - 1) });
      case 'block': return t('tz_log_block', { id: a, position: WEALTH[a] ? positionName(WEALTH[a].position) : '?' });
      default: return `${t('chance')}: ${entry.text}`;
    }
  }
  const name = nameOf(names, entry.actor);
  const line = playerWords('tz_log', words, { name }) ?? t('tz_log_other', { name, text: entry.text });
  if (words[0] !== 'place' && words[0] !== 'pick') return line;
  // the server's log adds a placement's position and the corn paid, and the
  // corn a pick-up paid to step back (Z6.1b) (docs/api.md)
  const paid = [entry.position !== undefined ? positionName(`${words[1]}${entry.position}`) : null,
    entry.corn !== undefined ? amount(entry.corn, 'corn') : null].filter((part) => part !== null);
  return paid.length ? `${line} (${paid.join(', ')})` : line;
}

// The legal action text in words for its button ("Place a worker on
// Palenque" for "place PAL"), with the notation as its tooltip (game.js).
export function actionWords(text) {
  return playerWords('tz_act', String(text).trim().split(/\s+/)) ?? text;
}

// A seat's action (words: its text split) as the messages prefix_VERB say
// it: 'tz_log' for the log (vars.name the actor's), 'tz_act' for its
// button; null for what is no seat's action.
function playerWords(prefix, words, vars = {}) {
  const [verb, a, b, c] = words;
  const say = (key, more = {}) => t(`${prefix}_${key}`, { ...vars, ...more });
  switch (verb) {
    case 'keep': return a === '?' || !a ? say('keep_hidden') : say('keep', { a, b });
    case 'beg': return say('beg', { temple: templeName(a) });
    case 'place': return a === 'start' ? say('place_start') : say('place', { gear: gearName(a) });
    case 'pick': return b === 'none' ? say('pick_none', { position: positionName(a) })
      : say('pick', { position: positionName(a), action: actionName(b) });
    case 'corn': return say('corn');
    case 'wood': return say('wood');
    case 'burn': return say('burn', { temple: templeName(a) });
    case 'tech': return b ? say('tech', { track: trackName(a), pay: payWords(b) }) : say('tech_free', { track: trackName(a) });
    case 'gain': return say('gain', { goods: payWords(a) });
    case 'temple': return b ? say('temple_paid', { temple: templeName(a), pay: payWords(b) }) : say('temple', { temple: templeName(a) });
    case 'temples': return say('temples', { a: templeName(a), b: templeName(b), pay: payWords(c || '') });
    case 'build':
      if (MONUMENTS[a]) return say('build_monument', { id: a });
      if (b === 'full') return say('build_full', { id: a });
      if (b && b.startsWith('-')) return say('build_save', { id: a, resource: amount(1, b.slice(1)).replace(/^1 /, '') });
      return say('build', { id: a });
    case 'market': {
      const bought = [], sold = [];
      for (const token of words.slice(1)) {
        const match = /^([+-])(\d+)([wsg])$/.exec(token);
        if (match) (match[1] === '+' ? bought : sold).push(amount(Number(match[2]), match[3]));
      }
      if (!bought.length && !sold.length) return say('market_none');
      const trades = [];
      if (sold.length) trades.push(t(`${prefix}_sell`, { goods: sold.join(', ') }));
      if (bought.length) trades.push(t(`${prefix}_buy`, { goods: bought.join(', ') }));
      return say('market', { trades: trades.join('; ') });
    }
    case 'trade': { // one step of a market visit (ZR31): buy or sell 2^k cubes
      const match = /^([+-])(\d+)([wsg])$/.exec(a || '');
      if (!match) return null;
      return say('market', { trades: t(`${prefix}_${match[1] === '+' ? 'buy' : 'sell'}`, { goods: amount(Number(match[2]), match[3]) }) });
    }
    case 'do': return say('do', { action: actionName(a) });
    case 'skip': return say('skip');
    case 'end': return say('end');
    case 'advance': return say(a === '2' ? 'advance2' : 'advance1');
    default: return null;
  }
}

// ------------------------------------------------------------------ scoring in words

// A score event of the log (docs/api.md: kind, subject: a temple, building,
// monument or track) in the page's language; the engine's English words
// (what) where it has no message.
export function scoreWords(event) {
  const key = `tz_score_${event.kind}`;
  if (!has(key)) return event.what;
  const subject = TEMPLES.includes(event.subject) ? templeName(event.subject) : TRACKS.includes(event.subject) ? trackName(event.subject) : event.subject;
  return t(key, { subject });
}

// ------------------------------------------------------------------ steps and categories in words
// (kept together, apart from the other messages, for easy merging)

register({
  en: {
    tz_step_wealth: 'Every seat receives the contents of its two kept wealth tiles',
    tz_step_pool_taken: '{name} takes the {corn} corn of the start-player space',
    tz_step_food_points: 'Food day {day} of {count}: every seat feeds its workers (Z18.4), the temples give their points (Z18.6)',
    tz_step_food_goods: 'Food day {day} of {count}: every seat feeds its workers (Z18.4), the temples give their resources (Z18.5)',
    tz_step_age: 'Age II: the age-I buildings leave, age-II buildings are revealed',
    tz_step_pool_grown: '1 corn into the start-player pool (now {corn})',
    tz_step_token: '{name} holds the start-player token',
    tz_step_day_one: 'Day {day}: the calendar turns {n} tooth', tz_step_day_other: 'Day {day}: the calendar turns {n} teeth',
    tz_step_final: 'Final scoring: corn, skulls and monuments',
    tz_category_building: 'buildings', tz_category_architecture: 'architecture technology', 'tz_category_technology bonus': 'technology bonuses',
    'tz_category_chichen itza': 'skulls on Chichen Itza', tz_category_unfed: 'unfed workers', tz_category_temple: 'temples',
    'tz_category_temple premium': 'temple premiums', tz_category_corn: 'corn at the end', tz_category_skulls: 'crystal skulls',
    tz_category_monument: 'monuments',
  },
  cs: {
    tz_step_wealth: 'Každý hráč dostane obsah svých dvou ponechaných destiček jmění',
    tz_step_pool_taken: '{name} bere kukuřici z pole začínajícího hráče ({corn})',
    tz_step_food_points: 'Den výživy {day} ze {count}: každý hráč živí své dělníky (Z18.4), chrámy dávají body (Z18.6)',
    tz_step_food_goods: 'Den výživy {day} ze {count}: každý hráč živí své dělníky (Z18.4), chrámy dávají suroviny (Z18.5)',
    tz_step_age: 'II. epocha: budovy I. epochy odcházejí, odkrývají se budovy II. epochy',
    tz_step_pool_grown: '1 kukuřice do banky začínajícího hráče (nyní {corn})',
    tz_step_token: '{name} má žeton začínajícího hráče',
    tz_step_day_one: 'Den {day}: kalendář se otočí o {n} zub', tz_step_day_few: 'Den {day}: kalendář se otočí o {n} zuby',
    tz_step_day_many: 'Den {day}: kalendář se otočí o {n} zubů',
    tz_step_final: 'Konečné hodnocení: kukuřice, lebky a monumenty',
    tz_category_building: 'budovy', tz_category_architecture: 'architektura', 'tz_category_technology bonus': 'bonusy technologií',
    'tz_category_chichen itza': 'lebky na Chichen Itza', tz_category_unfed: 'nenakrmení dělníci', tz_category_temple: 'chrámy',
    'tz_category_temple premium': 'prémie chrámů', tz_category_corn: 'kukuřice', tz_category_skulls: 'křišťálové lebky',
    tz_category_monument: 'monumenty',
  },
  pl: {
    tz_step_wealth: 'Każdy gracz otrzymuje zawartość swoich dwóch zachowanych płytek bogactwa',
    tz_step_pool_taken: '{name} bierze kukurydzę z pola pierwszego gracza ({corn})',
    tz_step_food_points: 'Dzień karmienia {day} z {count}: każdy gracz karmi robotników (Z18.4), świątynie dają punkty (Z18.6)',
    tz_step_food_goods: 'Dzień karmienia {day} z {count}: każdy gracz karmi robotników (Z18.4), świątynie dają surowce (Z18.5)',
    tz_step_age: 'Epoka II: budynki epoki I odchodzą, odkrywa się budynki epoki II',
    tz_step_pool_grown: '1 kukurydza do puli pierwszego gracza (teraz {corn})',
    tz_step_token: '{name} ma znacznik pierwszego gracza',
    tz_step_day_one: 'Dzień {day}: kalendarz obraca się o {n} ząb', tz_step_day_few: 'Dzień {day}: kalendarz obraca się o {n} zęby',
    tz_step_day_many: 'Dzień {day}: kalendarz obraca się o {n} zębów',
    tz_step_final: 'Punktacja końcowa: kukurydza, czaszki i monumenty',
    tz_category_building: 'budynki', tz_category_architecture: 'architektura', 'tz_category_technology bonus': 'premie technologii',
    'tz_category_chichen itza': 'czaszki w Chichen Itza', tz_category_unfed: 'niewykarmieni robotnicy', tz_category_temple: 'świątynie',
    'tz_category_temple premium': 'premie świątyń', tz_category_corn: 'kukurydza', tz_category_skulls: 'kryształowe czaszki',
    tz_category_monument: 'monumenty',
  },
});

// A step of the log (docs/api.md: kind, form, seat, number, count) in the
// page's language; the engine's English words (what) for a kind it does
// not know.
export function stepWords(step, names) {
  const name = step.seat === undefined ? '' : names[step.seat] ?? t('seat', { n: step.seat + 1 });
  switch (step.kind) {
    case 'wealth': return t('tz_step_wealth');
    case 'corn pool': return t(step.form ? 'tz_step_pool_grown' : 'tz_step_pool_taken', { name, corn: step.number });
    case 'food day': return t(step.form ? 'tz_step_food_goods' : 'tz_step_food_points', { day: step.number, count: step.count });
    case 'age': return t('tz_step_age'); // the one age change (Z13.5)
    case 'token': return t('tz_step_token', { name });
    case 'day': return tCount('tz_step_day', step.count, { day: step.number });
    case 'final scoring': return t('tz_step_final');
    default: return step.what;
  }
}

// A scoring category of the end summary (a score event's kind) in the
// page's language; the kind itself where there is no message.
export function categoryWords(kind) {
  return has(`tz_category_${kind}`) ? t(`tz_category_${kind}`) : kind;
}

// What monument id scores for seat now: the engine's figure in the observation (Z19.3).
function monumentPoints(observation, seat, id) {
  return observation.seats[seat].monument_points[id] || 0;
}

// ------------------------------------------------------------------ small drawings

// A good as a small HTML chip (corn, w, s, g, skull, worker).
function chip(kind, title = null) {
  return el('span', { class: `tz-ic tz-ic-${kind}`, title: title || amount(1, kind).replace(/^1 /, ''), 'aria-hidden': title ? null : 'true' });
}

// A seat's corn, wood, stone, gold and crystal skulls as chips with counts.
function supplies(player) {
  return [quantity(player.corn, 'corn'), quantity(player.resources.w, 'w'), quantity(player.resources.s, 's'),
    quantity(player.resources.g, 'g'), quantity(player.skulls, 'skull')];
}

// "3" + corn chip, as HTML.
function quantity(n, kind) {
  return el('span', { class: 'tz-qty', title: amount(n, kind) }, String(n), chip(kind));
}

// The cubes of a resource string or cost, as HTML chips.
function cubes(pay) {
  return el('span', { class: 'tz-cubes', title: payWords(pay) }, ...[...pay].map((letter) => chip(letter)));
}

function costCubes(cost) {
  const pay = 'w'.repeat(cost[0]) + 's'.repeat(cost[1]) + 'g'.repeat(cost[2]);
  const parts = [cubes(pay)];
  if (cost[3]) parts.push(chip('skull'));
  return el('span', { class: 'tz-cost' }, ...parts);
}

// SVG icons, centred on (x, y), about size units wide.
function icon(kind, x, y, size = 12) {
  const h = size / 2;
  const at = { transform: `translate(${x.toFixed(1)},${y.toFixed(1)})`, class: `tz-svg-ic tz-svg-${kind}` };
  switch (kind) {
    case 'corn':
      return svg('g', at, svg('ellipse', { rx: h * 0.55, ry: h * 0.95, fill: '#f2c230', stroke: '#86640c', 'stroke-width': 1 }),
        svg('path', { d: `M${-h * 0.75},${h} Q${-h * 0.2},${h * 0.1} 0,${-h * 0.2} M${h * 0.75},${h} Q${h * 0.2},${h * 0.1} 0,${-h * 0.2}`, fill: 'none', stroke: '#3f7d24', 'stroke-width': 1.4 }));
    case 'w': case 's': case 'g':
      return svg('rect', { ...at, x: -h * 0.85, y: -h * 0.85, width: h * 1.7, height: h * 1.7, rx: 1.5,
        fill: { w: '#9a6232', s: '#a2a7ac', g: '#f0c419' }[kind], stroke: { w: '#5a3515', s: '#5d6166', g: '#8a6d00' }[kind], 'stroke-width': 1 });
    case 'res':
      return svg('g', at, svg('rect', { x: -h, y: -h * 0.85, width: h * 2, height: h * 1.7, rx: 1.5, fill: '#fff', stroke: '#444', 'stroke-width': 1 }),
        svg('rect', { x: -h + 1, y: -h * 0.85 + 1, width: h * 0.6, height: h * 1.7 - 2, fill: '#9a6232' }),
        svg('rect', { x: -h * 0.3, y: -h * 0.85 + 1, width: h * 0.6, height: h * 1.7 - 2, fill: '#a2a7ac' }),
        svg('rect', { x: h * 0.3 + 0.3, y: -h * 0.85 + 1, width: h * 0.6 - 1.3, height: h * 1.7 - 2, fill: '#f0c419' }));
    case 'skull':
      return svg('g', at, svg('path', { d: `M${-h * 0.85},${h * 0.1} A${h * 0.85},${h * 0.85} 0 1 1 ${h * 0.85},${h * 0.1} L${h * 0.5},${h * 0.45} L${h * 0.45},${h * 0.9} L${-h * 0.45},${h * 0.9} L${-h * 0.5},${h * 0.45} Z`, fill: '#dff3f8', stroke: '#2f6272', 'stroke-width': 1 }),
        svg('circle', { cx: -h * 0.35, cy: -h * 0.05, r: h * 0.22, fill: '#2f6272' }), svg('circle', { cx: h * 0.35, cy: -h * 0.05, r: h * 0.22, fill: '#2f6272' }));
    case 'tech':
      return svg('g', at, svg('path', { d: gearPath(8, h * 0.62, h * 0.98), fill: '#5b6b86', stroke: '#263046', 'stroke-width': 0.8 }),
        svg('circle', { r: h * 0.28, fill: '#f4ecd8' }));
    case 'build':
      return svg('path', { ...at, d: `M${-h},${h * 0.9} V${-h * 0.1} L0,${-h} L${h},${-h * 0.1} V${h * 0.9} Z`, fill: '#d9c49a', stroke: '#5a4a2a', 'stroke-width': 1.2 });
    case 'monument':
      return svg('path', { ...at, d: `M${-h},${h} H${h} L${h * 0.35},${-h} H${-h * 0.35} Z`, fill: '#b9b2a3', stroke: '#4d473b', 'stroke-width': 1.2 });
    case 'temple':
      return svg('path', { ...at, d: `M${-h},${h} V${h * 0.35} H${-h * 0.65} V${-h * 0.3} H${-h * 0.3} V${-h} H${h * 0.3} V${-h * 0.3} H${h * 0.65} V${h * 0.35} H${h} V${h} Z`, fill: '#c9b27a', stroke: '#5a4a2a', 'stroke-width': 1 });
    case 'worker':
      return svg('path', { ...at, d: workerPath(size), fill: '#fff', stroke: '#333', 'stroke-width': 1 });
    case 'market':
      return svg('text', { ...at, class: 'tz-svg-glyph', 'text-anchor': 'middle', 'dominant-baseline': 'central', 'font-size': size * 1.2 }, '\u21c4');
    case 'star':
      return svg('text', { ...at, class: 'tz-svg-glyph', 'text-anchor': 'middle', 'dominant-baseline': 'central', 'font-size': size * 1.2 }, '\u2605');
    default:
      return svg('text', { ...at, class: 'tz-svg-glyph', 'text-anchor': 'middle', 'dominant-baseline': 'central', 'font-size': size }, kind);
  }
}

// A worker figure about size units tall, centred on the origin.
function workerPath(size) {
  const k = size / 24;
  const n = (v) => (v * k).toFixed(1);
  return `M${n(-9)},${n(11)} L${n(-8)},${n(3)} L${n(-11)},${n(-1)} L${n(-8)},${n(-4)} Q${n(-5)},${n(-3)} ${n(-3.5)},${n(-5)}`
    + ` A${n(5)},${n(5)} 0 1 1 ${n(3.5)},${n(-5)} Q${n(5)},${n(-3)} ${n(8)},${n(-4)} L${n(11)},${n(-1)} L${n(8)},${n(3)} L${n(9)},${n(11)} Z`;
}

const ICON_KINDS = new Set(['corn', 'w', 's', 'g', 'res', 'skull', 'tech', 'build', 'monument', 'temple', 'worker', 'market', 'star']);

// A row of glyph parts (numbers, icon kinds, short text) centred on (0, y).
function glyphRow(parts, y, size = 12) {
  const isIcon = (part) => ICON_KINDS.has(part);
  const widthOf = (part) => (isIcon(part) ? size + 1 : 7.5 * String(part).length);
  const widths = parts.map(widthOf);
  let x = -widths.reduce((a, b) => a + b, 0) / 2;
  const row = svg('g', {});
  parts.forEach((part, i) => {
    const centre = x + widths[i] / 2;
    if (!isIcon(part)) {
      row.append(svg('text', { x: centre.toFixed(1), y, class: 'tz-glyph-text', 'text-anchor': 'middle', 'dominant-baseline': 'central' }, String(part)));
    } else row.append(icon(part, centre, y, size));
    x += widths[i];
  });
  return row;
}

// The picture printed beside position q of a gear (Z1.3, Z1.4).
// A served gain as glyphs: a count before each kind that has more than one
// ("2 corn"), corn apart on its own row when it comes with resources.
function gainGlyphs(gain) {
  const part = (kind) => (gain[kind] > 1 ? [gain[kind], kind] : [kind]);
  const goods = ['g', 's', 'w', 'skull'].filter((kind) => gain[kind]).flatMap(part);
  if (!gain.corn) return [goods];
  return goods.length > 1 ? [goods, part('corn')] : [[...goods, ...part('corn')]];
}
const ACTION_GLYPHS = {
  ...Object.fromEntries(FACTS.actions.PAL.slice(1).map((a, i) => [`PAL${i + 1}`, a.wood ? [[a.corn, 'corn'], [a.wood, 'w']] : [[a.corn, 'corn']]])),
  ...Object.fromEntries(FACTS.actions.YAX.slice(1).map((gain, i) => [`YAX${i + 1}`, gainGlyphs(gain)])),
  TIK1: [['tech']], TIK2: [['build']], TIK3: [['tech', 'tech']], TIK4: [['build', 'build'], ['monument']], TIK5: [['res'], ['temple', 'temple']],
  UXM1: [[FACTS.actions.UXM[1].pay_corn, 'corn'], ['temple']], UXM2: [['market']], UXM3: [['+', 'worker']], UXM4: [['corn'], ['build']],
  UXM5: [[FACTS.actions.UXM[5].pay_corn, 'corn'], ['star']],
};

function actionGlyph(gear, q, observation) {
  const group = svg('g', { class: 'tz-glyph' });
  const shape = gearShape(gear);
  let rows;
  if (q > shape.actions) rows = [['star'], [`1–${shape.actions}`]];
  else if (gear === 'CHI') {
    const chi = CHI_ACTIONS[q];
    const taken = observation && observation.chi_skulls.includes(`CHI${q}`);
    // the skull slot with its points printed in it, the temple step and the resource below
    group.append(svg('circle', { cx: 0, cy: -7, r: 10, class: `tz-chi-slot${taken ? ' taken' : ''}` },
      svg('title', {}, t(taken ? 'tz_chi_slot_taken' : 'tz_chi_slot', { position: positionName(`CHI${q}`) }))));
    if (taken) group.append(icon('skull', 0, -7, 16));
    else group.append(svg('text', { x: 0, y: -7, class: 'tz-glyph-vp', 'text-anchor': 'middle', 'dominant-baseline': 'central' }, String(chi.vp)));
    const stepIcon = icon('temple', chi.resource ? -7 : 0, 10, 11);
    stepIcon.setAttribute('fill', TEMPLE_DATA[chi.temple].colour);
    group.append(stepIcon);
    if (chi.resource) group.append(icon('res', 7, 10, 11));
    return group;
  } else rows = ACTION_GLYPHS[`${gear}${q}`];
  const lineHeight = 14;
  rows.forEach((row, i) => group.append(glyphRow(row, (i - (rows.length - 1) / 2) * lineHeight)));
  return group;
}

// ------------------------------------------------------------------ the board

export function createBoard(root, hooks) {
  const board = {
    view: null, // the view shown
    legal: [], // this seat's legal lines now (texts)
    legalSet: new Set(),
    selected: null, // the gear (or 'start') whose panel is open
    pick: null, // the pick line chosen in the panel, waiting for confirmation
    keep: new Set(), // wealth tiles ticked for keeping
    market: { w: 0, s: 0, g: 0 }, // the market form's changes
    previews: { version: null, answers: new Map() }, // the engine's answers for market lines at a state number (marketPreview)
    busy: false, // a line is being submitted
    closeWhenDone: false, // close the gear panel once it offers nothing more
  };

  const controls = el('section', { class: 'card tz-controls', 'aria-live': 'polite' });
  const gears = buildGearBoard();
  const templesCard = el('section', { class: 'card tz-temples' });
  const techCard = el('section', { class: 'card tz-tech' });
  const displayCard = el('section', { class: 'card tz-display' });
  const seatsBox = el('section', { class: 'tz-seats' });
  const container = el('div', { class: 'tz-board' }, controls,
    el('section', { class: 'card tz-gears' }, gears.node),
    el('div', { class: 'tz-side' }, templesCard, techCard),
    displayCard, seatsBox);
  root.append(container);

  const mySeat = () => {
    const seat = board.view && typeof board.view.seat === 'number' ? board.view.seat : hooks.seat;
    return typeof seat === 'number' ? seat : null;
  };
  const namesNow = () => (board.view ? board.view.summary.seats.map((_, s) => seatName(board.view.summary, s)) : []);
  const mine = () => board.legal.length > 0;

  async function submit(line) {
    if (board.busy) return;
    board.closeWhenDone = line.startsWith('place ') || line.startsWith('pick ');
    board.busy = true;
    container.classList.add('tz-busy');
    try {
      const done = await hooks.act(line);
      if (done) {
        board.pick = null;
        board.keep.clear();
        board.market = { w: 0, s: 0, g: 0 };
      }
    } finally {
      board.busy = false;
      container.classList.remove('tz-busy');
    }
  }

  function select(gear) {
    board.selected = board.selected === gear ? null : gear;
    board.pick = null;
    redraw();
  }

  function redraw() {
    if (!board.view) return;
    const observation = board.view.observation;
    drawGears(observation, null);
    drawControls(observation);
  }

  // ---------------------------------------------------------------- gears, calendar, start space

  function buildGearBoard() {
    const node = svg('svg', { viewBox: VIEW_BOX, class: 'tz-gear-board', role: 'group', 'aria-label': t('tzolkin') });
    const calendarRotor = svg('g', { class: 'tz-rotor tz-calendar-rotor' });
    const calendarFixed = svg('g', { class: 'tz-calendar-fixed' });
    node.append(svg('g', { class: 'tz-calendar' }, calendarRotor), calendarFixed);
    const gearParts = {};
    for (const gear of GEARS) {
      const [x, y] = gearCentre(gear);
      const rotor = svg('g', { class: 'tz-rotor' });
      const fixed = svg('g', { class: 'tz-gear-fixed' });
      const group = svg('g', { class: 'tz-gear', transform: `translate(${x.toFixed(1)},${y.toFixed(1)})`, 'data-gear': gear, tabindex: 0, role: 'button' },
        svg('circle', { r: gearShape(gear).tip + 44, class: 'tz-gear-hit' }),
        svg('circle', { r: gearShape(gear).tip + 5, class: 'tz-gear-ring' }), rotor, fixed);
      group.addEventListener('click', () => select(gear));
      group.addEventListener('keydown', (event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          select(gear);
        }
      });
      node.append(group);
      gearParts[gear] = { group, rotor, fixed };
    }
    const start = svg('g', { class: 'tz-start', transform: `translate(${START_SPACE.x},${START_SPACE.y})`, tabindex: 0, role: 'button', 'data-gear': 'start' });
    start.addEventListener('click', () => select('start'));
    start.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        select('start');
      }
    });
    const jungle = svg('g', { class: 'tz-jungle' });
    node.append(start, jungle);
    return { node, calendarRotor, calendarFixed, gearParts, start, jungle };
  }

  // Turn a rotor to its angle, animated from where it stood `turnedBy` degrees earlier.
  function turn(rotor, angle, turnedBy) {
    rotor.style.setProperty('--tz-to', `${angle}deg`);
    if (!turnedBy) return;
    rotor.style.setProperty('--tz-from', `${angle - turnedBy}deg`);
    rotor.classList.remove('tz-turning');
    void rotor.getBoundingClientRect(); // restart the animation
    rotor.classList.add('tz-turning');
  }

  function drawGears(observation, previous) {
    const teeth = observation.calendar.teeth;
    const advanced = previous ? teeth - previous.calendar.teeth : 0;
    const animate = advanced >= 1 && advanced <= 2;
    const seat = mySeat();
    const legalPlace = new Set(board.legal.filter((line) => line.startsWith('place ')).map((line) => line.split(' ')[1]));
    const legalPick = new Set(board.legal.filter((line) => line.startsWith('pick ')).map((line) => splitPosition(line.split(' ')[1])[0]));
    const names = namesNow();

    // the calendar (Z1.5): tooth k is T = k (and 26 = 0); it turns anticlockwise
    const toothStep = 360 / CALENDAR.teeth;
    const rotor = gears.calendarRotor;
    clear(rotor);
    rotor.append(svg('path', { d: gearPath(CALENDAR.teeth, CALENDAR.body, CALENDAR.tip), class: 'tz-calendar-body' }),
      svg('circle', { r: CALENDAR.body - 26, class: 'tz-calendar-face' }));
    for (let k = 0; k < CALENDAR.teeth; k++) {
      const angle = 90 + k * toothStep;
      const food = FOOD_TEETH.indexOf(k === 0 ? CALENDAR.teeth : k);
      const [tx, ty] = polar(angle, CALENDAR.body + 6);
      if (food >= 0) {
        const held = food < observation.calendar.food_days_held;
        rotor.append(svg('circle', { cx: tx.toFixed(1), cy: ty.toFixed(1), r: 8,
          class: `tz-food-tooth ${MID_AGE_FOOD_DAY[food] ? 'mid' : 'end'}${held ? ' held' : ''}` },
        svg('title', {}, t(MID_AGE_FOOD_DAY[food] ? 'tz_food_tooth_mid' : 'tz_food_tooth_end') + (held ? t('tz_food_held') : ''))));
      }
      const [nx, ny] = polar(angle, CALENDAR.body - 13);
      rotor.append(svg('text', { x: nx.toFixed(1), y: ny.toFixed(1), class: 'tz-tooth-number', 'text-anchor': 'middle', 'dominant-baseline': 'central',
        transform: `rotate(${angle - 90} ${nx.toFixed(1)} ${ny.toFixed(1)})` }, String(k)));
    }
    turn(rotor, -teeth * toothStep, animate ? -advanced * toothStep : 0);

    const fixed = gears.calendarFixed;
    clear(fixed);
    const held = observation.calendar.food_days_held;
    let foodText;
    if (held >= 4) foodText = '';
    else if (observation.calendar.food_day) foodText = t('tz_food_now');
    else foodText = t('tz_food_in', { n: amount(observation.calendar.teeth_to_food_day, 'tooth') });
    fixed.append(
      svg('path', { d: `M0,${CALENDAR.tip - 8} l-9,18 h18 z`, class: 'tz-pointer' }),
      svg('text', { x: 0, y: -30, class: 'tz-calendar-age', 'text-anchor': 'middle' }, t('tz_age_title', { age: observation.age === 1 ? 'I' : 'II' })),
      svg('text', { x: 0, y: 8, class: 'tz-calendar-teeth', 'text-anchor': 'middle' }, String(teeth)),
      svg('text', { x: 0, y: 26, class: 'tz-calendar-caption', 'text-anchor': 'middle' }, t('tz_teeth_turned')),
      svg('text', { x: 0, y: 46, class: `tz-calendar-food${observation.calendar.food_day ? ' due' : ''}`, 'text-anchor': 'middle' }, foodText));

    // the five gears (Z1.2): holes, workers, blocking markers; they turn clockwise
    for (const gear of GEARS) {
      const shape = gearShape(gear);
      const parts = gears.gearParts[gear];
      const data = observation.gears.find((g) => g.gear === gear);
      const active = legalPlace.has(gear) || legalPick.has(gear);
      parts.group.setAttribute('class', `tz-gear${active ? ' active' : ''}${board.selected === gear ? ' selected' : ''}`);
      parts.group.setAttribute('aria-label', t('tz_gear_title', { gear: gearName(gear) }));
      clear(parts.rotor);
      parts.rotor.append(svg('path', { d: gearPath(shape.teeth, shape.body, shape.tip), class: 'tz-gear-body', fill: GEAR_LAYOUT[gear].colour }),
        svg('circle', { r: shape.ring - 18, class: 'tz-gear-hub' }));
      for (const position of data.positions) {
        const angle = holeAngle(gear, position.hole);
        const [x, y] = polar(angle, shape.ring);
        parts.rotor.append(svg('circle', { cx: x.toFixed(1), cy: y.toFixed(1), r: 12, class: 'tz-hole' }));
        const where = position.position ? positionName(position.position) : t('tz_piece_hidden');
        if (position.piece === 'blocker') {
          parts.rotor.append(svg('g', { class: 'tz-blocker', transform: `translate(${x.toFixed(1)},${y.toFixed(1)})` },
            svg('circle', { r: 9.5 }), svg('circle', { r: 5, class: 'tz-blocker-top' }), svg('title', {}, `${t('tz_piece_blocker')} (${where})`)));
        } else if (typeof position.piece === 'number') {
          const owner = position.piece;
          parts.rotor.append(svg('g', { class: `tz-worker${owner === seat ? ' mine' : ''}`, transform: `translate(${x.toFixed(1)},${y.toFixed(1)})` },
            svg('path', { d: workerPath(24), fill: SEAT_COLOURS[owner] }),
            svg('title', {}, t('tz_piece_worker', { name: names[owner] || t('seat', { n: owner + 1 }), position: where }))));
        }
      }
      clear(parts.fixed);
      // the holes under the board, and the printed numbers and actions
      const step = 360 / shape.holes;
      const hiddenFrom = holeAngle(gear, shape.last + 1) - step / 2;
      const hiddenTo = holeAngle(gear, shape.holes - 1) + step / 2;
      parts.fixed.append(svg('path', { d: sectorPath(hiddenFrom, hiddenTo, shape.ring - 17, shape.tip + 3), class: 'tz-under-board' }),
        svg('text', { x: 0, y: 0, class: 'tz-gear-name', 'text-anchor': 'middle', 'dominant-baseline': 'central' }, gearName(gear)));
      for (let q = 0; q <= shape.last; q++) {
        const angle = holeAngle(gear, q);
        const [nx, ny] = polar(angle, shape.tip + 11);
        parts.fixed.append(svg('text', { x: nx.toFixed(1), y: ny.toFixed(1), class: 'tz-position-number', 'text-anchor': 'middle', 'dominant-baseline': 'central' }, String(q)));
        if (q === 0) continue;
        const [gx, gy] = polar(angle, shape.tip + 33);
        const glyph = actionGlyph(gear, q, observation);
        glyph.setAttribute('transform', `translate(${gx.toFixed(1)},${gy.toFixed(1)})`);
        glyph.append(svg('title', {}, `${positionName(`${gear}${q}`)}: ${actionWhat(gear, q)}`));
        parts.fixed.append(glyph);
      }
      turn(parts.rotor, 0, animate ? advanced * step : 0);
    }

    // the jungle beside Palenque 2-5 (Z2.3)
    clear(gears.jungle);
    const [px, py] = gearCentre('PAL');
    for (const group of observation.jungle) {
      const q = Number(group.group.slice(3));
      const [jx, jy] = polar(holeAngle('PAL', q), gearShape('PAL').tip + 70);
      const fields = [...Array(group.forest).fill('forest'), ...Array(group.corn).fill('corn'), ...Array(group.empty).fill('empty')];
      const g = svg('g', { class: 'tz-jungle-group', transform: `translate(${(px + jx).toFixed(1)},${(py + jy).toFixed(1)})` },
        svg('title', {}, t('tz_jungle', { position: positionName(group.group), forest: group.forest, corn: group.corn, empty: group.empty })));
      fields.slice(0, 4).forEach((kind, i) => {
        const fx = (i % 2) * 15 - 14.5;
        const fy = Math.floor(i / 2) * 15 - 14.5;
        g.append(svg('rect', { x: fx, y: fy, width: 13, height: 13, rx: 2, class: `tz-field ${kind}` }));
        if (kind === 'forest') g.append(svg('path', { d: `M${fx + 6.5},${fy + 2} l5,8 h-10 z`, class: 'tz-tree' }));
        if (kind === 'corn') g.append(icon('corn', fx + 6.5, fy + 6.5, 9));
      });
      gears.jungle.append(g);
    }

    // the start-player space and the corn pool (Z16)
    const start = gears.start;
    clear(start);
    start.setAttribute('class', `tz-start${legalPlace.has('start') ? ' active' : ''}${board.selected === 'start' ? ' selected' : ''}`);
    start.setAttribute('aria-label', t('tz_start_space'));
    start.append(svg('circle', { r: START_SPACE.r, class: 'tz-start-space' }), svg('title', {}, t('tz_start_space')));
    if (typeof observation.start_space === 'number') {
      start.append(svg('path', { d: workerPath(30), fill: SEAT_COLOURS[observation.start_space], class: 'tz-start-worker' }));
    } else start.append(svg('text', { y: 1, class: 'tz-start-label', 'text-anchor': 'middle', 'dominant-baseline': 'central' }, t('tz_start')));
    const poolText = `${t('tz_pool')}: ${observation.pool}`;
    const pool = svg('g', { class: 'tz-pool', transform: `translate(0,${START_SPACE.r + 18})` },
      svg('title', {}, t('tz_pool_title', { corn: amount(observation.pool, 'corn') })),
      svg('text', { x: -6, y: 0, class: 'tz-pool-text', 'text-anchor': 'middle', 'dominant-baseline': 'central' }, poolText),
      icon('corn', poolText.length * 3.6 + 2, 0, 13));
    start.append(pool);
  }

  // ---------------------------------------------------------------- decisions

  function prompt(observation, lines) {
    if (observation.phase === 'keep') return t('tz_prompt_keep');
    if (observation.phase === 'advance') return t('tz_prompt_advance');
    const pending = observation.turn.pending;
    if (pending.length) {
      const { kind, param } = pending[pending.length - 1];
      switch (kind) {
        case 'harvest': return t('tz_prompt_harvest', { n: param });
        case 'build_tik2': case 'build_b108': return t('tz_prompt_build');
        case 'build_uxm4': return t('tz_prompt_build_uxm4');
        case 'build_tik4a': return t('tz_prompt_build_tik4a');
        case 'build_tik4b': return t('tz_prompt_build_tik4b');
        default: return t(`tz_prompt_${kind}`);
      }
    }
    if (observation.turn.pity) return '';
    if (observation.turn.mode === 'placing') return t('tz_prompt_placing');
    if (observation.turn.mode === 'picking') return t('tz_prompt_picking');
    const placing = lines.some((line) => line.startsWith('place '));
    const picking = lines.some((line) => line.startsWith('pick '));
    if (placing && picking) return t('tz_prompt_start');
    if (placing) return t('tz_prompt_place');
    if (picking) return t('tz_prompt_pick');
    return '';
  }

  function choice(line, label, { primary = false, title = null } = {}) {
    const button = el('button', { type: 'button', class: `tz-choice${primary ? ' primary' : ''}`, 'data-action': line, title: title || line }, label);
    button.addEventListener('click', () => submit(line));
    return button;
  }

  function row(label, ...buttons) {
    return el('div', { class: 'tz-row' }, label ? el('span', { class: 'tz-row-label' }, label) : null, ...buttons);
  }

  function drawControls(observation) {
    clear(controls);
    const lines = board.legal;
    const seat = mySeat();
    const me = seat !== null ? observation.seats[seat] : null;
    if (me) controls.append(ownSupplies(observation, me));
    if (board.selected) controls.append(gearPanel(observation, me));
    controls.hidden = !me && !board.selected;
    if (!lines.length || !me) return;
    const text = prompt(observation, lines);
    if (text) controls.prepend(el('p', { class: 'tz-prompt' }, text));
    const byVerb = new Map();
    for (const line of lines) {
      const verb = line.split(' ')[0];
      if (!byVerb.has(verb)) byVerb.set(verb, []);
      byVerb.get(verb).push(line);
    }
    const pending = observation.turn.pending;
    const due = pending.length ? pending[pending.length - 1] : null;

    if (byVerb.has('keep')) controls.append(keepPicker(me, byVerb.get('keep')));
    if (byVerb.has('beg')) controls.append(row(t('tz_beg'), ...byVerb.get('beg').map((line) => choice(line, templeName(line.split(' ')[1])))));
    if (byVerb.has('place') || byVerb.has('pick')) {
      const gearsToClick = GEARS.filter((gear) => lines.some((line) => line === `place ${gear}` || line.startsWith(`pick ${gear}`)));
      const buttons = gearsToClick.map((gear) => {
        const button = el('button', { type: 'button', class: `tz-gear-chip${board.selected === gear ? ' selected' : ''}`, 'aria-pressed': String(board.selected === gear) }, gearName(gear));
        button.addEventListener('click', () => select(gear));
        return button;
      });
      if (byVerb.get('place') && byVerb.get('place').includes('place start')) {
        const button = el('button', { type: 'button', class: `tz-gear-chip${board.selected === 'start' ? ' selected' : ''}`, 'aria-pressed': String(board.selected === 'start') }, t('tz_start_space'));
        button.addEventListener('click', () => select('start'));
        buttons.push(button);
      }
      if (observation.turn.pity_due && byVerb.has('place')) {
        controls.append(el('p', { class: 'tz-note' }, t('tz_prompt_pity')));
      }
      controls.append(row('', ...buttons));
    }
    if (byVerb.has('corn') || byVerb.has('wood') || byVerb.has('burn')) controls.append(harvestChoices(observation, me, due, byVerb));
    if (byVerb.has('tech')) controls.append(...techChoices(me, byVerb.get('tech')));
    if (byVerb.has('gain')) controls.append(row(t('tz_gain'), ...byVerb.get('gain').map((line) => choice(line, cubes(line.split(' ')[1]), { title: payWords(line.split(' ')[1]) }))));
    if (byVerb.has('temple')) controls.append(...templeChoices(me, byVerb.get('temple')));
    if (byVerb.has('temples')) controls.append(...groupedPayments(byVerb.get('temples'), (line) => {
      const [, a, b] = line.split(' ');
      return [`${a} ${b}`, t('tz_temples_paid', { a: templeName(a), b: templeName(b) })];
    }));
    if (byVerb.has('build')) controls.append(buildChoices(observation, me, due, byVerb.get('build')));
    if (byVerb.has('market')) controls.append(marketForm(me, byVerb.get('market')));
    if (byVerb.has('do')) controls.append(...doChoices(byVerb.get('do')));
    const closing = [];
    if (byVerb.has('advance')) for (const line of byVerb.get('advance')) closing.push(choice(line, t(line === 'advance 2' ? 'tz_advance2' : 'tz_advance1'), { primary: line === 'advance 1' }));
    if (byVerb.has('skip')) closing.push(choice('skip', t('tz_skip')));
    if (byVerb.has('end')) closing.push(choice('end', t('tz_end'), { primary: true }));
    if (closing.length) controls.append(row('', ...closing));
  }

  // This seat's corn, resources, skulls, workers in hand and VP, in one line.
  function ownSupplies(observation, me) {
    return el('div', { class: 'tz-seat-line tz-seat-goods tz-own', id: 'tz-own' },
      el('span', { class: 'swatch', style: `background:${SEAT_COLOURS[mySeat()]}` }), ...supplies(me),
      el('span', { class: 'tz-qty' }, `${me.hand} ${t('tz_hand')}`), el('span', { class: 'tz-qty' }, `${me.vp} ${t('tz_vp_short')}`));
  }

  function keepPicker(me, lines) {
    const box = el('div', { class: 'tz-keep' });
    const tiles = me.wealth.map((w) => w.tile).filter(Boolean);
    for (const id of [...board.keep]) if (!tiles.includes(id)) board.keep.delete(id);
    const chosen = [...board.keep].sort();
    const line = chosen.length === 2 ? `keep ${chosen[0]} ${chosen[1]}` : null;
    const cards = el('div', { class: 'tz-cards' });
    for (const id of tiles) {
      const ticked = board.keep.has(id);
      const card = wealthCard(id, { ticked });
      card.setAttribute('role', 'checkbox');
      card.setAttribute('aria-checked', String(ticked));
      card.setAttribute('tabindex', '0');
      const toggle = () => {
        if (board.keep.has(id)) board.keep.delete(id);
        else {
          if (board.keep.size >= FACTS.wealth_kept) board.keep.delete([...board.keep][0]);
          board.keep.add(id);
        }
        drawControls(board.view.observation);
      };
      card.addEventListener('click', toggle);
      card.addEventListener('keydown', (event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          toggle();
        }
      });
      cards.append(card);
    }
    const keep = el('button', { type: 'button', class: 'tz-choice primary', disabled: !(line && lines.includes(line)), 'data-action': line || '' }, t('tz_keep'));
    keep.addEventListener('click', () => line && submit(line));
    box.append(cards, row(line ? '' : t('tz_keep_pick'), keep));
    return box;
  }

  function harvestChoices(observation, me, due, byVerb) {
    const q = due && due.kind === 'harvest' ? due.param : 3;
    const { corn: cornGain, wood: woodGain } = observation.turn.harvest || { corn: 0, wood: 0 };
    const group = observation.jungle.find((j) => j.group === `PAL${q}`);
    const box = el('div', { class: 'tz-group' });
    const buttons = [];
    if (byVerb.has('corn')) {
      const tileless = group && group.corn === 0;
      buttons.push(choice('corn', [t(tileless ? 'tz_harvest_corn_tileless' : 'tz_harvest_corn', { amount: '' }), quantity(cornGain, 'corn')]));
    }
    if (byVerb.has('wood')) buttons.push(choice('wood', [t('tz_harvest_wood', { amount: '' }), quantity(woodGain, 'w')]));
    box.append(row('', ...buttons));
    if (byVerb.has('burn')) {
      box.append(row(t('tz_harvest_burn', { amount: amount(cornGain, 'corn') }),
        ...byVerb.get('burn').map((line) => choice(line, templeName(line.split(' ')[1])))));
    }
    return box;
  }

  // Lines "verb KEY... PAY" grouped by everything before the payment: one row each.
  function groupedPayments(lines, keyOf) {
    const groups = new Map();
    for (const line of lines) {
      const [key, label] = keyOf(line);
      if (!groups.has(key)) groups.set(key, { label, lines: [] });
      groups.get(key).lines.push(line);
    }
    return [...groups.values()].map(({ label, lines: group }) => row(label, ...group.map((line) => {
      const pay = line.split(' ').pop();
      return choice(line, cubes(pay), { title: `${line} (${payWords(pay)})` });
    })));
  }

  function techChoices(me, lines) {
    const paid = lines.filter((line) => line.split(' ').length === 3);
    const free = lines.filter((line) => line.split(' ').length === 2);
    const label = (track, key) => {
      const level = me.tech[track];
      return level >= 3 ? t(`${key}_bonus`, { track: trackName(track), bonus: t(`tz_tech_${track}_bonus`) })
        : t(key, { track: trackName(track), from: level, to: level + 1 });
    };
    const out = groupedPayments(paid, (line) => {
      const track = line.split(' ')[1];
      return [track, label(track, 'tz_tech_paid')];
    });
    if (free.length) out.push(row('', ...free.map((line) => choice(line, label(line.split(' ')[1], 'tz_tech_free')))));
    return out;
  }

  function templeChoices(me, lines) {
    const free = lines.filter((line) => line.split(' ').length === 2);
    const paid = lines.filter((line) => line.split(' ').length === 3);
    const out = [];
    if (free.length) {
      out.push(row('', ...free.map((line) => {
        const temple = line.split(' ')[1];
        const step = me.temples[temple];
        return choice(line, t('tz_temple_step', { temple: templeName(temple), from: templeStepWords(step), to: templeStepWords(Math.min(step + 1, TEMPLE_DATA[temple].vp.length - 1)) }));
      })));
    }
    out.push(...groupedPayments(paid, (line) => {
      const temple = line.split(' ')[1];
      return [temple, t('tz_temple_paid', { temple: templeName(temple) })];
    }));
    return out;
  }

  function buildChoices(observation, me, due, lines) {
    const atUxmal = due && due.kind === 'build_uxm4';
    const box = el('div', { class: 'tz-group tz-build-list' });
    const ids = [...new Set(lines.map((line) => line.split(' ')[1]))];
    for (const id of ids) {
      const options = lines.filter((line) => line.split(' ')[1] === id);
      const building = BUILDINGS[id];
      const monument = MONUMENTS[id];
      const buttons = options.map((line) => {
        const extra = line.split(' ')[2];
        if (monument) return choice(line, t('tz_build_monument'));
        if (extra === 'full') return choice(line, t('tz_build_full'));
        if (extra && extra.startsWith('-')) return choice(line, [t('tz_build_save', { resource: amount(1, extra.slice(1)).replace(/^1 /, '') }), ' ', chip(extra.slice(1))]);
        if (atUxmal) return choice(line, t('tz_build_corn', { corn: amount(me.uxmal_costs[id], 'corn') }));
        return choice(line, t('tz_build_plain'));
      });
      const cost = building ? building.cost : monument.cost;
      const summary = building ? building.effects.map(effectWords).join(', ') : monumentRule(id, observation.seats.length);
      box.append(row(el('span', {}, el('strong', {}, id), ' ', costCubes(cost), ' ', el('small', {}, summary)), ...buttons));
    }
    return box;
  }

  // The market form (Z11.2, ZR31): the wanted change of each resource set
  // with − and +. What a change would leave (corn and resources) and whether
  // it may be made at all are the engine's answers to GET .../preview for its
  // line (as Z23 writes it, "market +2w -1g") and for the lines one cube
  // away, so the page keeps no price (aria-busy while an answer is awaited);
  // Trade submits the line.
  function marketForm(me, lines) {
    const change = board.market;
    const line = marketLine(change);
    const now = marketPreview(change);
    const reachable = (r, by) => Boolean(marketPreview({ ...change, [r]: change[r] + by })?.seat);
    const box = el('div', { class: 'tz-market' }, el('h4', {}, t('tz_market_title', FACTS.market)));
    for (const r of RESOURCES) {
      const less = el('button', { type: 'button', class: 'tz-step', 'aria-label': `− ${amount(1, r)}`, disabled: !reachable(r, -1) }, '−');
      const more = el('button', { type: 'button', class: 'tz-step', 'aria-label': `+ ${amount(1, r)}`, disabled: !reachable(r, 1) }, '+');
      less.addEventListener('click', () => { change[r]--; drawControls(board.view.observation); });
      more.addEventListener('click', () => { change[r]++; drawControls(board.view.observation); });
      box.append(el('div', { class: 'tz-market-row', 'data-resource': r }, chip(r), el('span', { class: 'tz-market-name' }, now?.seat ? amount(now.seat.resources[r], r) : '…'),
        less, el('output', { class: 'tz-market-change' }, signed(change[r])), more));
    }
    box.append(el('p', { class: 'tz-market-corn' }, chip('corn'), ' ', t('tz_market_corn', { from: me.corn, to: now?.seat ? now.seat.corn : '…' })));
    if (now?.refused) box.append(el('p', { class: 'tz-note tz-market-refused' }, now.refused));
    const trade = el('button', { type: 'button', class: 'tz-choice primary', 'data-action': line, disabled: line === 'market' || !now?.seat }, t('tz_market_trade'));
    trade.addEventListener('click', () => submit(line));
    const reset = el('button', { type: 'button', class: 'tz-choice' }, t('tz_market_reset'));
    reset.addEventListener('click', () => { board.market = { w: 0, s: 0, g: 0 }; drawControls(board.view.observation); });
    box.append(row('', trade, lines.includes('market') ? choice('market', t('tz_market_nothing')) : null, reset));
    box.setAttribute('aria-busy', String([...board.previews.answers.values()].includes(undefined)));
    return box;
  }

  // What the market line of change would leave this seat: {seat} (its
  // observation's seat after the line), {refused} (the engine's reason) or
  // undefined while the server is asked. Trading nothing leaves the seat as
  // it is; the answers are kept for the state number they were given at,
  // and the form is drawn again once none is awaited.
  function marketPreview(change) {
    const line = marketLine(change);
    const { observation, version } = board.view;
    const seat = mySeat();
    if (line === 'market') return { seat: observation.seats[seat] };
    if (board.previews.version !== version) board.previews = { version, answers: new Map() };
    const answers = board.previews.answers;
    if (!answers.has(line)) {
      answers.set(line, undefined);
      const answered = (result) => {
        if (board.previews.answers !== answers) return;
        answers.set(line, result);
        if (![...answers.values()].includes(undefined)) drawControls(board.view.observation);
      };
      hooks.preview(line).then((answer) => answered(answer.version === version
        ? { seat: applyPatch(observation, answer.patch).seats[seat] } : { refused: t('stale') }),
      (err) => answered({ refused: err.message }));
    }
    return answers.get(line);
  }

  function doChoices(lines) {
    const out = [el('p', { class: 'tz-row-label' }, t('tz_do'))];
    for (const gear of GEARS) {
      const group = lines.filter((line) => line.split(' ')[1].startsWith(gear));
      if (!group.length) continue;
      out.push(row(gearName(gear), ...group.map((line) => {
        const action = line.split(' ')[1];
        return choice(line, `${splitPosition(action)[1]}: ${actionWhat(gear, splitPosition(action)[1])}`, { title: actionName(action) });
      })));
    }
    return out;
  }

  // The panel of a clicked gear: its actions, and this seat's legal place
  // and pick lines there with their corn costs, confirmed before sending.
  function gearPanel(observation, me) {
    const gear = board.selected;
    const panel = el('div', { class: 'tz-panel' });
    const close = el('button', { type: 'button', class: 'tz-close', 'aria-label': t('tz_close'), title: t('tz_close') }, '×');
    close.addEventListener('click', () => select(gear));
    panel.append(el('h3', {}, gear === 'start' ? t('tz_start_space') : gearName(gear), close));
    const placeLine = gear === 'start' ? 'place start' : `place ${gear}`;
    let offered = false;
    if (board.legalSet.has(placeLine) && me && !board.pick) {
      offered = true;
      const position = gear === 'start' ? 0 : observation.gears.find((g) => g.gear === gear).lowest_free; // the engine's (Z5.2)
      const total = observation.turn.costs[placeLine]; // the engine's (Z5.4, Z4.4)
      const extra = observation.turn.place_surcharge; // the engine's (Z5.4)
      let cost;
      if (observation.turn.pity_due) cost = t('tz_place_pity', { corn: amount(total, 'corn') });
      else if (gear === 'start') cost = t('tz_place_start_cost', { corn: amount(total, 'corn') });
      else if (extra > 0) cost = t('tz_place_cost', { corn: amount(total, 'corn'), position, extra });
      else cost = t('tz_place_cost_plain', { corn: amount(total, 'corn') });
      const text = gear === 'start' ? t('tz_place_start', { cost, pool: amount(observation.pool, 'corn') })
        : t('tz_place_here', { position: positionName(`${gear}${position}`), cost });
      panel.append(el('p', { class: 'tz-offer' }, text), row('', choice(placeLine, actionWords(placeLine), { primary: true })));
    }
    if (gear !== 'start') {
      const picks = board.legal.filter((line) => line.startsWith(`pick ${gear}`));
      const byWorker = new Map();
      for (const line of picks) {
        const from = line.split(' ')[1];
        if (!byWorker.has(from)) byWorker.set(from, []);
        byWorker.get(from).push(line);
      }
      for (const [from, options] of byWorker) {
        offered = true;
        panel.append(row(t('tz_your_worker', { position: positionName(from) }), ...options.map((line) => {
          const action = line.split(' ')[2];
          const cost = observation.turn.costs[line];
          const label = action === 'none' ? t('tz_pick_none')
            : [`${splitPosition(action)[1]}: ${actionWhat(gear, splitPosition(action)[1])} · `, cost ? quantity(cost, 'corn') : t('tz_pick_free')];
          const button = el('button', { type: 'button', class: `tz-choice${board.pick === line ? ' selected' : ''}`, 'aria-pressed': String(board.pick === line), 'data-action': line, title: line }, label);
          button.addEventListener('click', () => {
            board.pick = board.pick === line ? null : line;
            drawControls(board.view.observation);
          });
          return button;
        })));
      }
      if (board.pick && picks.includes(board.pick)) {
        const [, from, action] = board.pick.split(' ');
        const cost = observation.turn.costs[board.pick];
        const summary = action === 'none' ? t('tz_pick_summary_none', { position: positionName(from) })
          : cost ? t('tz_pick_summary', { position: positionName(from), action: actionName(action), cost: amount(cost, 'corn') })
            : t('tz_pick_summary_free', { position: positionName(from), action: actionName(action) });
        const cancel = el('button', { type: 'button', class: 'tz-choice' }, t('tz_cancel'));
        cancel.addEventListener('click', () => { board.pick = null; drawControls(board.view.observation); });
        panel.append(el('div', { class: 'tz-confirm' }, el('p', {}, summary), row('', choice(board.pick, t('tz_confirm'), { primary: true }), cancel)));
      }
      const shape = gearShape(gear);
      const list = el('ol', { class: 'tz-action-help', start: 1 });
      for (let q = 1; q <= shape.last; q++) list.append(el('li', {}, actionWhat(gear, q)));
      panel.append(el('details', { open: !offered }, el('summary', {}, t('tz_gear_actions')), list));
    } else if (!offered) panel.append(el('p', {}, t('tz_pool_title', { corn: amount(observation.pool, 'corn') })));
    if (!offered && board.legal.length && gear === 'start') panel.append(el('p', { class: 'tz-note' }, t('tz_no_options')));
    return panel;
  }

  // ---------------------------------------------------------------- temples and technology

  function drawTemples(observation) {
    clear(templesCard);
    const stepHeight = 27;
    const width = 450;
    const base = 322;
    const picture = svg('svg', { viewBox: `0 0 ${width} 336`, class: 'tz-temple-board', role: 'img', 'aria-label': t('tz_temples') });
    TEMPLES.forEach((temple, column) => {
      const data = TEMPLE_DATA[temple];
      const centre = 75 + column * 150;
      const top = data.vp.length - 1;
      for (let step = 0; step <= top; step++) {
        const stepWidth = 146 - step * 7;
        const y = base - (step + 1) * stepHeight;
        const goods = data.goods[step];
        const title = t('tz_step_vp', { step: templeStepWords(step), vp: data.vp[step] })
          + (goods ? t('tz_step_goods', { goods: amount(1, goods) }) : '') + (step === top ? t('tz_step_top') : '');
        picture.append(svg('rect', { x: centre - stepWidth / 2, y, width: stepWidth, height: stepHeight - 2, rx: 3,
          class: `tz-temple-step${step === 1 ? ' start' : ''}${step === top ? ' top' : ''}`, fill: step === top ? data.colour : data.light, stroke: data.colour }, svg('title', {}, title)));
        picture.append(svg('text', { x: centre - stepWidth / 2 + 14, y: y + stepHeight / 2, class: 'tz-step-vp', 'text-anchor': 'middle', 'dominant-baseline': 'central' }, String(data.vp[step])));
        if (goods) picture.append(icon(goods === 'skull' ? 'skull' : goods, centre + stepWidth / 2 - 13, y + stepHeight / 2 - 1, 12));
        const here = observation.seats.map((s, i) => i).filter((i) => observation.seats[i].temples[temple] === step);
        here.forEach((s, k) => {
          const x = centre + (k - (here.length - 1) / 2) * 17;
          picture.append(svg('circle', { cx: x, cy: y + stepHeight / 2 - 1, r: 7.5, class: 'tz-marker', fill: SEAT_COLOURS[s] },
            svg('title', {}, `${namesNow()[s]}: ${templeName(temple)} ${templeStepWords(step)}`)));
        });
      }
      const headY = base - (top + 1) * stepHeight - 8;
      picture.append(svg('text', { x: centre, y: headY - 14, class: 'tz-temple-name', 'text-anchor': 'middle', fill: data.colour }, templeName(temple)),
        svg('text', { x: centre, y: headY, class: 'tz-temple-premium', 'text-anchor': 'middle' },
          t('tz_premium', { first: data.premium[0], second: data.premium[1] })));
    });
    templesCard.append(el('h3', {}, t('tz_temples')), picture);
  }

  function drawTech(observation) {
    clear(techCard);
    // as on the board: a column per track, level 3 at the top, the bonus above it
    const table = el('table', { class: 'tz-tech-table' });
    const markers = (track, level) => el('span', { class: 'tz-markers' }, ...observation.seats.map((seat, s) => (seat.tech[track] === level
      ? el('span', { class: 'swatch tz-tech-marker', style: `background:${SEAT_COLOURS[s]}`, title: `${namesNow()[s]}: ${trackName(track)} ${level}` }) : null)));
    table.append(el('tr', {}, el('th', {}, ''), ...TRACKS.map((track) => el('th', { scope: 'col', 'data-track': track, title: trackName(track) }, t(`tz_track_column_${track}`)))));
    table.append(el('tr', { class: 'tz-tech-bonus' }, el('th', { scope: 'row' }, t('tz_tech_bonus')),
      ...TRACKS.map((track) => el('td', {}, t(`tz_tech_${track}_bonus`)))));
    for (const level of [3, 2, 1, 0]) {
      table.append(el('tr', { 'data-level': level }, el('th', { scope: 'row' }, String(level)),
        ...TRACKS.map((track) => el('td', {}, level ? el('span', { class: 'tz-tech-effect' }, t(`tz_tech_${track}_${level}`)) : null, markers(track, level)))));
    }
    techCard.append(el('h3', {}, t('tz_technology')), table);
  }

  // ---------------------------------------------------------------- display and seats

  function buildingCard(id, options = {}) {
    const building = BUILDINGS[id];
    const monument = MONUMENTS[id];
    const category = building ? building.category : monument ? monument.category : 'farm';
    const card = el('div', { class: `tz-card tz-cat-${category}${options.buildable ? ' buildable' : ''}${options.small ? ' small' : ''}`, 'data-id': id },
      el('div', { class: 'tz-card-head' }, monument ? el('span', { class: 'tz-card-kind', title: t('tz_monuments') }, '\u25b2') : null,
        el('strong', {}, id), el('span', { class: 'tz-card-category' }, t(`tz_category_${category}`))),
      el('div', { class: 'tz-card-cost' }, costCubes(building ? building.cost : monument ? monument.cost : [0, 0, 0])));
    const text = building ? building.effects.map(effectWords) : monument ? [monumentRule(id, options.players || 2)] : [];
    if (!options.small) card.append(el('ul', { class: 'tz-card-effects' }, ...text.map((line) => el('li', {}, line))));
    else card.title = text.join(', ');
    if (options.points !== undefined) card.append(el('div', { class: 'tz-card-points' }, `${options.points} ${t('tz_vp_short')}`));
    return card;
  }

  function wealthCard(id, { ticked = false } = {}) {
    const tile = WEALTH[id];
    const card = el('div', { class: `tz-wealth${ticked ? ' ticked' : ''}`, 'data-id': id },
      el('div', { class: 'tz-card-head' }, el('strong', {}, id), el('span', { class: 'tz-card-category' }, tile ? positionName(tile.position) : '')));
    if (tile) card.append(el('ul', { class: 'tz-card-effects' }, ...tile.effects.map((effect) => el('li', {},
      effect[0] === 'gain' ? quantity(effect[2], effect[1]) : effectWords(effect)))));
    return card;
  }

  function drawDisplay(observation) {
    clear(displayCard);
    const buildable = new Set(board.legal.filter((line) => line.startsWith('build ')).map((line) => line.split(' ')[1]));
    const players = observation.seats.length;
    const buildings = el('div', { class: 'tz-cards' }, ...observation.display.buildings.map((id) => buildingCard(id, { buildable: buildable.has(id) })));
    const monuments = el('div', { class: 'tz-cards' }, ...observation.display.monuments.map((id) => buildingCard(id, { buildable: buildable.has(id), players })));
    const deck = observation.decks_left[String(observation.age)];
    displayCard.append(el('h3', {}, t('tz_buildings_age', { age: observation.age === 1 ? 'I' : 'II' }), ' ',
      el('small', { class: 'tz-deck' }, t('tz_deck_left', { n: deck }))), buildings,
    el('h3', {}, t('tz_monuments')), monuments);
  }

  function drawSeats(observation, view) {
    clear(seatsBox);
    const names = namesNow();
    const seat = mySeat();
    const onGears = observation.seats.map(() => 0);
    for (const gear of observation.gears) for (const p of gear.positions) if (typeof p.piece === 'number') onGears[p.piece]++;
    observation.seats.forEach((player, s) => {
      const feeding = player.feeding; // the engine's (Z14.2)
      const toMove = view.to_move === s;
      const head = el('div', { class: 'tz-seat-head' },
        el('span', { class: 'swatch', style: `background:${SEAT_COLOURS[s]}` }),
        el('strong', {}, names[s]), s === seat ? ` (${t('tz_you')})` : '',
        observation.start_player === s ? el('span', { class: 'tz-badge tz-token', title: t('tz_start_player') }, '1.') : null,
        toMove ? el('span', { class: 'tz-badge', title: t('tz_to_move') }, '▶') : null,
        el('span', { class: 'tz-seat-vp' }, `${player.vp} ${t('tz_vp_short')}`));
      const workers = el('div', { class: 'tz-seat-line tz-seat-workers' },
        el('span', { title: t('tz_hand') }, ...Array.from({ length: player.hand }, () => el('span', { class: 'tz-meeple', style: `background:${SEAT_COLOURS[s]}` })),
          ` ${player.hand} ${t('tz_hand')}`),
        el('span', {}, `${onGears[s]} ${t('tz_on_gears')}`),
        observation.start_space === s ? el('span', {}, `1 ${t('tz_on_start')}`) : null,
        el('span', {}, `${player.workers} ${t('tz_in_play')}`));
      const goods = el('div', { class: 'tz-seat-line tz-seat-goods' }, ...supplies(player));
      const more = el('div', { class: 'tz-seat-line tz-seat-more' },
        el('span', { title: t(player.light ? 'tz_light' : 'tz_dark') }, t(player.light ? 'tz_board_light' : 'tz_board_dark')),
        el('span', {}, t('tz_harvest_tiles', { corn: player.corn_tiles, wood: player.wood_tiles })),
        el('span', {}, feeding ? t('tz_feeding', { cost: amount(feeding, 'corn') }) : t('tz_feeding_free')));
      const built = el('div', { class: 'tz-cards tz-built' },
        ...player.buildings.map((id) => buildingCard(id, { small: true })),
        ...player.monuments.map((id) => buildingCard(id, { small: true, players: observation.seats.length, points: monumentPoints(observation, s, id) })));
      if (!player.buildings.length && !player.monuments.length) built.append(el('span', { class: 'tz-none' }, t('tz_nothing_built')));
      const wealth = el('div', { class: 'tz-cards tz-wealth-row' });
      for (const tile of player.wealth) {
        if (tile.tile && (tile.kept || s === seat)) {
          const card = wealthCard(tile.tile);
          if (!tile.kept && player.has_kept) card.classList.add('discarded');
          if (!tile.kept && player.has_kept) card.title = t('tz_wealth_discarded');
          wealth.append(card);
        } else if (tile.kept === null || (tile.tile === null && !player.has_kept)) {
          wealth.append(el('div', { class: 'tz-wealth back', title: t('tz_wealth_hidden') }, '?'));
        }
      }
      seatsBox.append(el('section', { class: `card tz-seat${toMove ? ' to-move' : ''}${s === seat ? ' mine' : ''}`, 'data-seat': s, style: `--tz-seat:${SEAT_COLOURS[s]}` },
        head, workers, goods, more,
        el('h4', {}, t('tz_built')), built,
        el('h4', {}, t('tz_wealth')), wealth));
    });
  }

  // ---------------------------------------------------------------- show

  function show(view, legal) {
    const previous = board.view ? board.view.observation : null;
    board.view = view;
    board.legal = (legal || []).map((action) => (typeof action === 'string' ? action : action.text));
    board.legalSet = new Set(board.legal);
    if (board.pick && !board.legalSet.has(board.pick)) board.pick = null;
    if (!board.legal.some((line) => line.startsWith('market'))) board.market = { w: 0, s: 0, g: 0 };
    if (view.observation.phase !== 'keep') board.keep.clear();
    if (view.status === 'finished') board.selected = null; /* no gear panel left open under the summary */
    if (board.closeWhenDone && board.selected) {
      const gear = board.selected;
      const open = board.legal.some((line) => line === `place ${gear}` || line.startsWith(`pick ${gear}`));
      if (!open) board.selected = null;
      board.closeWhenDone = false;
    }
    const observation = view.observation;
    gears.node.setAttribute('aria-label', t('tzolkin'));
    drawGears(observation, previous);
    drawControls(observation);
    drawTemples(observation);
    drawTech(observation);
    drawDisplay(observation);
    drawSeats(observation, view);
  }

  // Highlights the gears (and the start-player space) where the entries
  // placed or picked up workers; current's strongest.
  function mark(entries, current) {
    const touched = (entry) => {
      const [verb, where] = String(entry.text).split(' ');
      if (entry.actor === 'chance' || (verb !== 'place' && verb !== 'pick')) return null;
      return verb === 'place' ? where : splitPosition(where)[0]; // a gear or 'start'; a position's gear
    };
    const all = new Set(entries.map(touched));
    const now = current ? touched(current) : null;
    const groups = { ...Object.fromEntries(GEARS.map((gear) => [gear, gears.gearParts[gear].group])), start: gears.start };
    for (const [gear, group] of Object.entries(groups)) {
      group.classList.toggle('tz-changed', all.has(gear));
      group.classList.toggle('tz-changing', gear === now);
    }
  }

  function destroy() {
    container.remove();
  }

  return { show, mark, destroy };
}
