// The page's own verifier of a `/history export`: the same checks, in the same order, as
// bot/verify_log.py (LogChecker) and bot/verify_export.py (verify_document), with WebCrypto's
// SHA-256 and HMAC-SHA256. No network: everything it reads is in this file.
"use strict";

// ---- JSON with numbers kept as written (Discord ids exceed 2^53; 1.0 stays 1.0) ----------

class JNum {
  constructor(text) { this.text = text; }
}

function parseJson(text) {
  let i = 0;
  const fail = () => { throw new SyntaxError("bad JSON at " + i); };
  const ws = () => { while (i < text.length && " \t\n\r".includes(text[i])) i++; };
  function value() {
    ws();
    const c = text[i];
    if (c === "{") {
      i++; const obj = new Map(); ws();
      if (text[i] === "}") { i++; return obj; }
      for (;;) {
        ws(); if (text[i] !== '"') fail();
        const key = string(); ws(); if (text[i] !== ":") fail(); i++;
        obj.set(key, value()); ws();
        if (text[i] === ",") { i++; continue; }
        if (text[i] === "}") { i++; return obj; }
        fail();
      }
    }
    if (c === "[") {
      i++; const arr = []; ws();
      if (text[i] === "]") { i++; return arr; }
      for (;;) {
        arr.push(value()); ws();
        if (text[i] === ",") { i++; continue; }
        if (text[i] === "]") { i++; return arr; }
        fail();
      }
    }
    if (c === '"') return string();
    if (text.startsWith("true", i)) { i += 4; return true; }
    if (text.startsWith("false", i)) { i += 5; return false; }
    if (text.startsWith("null", i)) { i += 4; return null; }
    const m = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!m) fail();
    i += m[0].length;
    return new JNum(m[0]);
  }
  function string() {
    i++; let out = "";
    for (;;) {
      const c = text[i++];
      if (c === undefined) fail();
      if (c === '"') return out;
      if (c !== "\\") { out += c; continue; }
      const e = text[i++];
      const simple = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };
      if (e in simple) out += simple[e];
      else if (e === "u") { out += String.fromCharCode(parseInt(text.slice(i, i + 4), 16)); i += 4; }
      else fail();
    }
  }
  const result = value(); ws();
  if (i !== text.length) fail();
  return result;
}

// Python's json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False).
const ESCAPES = { '"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f" };
function quote(s) {
  let out = '"';
  for (const ch of s) {
    if (ch in ESCAPES) out += ESCAPES[ch];
    else if (ch < " ") out += "\\u" + ch.charCodeAt(0).toString(16).padStart(4, "0");
    else out += ch;
  }
  return out + '"';
}
function canonical(v) {
  if (v === null) return "null";
  if (v === true) return "true";
  if (v === false) return "false";
  if (v instanceof JNum) return v.text;
  if (typeof v === "string") return quote(v);
  if (Array.isArray(v)) return "[" + v.map(canonical).join(",") + "]";
  if (v instanceof Map) {
    const keys = [...v.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return "{" + keys.map((k) => quote(k) + ":" + canonical(v.get(k))).join(",") + "}";
  }
  throw new TypeError("not JSON");
}

// ---- Python's conversions, raising where Python raises (TypeError/ValueError) ----------

const isMap = (v) => v instanceof Map;
const get = (m, k, dflt) => {
  if (!isMap(m)) throw new TypeError("not an object");
  return m.has(k) ? m.get(k) : dflt;
};
const item = (m, k) => {
  if (isMap(m)) { if (!m.has(k)) throw new TypeError("missing " + k); return m.get(k); }
  if (Array.isArray(m) || typeof m === "string") {
    const n = Number(toInt(k)); if (n < 0 || n >= m.length) throw new TypeError("index"); return m[n];
  }
  throw new TypeError("not subscriptable");
};
function toInt(v) {  // Python int(): a BigInt
  if (typeof v === "bigint") return v;
  if (typeof v === "number") return BigInt(Math.trunc(v));
  if (v === true) return 1n;
  if (v === false) return 0n;
  if (v instanceof JNum) {
    if (/^-?\d+$/.test(v.text)) return BigInt(v.text);
    const f = Number(v.text); if (!isFinite(f)) throw new TypeError("inf"); return BigInt(Math.trunc(f));
  }
  if (typeof v === "string" && /^\s*[+-]?\d+(_\d+)*\s*$/.test(v)) return BigInt(v.trim().replace(/_/g, ""));
  throw new TypeError("not an int");
}
const toNum = (v) => Number(toInt(v));
function pyStr(v) {
  if (typeof v === "string") return v;
  if (v instanceof JNum) {
    if (/^-?\d+$/.test(v.text)) return BigInt(v.text).toString();
    const n = Number(v.text);
    return Number.isInteger(n) && Math.abs(n) < 1e16 ? n.toFixed(1) : String(n);
  }
  if (v === null) return "None";
  if (v === true) return "True";
  if (v === false) return "False";
  return canonical(v);
}
function truthy(v) {
  if (v === null || v === false || v === undefined) return false;
  if (v instanceof JNum) return Number(v.text) !== 0;
  if (typeof v === "string" || Array.isArray(v)) return v.length > 0;
  if (isMap(v)) return v.size > 0;
  return true;
}
function fromHex(text) {  // bytes.fromhex
  const s = String(text).replace(/\s+/g, "");
  if (s.length % 2 || /[^0-9a-fA-F]/.test(s)) throw new RangeError("not hex");
  const out = new Uint8Array(s.length / 2);
  for (let k = 0; k < out.length; k++) out[k] = parseInt(s.slice(2 * k, 2 * k + 2), 16);
  return out;
}
const hex = (buf) => Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, "0")).join("");
const utf8 = (s) => new TextEncoder().encode(s);
async function sha256(bytes) { return hex(await crypto.subtle.digest("SHA-256", bytes)); }
const GENESIS = "0".repeat(64);
const SPACE = 1n << 256n;

// ---- dice derivation (README "Provably fair dice"; bot/fair_dice.py) ----------------------

async function hmacKey(seed) {
  return crypto.subtle.importKey("raw", seed, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
}
async function deriveFaces(key, campaign, turn, entry, roll, count, sides) {
  const faces = [];
  const bound = SPACE - (SPACE % sides.big);
  for (let die = 0; die < count; die++) {
    for (let attempt = 0; ; attempt++) {
      const message = `${key.derivation} ${campaign} ${turn} ${entry} ${roll} ${die} ${sides.big} ${key.interaction} ${attempt}`;
      const digest = hex(await crypto.subtle.sign("HMAC", key.key, utf8(message)));
      const value = BigInt("0x" + digest);
      if (value < bound) { faces.push(value % sides.big + 1n); break; }
    }
  }
  return faces;
}

// ---- what an entry says of its dice (bot/verify_rolls.py, line for line) ---------------------

const COMPARE = "(?:>=|<=|>|<|=)[0-9]+";
const GROUP = `([0-9]+)d([0-9]+)(?:(!)(${COMPARE})?)?(?:(kh|kl|dh|dl)([0-9]+))?(${COMPARE})?`;
const ROW_NOTATION = new RegExp(`^(-?)${GROUP}([+-][0-9]+)?$`);
const FACTOR_GROUP = new RegExp(`^${GROUP}$`);
const CONSTANT = /^[0-9]+$/;
const REPEAT = /^([0-9]+)#([\s\S]*)$/;
const TEST = /^(>=|<=|>|<|=)(-?[0-9]+)$/;
const FACE_SET = /^in \{([0-9]+(?:,[0-9]+)*)?\}$/;
const FACES = /^(?:[0-9]+(?:,[0-9]+)*)?$/;
const MAX_DICE = 100n;
const SHOWN = 200;
const MISSING = Symbol("missing");

function passes(test, face) {
  if (test.op === "in") return test.faces.has(face);
  if (test.op === ">=") return face >= test.value;
  if (test.op === "<=") return face <= test.value;
  if (test.op === ">") return face > test.value;
  if (test.op === "<") return face < test.value;
  return face === test.value;
}
function compareTest(text) {
  const m = typeof text === "string" ? TEST.exec(text) : null;
  return m === null ? null : { op: m[1], value: BigInt(m[2]) };
}
function makeGroup(parts, sign, modifier, notation) {
  const [count, sides, bang, explodeTest, keepMode, keepCount, success] = parts;
  let explode = null;
  if (bang) explode = explodeTest ? compareTest(explodeTest) : { op: "=", value: BigInt(sides) };
  return {
    kind: "group", sign, count: BigInt(count), sides: BigInt(sides), explode,
    keep: keepMode ? [keepMode, BigInt(keepCount)] : null,
    success: success ? compareTest(success) : null, successText: success || null, modifier, notation,
  };
}
function keptMarks(group, faces) {
  if (group.keep === null) return faces.map(() => true);
  const [mode, count] = group.keep;
  const highest = mode === "kh" || mode === "dh";
  const order = faces.map((_, i) => i).sort((a, b) => {
    const fa = highest ? -faces[a] : faces[a], fb = highest ? -faces[b] : faces[b];
    return fa < fb ? -1 : fa > fb ? 1 : a - b;
  });
  const chosen = new Set(count >= BigInt(order.length) ? order : order.slice(0, Number(count)));
  return faces.map((_, i) => chosen.has(i) === mode.startsWith("k"));
}
// The other reading of an ambiguous group (bot/verify_rolls.py `_at_maximum`): an older "3d6!>=5"
// may mean "explode on 6, count the dice of 5 or more".
function atMaximum(group) {
  if (group.explode === null || group.keep !== null || group.success !== null) return null;
  const m = FACTOR_GROUP.exec(group.notation.startsWith("-") ? group.notation.slice(1) : group.notation);
  if (m === null || !m[4]) return null;
  return { ...group, explode: { op: "=", value: group.sides }, success: group.explode, successText: m[4] };
}
function rowGroup(notation) {
  const m = ROW_NOTATION.exec(notation);
  if (m === null) return null;
  return makeGroup(m.slice(2, 9), m[1] ? -1n : 1n, m[9] ? BigInt(m[9]) : 0n, notation);
}
function readTarget(text) {
  if (typeof text !== "string") return null;
  const m = FACE_SET.exec(text);
  if (m !== null) return { op: "in", faces: new Set(m[1] ? m[1].split(",").map((f) => BigInt(f)) : []) };
  return compareTest(text);
}
function jsonInt(v) { return v instanceof JNum && /^-?\d+$/.test(v.text) ? BigInt(v.text) : null; }
function shown(value) {
  if (value === null || value === undefined || value === MISSING) return null;
  const text = (typeof value === "string" ? value : canonical(value)).replace(/`/g, "ˋ").replace(/[\n\r]/g, " ");
  const points = Array.from(text);
  return points.length <= SHOWN ? text : points.slice(0, SHOWN - 1).join("") + "…";
}
const facesShown = (faces) => shown(faces.map(String).join(", "));
const sumKept = (faces, kept) => faces.reduce((s, f, i) => (kept[i] ? s + f : s), 0n);
function readRow(row) {
  if (!Array.isArray(row) || row.length !== 9) return null;
  const [, , notation, sidesV, faces, modifierV, totalV, target, successes] = row;
  const sides = jsonInt(sidesV), modifier = jsonInt(modifierV), total = jsonInt(totalV);
  if (typeof notation !== "string" || typeof faces !== "string" || !FACES.test(faces)) return null;
  if (sides === null || modifier === null || total === null) return null;
  return { notation, sides, faces: faces ? faces.split(",").map((f) => BigInt(f)) : [], modifier, total, target, successes };
}
function rowProblem(index, row) {
  const read = readRow(row);
  const group = read === null ? null : rowGroup(read.notation);
  if (read === null || group === null) return null;
  const faces = read.faces;
  const said = (more) => ({ roll: index + 1, notation: shown(read.notation), faces: facesShown(faces), sides: read.sides, ...more });
  const n = BigInt(faces.length);
  const enough = group.explode ? n >= group.count : n === group.count;
  const fits = enough && group.sides === read.sides && group.modifier === read.modifier
    && faces.every((f) => f >= 1n && f <= read.sides)
    && (group.success === null || read.target === group.successText);
  if (!fits) return ["roll_dice", said({})];
  const kept = keptMarks(group, faces);
  const derived = sumKept(faces, kept) + read.modifier;
  if (derived !== read.total) return ["roll_total", said({ found: read.total, derived })];
  const target = read.target === undefined ? null : read.target;
  if (target !== null && readTarget(target) === null) return null;  // a target this check cannot read
  const test = readTarget(target);
  const counted = test === null ? null : BigInt(faces.filter((f, i) => kept[i] && passes(test, f)).length);
  const found = jsonInt(read.successes);
  if (counted !== found || (found === null && read.successes !== null)) {
    return ["roll_successes", said({ target: shown(target), found: shown(read.successes), derived: counted })];
  }
  return null;
}

const ROLL_RESULT_KEYS = ["expression", "total", "totals", "terms", "rows"];

function factorOf(text, sign) {
  if (CONSTANT.test(text)) return { kind: "constant", sign, value: BigInt(text) };
  const m = FACTOR_GROUP.exec(text);
  return m === null ? null : makeGroup(m.slice(1, 8), sign, 0n, (sign < 0n ? "-" : "") + text);
}
function readExpression(text) {
  if (typeof text !== "string") return null;
  let repeat = 1n, body = text;
  const m = REPEAT.exec(text);
  if (m !== null) { repeat = BigInt(m[1]); body = m[2]; }
  let pieces = body.split(/([+-])/);
  let first = "+";
  if (pieces[0] === "" && pieces.length > 1 && pieces[1] === "-") { pieces = pieces.slice(2); first = "-"; }
  const signed = [[first, pieces[0]]];
  for (let i = 1; i < pieces.length; i += 2) signed.push([pieces[i], pieces[i + 1]]);
  const terms = [];
  for (const [signText, piece] of signed) {
    const sign = signText === "-" ? -1n : 1n;
    const parts = piece.split("*");
    if (parts.length === 1) {
      const term = factorOf(piece, sign);
      if (term === null) return null;
      terms.push(term);
      continue;
    }
    const factors = parts.map((part) => factorOf(part, 1n));
    if (factors.some((f) => f === null)) return null;
    terms.push({ kind: "product", sign, factors });
  }
  return repeat >= 1n ? [repeat, terms] : null;
}
class Unfit extends Error {}
class Replay {
  constructor(left) { this.left = left; this.capped = false; }
  explodes(group, face) {
    if (group.explode === null || !passes(group.explode, face)) return false;
    if (this.left <= 0n) { this.capped = true; return false; }
    this.left -= 1n;
    return true;
  }
  group(group, row) {
    if (row === null || row.notation !== group.notation || row.sides !== group.sides) throw new Unfit();
    const faces = row.faces;
    if (!faces.every((f) => f >= 1n && f <= group.sides) || BigInt(faces.length) < group.count) throw new Unfit();
    const exploded = [];
    for (let die = 0n; die < group.count; die++) {
      for (;;) {
        if (exploded.length >= faces.length) throw new Unfit();
        exploded.push(this.explodes(group, faces[exploded.length]));
        if (!exploded[exploded.length - 1]) break;
      }
    }
    if (exploded.length !== faces.length) throw new Unfit();
    const kept = keptMarks(group, faces);
    const body = new Map([["notation", group.notation], ["faces", faces.map((f) => new JNum(String(f)))], ["kept", kept]]);
    let value = sumKept(faces, kept);
    if (group.explode !== null) body.set("exploded", exploded);
    if (group.success !== null) {
      value = BigInt(faces.filter((f, i) => kept[i] && passes(group.success, f)).length);
      body.set("successes", new JNum(String(value)));
    }
    body.set("value", new JNum(String(group.sign * value)));
    return [body, value];
  }
}
function difference(found, expected) {
  if (found === MISSING || expected === MISSING) return found === expected ? null : [found, expected];
  if (canonical(found) === canonical(expected)) return null;
  if (Array.isArray(found) && Array.isArray(expected) && found.length === expected.length) {
    for (let i = 0; i < found.length; i++) {
      const differs = difference(found[i], expected[i]);
      if (differs !== null) return differs;
    }
  }
  return [found, expected];
}
const saysRollResult = (outcome) => ROLL_RESULT_KEYS.some((key) => outcome.has(key));
function outcomeProblem(outcome, rows) {
  const expression = get(outcome, "expression", null);
  const params = { expression: shown(expression) };
  const read = readExpression(expression);
  if (read === null) return ["roll_expression", params];
  const [repeat, terms] = read;
  const problem = replayProblem(outcome, rows, repeat, terms, params);
  if (problem === null) return null;
  for (const other of otherReadings(outcome, terms)) {
    if (replayProblem(outcome, rows, repeat, other, params) === null) return null;
  }
  return problem;
}
function loggedFactors(outcome) {
  let terms = get(outcome, "terms", null);
  if (terms === null) {
    const rows = get(outcome, "rows", null);
    terms = Array.isArray(rows) && rows.length ? rows[0] : null;
  }
  if (!Array.isArray(terms)) return [];
  const factors = [];
  for (const term of terms) {
    const product = isMap(term) ? get(term, "product", null) : null;
    if (Array.isArray(product)) factors.push(...product); else factors.push(term);
  }
  return factors;
}
function otherReadings(outcome, terms) {
  const logged = loggedFactors(outcome);
  const readings = [];
  for (const every of [false, true]) {
    let place = 0, changed = false;
    const read = (factor) => {
      const said = place < logged.length ? logged[place] : null;
      place += 1;
      const other = factor.kind === "group" ? atMaximum(factor) : null;
      const counts = isMap(said) && said.has("successes");
      if (other !== null && (every || counts)) { changed = true; return other; }
      return factor;
    };
    const reading = terms.map((term) => (term.kind === "product" ? { ...term, factors: term.factors.map(read) } : read(term)));
    const key = JSON.stringify(reading, (k, v) => (typeof v === "bigint" ? String(v) : v));
    if (changed && !readings.some(([known]) => known === key)) readings.push([key, reading]);
  }
  return readings.map(([, reading]) => reading);
}
function replayProblem(outcome, rows, repeat, terms, params) {
  const expression = get(outcome, "expression", null);
  const groups = [];
  for (const term of terms) for (const f of term.kind === "product" ? term.factors : [term]) if (f.kind === "group") groups.push(f);
  if (!groups.length || BigInt(groups.length) * repeat !== BigInt(rows.length)) return ["roll_expression", params];  // a /roll rolls dice
  const replay = new Replay(MAX_DICE - groups.reduce((s, g) => s + g.count, 0n) * repeat);
  const pending = rows.map(readRow);
  let next = 0;
  const totals = [], rowsJson = [];
  const jnum = (n) => new JNum(String(n));
  try {
    for (let r = 0n; r < repeat; r++) {
      const rowJson = [];
      let total = 0n;
      for (const term of terms) {
        if (term.kind === "constant") {
          rowJson.push(new Map([["constant", jnum(term.sign * term.value)]]));
          total += term.sign * term.value;
        } else if (term.kind === "group") {
          const [body, value] = replay.group(term, pending[next++]);
          rowJson.push(body);
          total += term.sign * value;
        } else {
          const factors = [];
          let product = term.sign;
          for (const factor of term.factors) {
            if (factor.kind === "constant") {
              factors.push(new Map([["constant", jnum(factor.value)]]));
              product *= factor.value;
            } else {
              const [body, value] = replay.group(factor, pending[next++]);
              factors.push(body);
              product *= value;
            }
          }
          rowJson.push(new Map([["product", factors], ["value", jnum(product)]]));
          total += product;
        }
      }
      totals.push(total);
      rowsJson.push(rowJson);
    }
  } catch (err) {
    if (err instanceof Unfit) return ["roll_expression", params];
    throw err;
  }
  const expected = repeat === 1n
    ? [["total", jnum(totals[0])], ["terms", rowsJson[0]]]
    : [["totals", totals.map(jnum)], ["rows", rowsJson]];
  expected.push(["explosions_capped", replay.capped ? true : MISSING]);
  expected.push(["summary", `${expression} = ${totals.map(String).join(", ")}`]);
  for (const [key, replayed] of expected) {
    if (!outcome.has(key)) continue;  // what an outcome does not state, it cannot state wrongly
    const differs = difference(outcome.get(key), replayed);
    if (differs !== null) return ["roll_result", { ...params, found: shown(differs[0]), derived: shown(differs[1]) }];
  }
  return null;
}

// ---- the checker (LogChecker) -----------------------------------------------------------

class Problem {
  constructor(kind, seq, params) { this.kind = kind; this.seq = seq; this.params = params || {}; }
}

function outcomeOf(e) { const o = get(e, "outcome", null); return isMap(o) ? o : new Map(); }

// The held seeds an entry's outcome reveals, well formed ones only (_held_reveals).
function heldReveals(o) {
  const reveals = isMap(o) ? get(o, "held_reveal", null) : null;
  const found = [];
  for (const reveal of Array.isArray(reveals) ? reveals : []) {
    try {
      found.push([toNum(item(reveal, "turn")), fromHex(pyStr(item(reveal, "seed")))]);
    } catch (err) {
      if (!(err instanceof TypeError || err instanceof RangeError)) throw err;
    }
  }
  return found;
}

// Seeds are known by their commitment: an undone turn end reopens its turn with a new seed.
// A turn's held seed (held_sha256, held_reveal) likewise.
async function trustedSeeds(entries) {
  const commitments = new Map();
  const held = new Map();
  for (const e of entries) {
    const o = isMap(e) ? get(e, "outcome", null) : null;
    if (isMap(o) && o.has("seed_commitment")) {
      const c = o.get("seed_commitment");
      commitments.set(pyStr(item(c, "sha256")), toNum(item(c, "turn")));
    }
  }
  for (const e of entries) {
    const o = isMap(e) ? get(e, "outcome", null) : null;
    const c = isMap(o) ? get(o, "seed_commitment", null) : null;
    if (isMap(c) && c.has("held_sha256")) held.set(pyStr(c.get("held_sha256")), toNum(item(c, "turn")));
  }
  const found = new Map();
  for (const e of entries) {
    const o = isMap(e) ? get(e, "outcome", null) : null;
    for (const [turn, seed] of heldReveals(o)) {
      const digest = await sha256(seed);
      if (held.get(digest) === turn) found.set(digest, seed);
    }
    const reveal = isMap(o) ? get(o, "seed_reveal", null) : null;
    if (!truthy(reveal)) continue;
    let seed;
    try { seed = fromHex(pyStr(item(reveal, "seed"))); } catch (err) { if (err instanceof RangeError) continue; throw err; }
    const turn = toNum(item(reveal, "turn"));
    const digest = await sha256(seed);
    if (commitments.get(digest) === turn) found.set(digest, seed);
  }
  return found;
}

class LogChecker {
  constructor(seeds, seqs) {
    this.seeds = seeds; this.keys = new Map(); this.seqs = seqs;
    this.prev = GENESIS; this.expected = 1; this.count = 0; this.problem = null;
    this.hashes = new Map(); this.commitments = new Map(); this.secrets = new Map();
    this.published = new Map(); this.undone = new Set();
    this.heldCommitments = new Map(); this.publishedHeld = new Map();
    this.revealed = new Set(); this.derivedDice = 0; this.unprovable = 0;
    this.lastState = null; this.archive = new Map();
  }
  async add(entry) {
    if (this.problem === null) {
      try {
        this.problem = await this.check(entry);
      } catch (err) {
        if (!(err instanceof TypeError || err instanceof RangeError || err instanceof SyntaxError)) throw err;
        const s = isMap(entry) ? entry.get("seq") : undefined;
        const seq = s instanceof JNum && /^-?\d+$/.test(s.text) ? Number(s.text) : typeof s === "boolean" ? Number(s) : this.expected;
        this.problem = new Problem("edited", seq, { count: this.count });
      }
    }
    return this.problem;
  }
  async check(e) {
    const seq = toNum(item(e, "seq"));
    if (seq !== this.expected) {
      const moved = this.seqs !== null && this.seqs.has(this.expected);
      return new Problem(moved ? "reordered" : "removed", this.expected, { count: this.count });
    }
    if (e.has("prev_hash") && e.get("prev_hash") !== this.prev) {
      return new Problem("reordered", seq, { count: this.count });
    }
    const outcome = outcomeOf(e);
    const campaign = toInt(item(e, "campaign_id")), turn = toNum(item(e, "turn"));
    const diceField = get(e, "dice", null);
    const dice = truthy(diceField) ? diceField : new Map();
    const held = get(dice, "seed", null) === "held";
    let problem = null;
    if (truthy(get(e, "rolls", null))) {
      if (get(dice, "source", null) === "derived") {
        problem = await this.derive(item(e, "rolls"), this.inForce(turn, held), campaign, turn, seq, toInt(item(dice, "interaction")), null, held);
      } else {
        this.unprovable += 1;
      }
    }
    if (problem === null && outcome.has("secret_commitment")) {
      const derived = get(dice, "source", "derived") === "derived";  // only derived dice re-derive
      this.secrets.set(seq, [pyStr(outcome.get("secret_commitment")), turn, toInt(get(dice, "interaction", new JNum("0"))), campaign, derived ? this.inForce(turn, held) : null, held, derived]);
    }
    if (problem === null && outcome.has("secret_reveal")) problem = await this.secretReveal(seq, outcome.get("secret_reveal"));
    if (problem === null && outcome.has("seed_reveal")) problem = await this.seedReveal(seq, outcome.get("seed_reveal"));
    if (problem === null && outcome.has("held_reveal")) problem = await this.heldReveal(seq, outcome.get("held_reveal"));
    if (problem === null && outcome.has("seed_commitment")) {
      const committed = outcome.get("seed_commitment");
      this.commitments.set(toNum(item(committed, "turn")), [pyStr(item(committed, "sha256")), seq]);
      this.published.set(pyStr(item(committed, "sha256")), toNum(item(committed, "turn")));
      if (isMap(committed) && committed.has("held_sha256")) {
        const heldSha = pyStr(committed.get("held_sha256"));
        this.heldCommitments.set(toNum(item(committed, "turn")), [heldSha, seq]);
        this.publishedHeld.set(heldSha, toNum(item(committed, "turn")));
      }
    }
    if (problem !== null) return problem;
    const form = new Map([...e].filter(([k]) => k !== "hash" && k !== "prev_hash"));
    const digest = await sha256(utf8(this.prev + canonical(form)));
    if (digest !== item(e, "hash")) return new Problem("edited", seq, { count: this.count });
    const said = this.said(seq, e, outcome);
    if (said !== null) return said;
    if (get(e, "command", null) === "history undo") {
      for (const undid of iterate(get(outcome, "undid", []))) this.undone.add(toNum(undid));
    }
    const written = get(outcome, "archive", []);
    for (const record of iterate(written)) {
      const [key, recordSeq, recordDigest] = unpack3(record);
      this.archive.set(JSON.stringify([pyStr(item(e, "ruleset")), pyStr(key), String(toInt(recordSeq))]), [pyStr(recordDigest), seq]);
    }
    if (get(e, "state", null) !== null) this.lastState = [seq, e.get("state")];
    this.hashes.set(seq, digest);
    this.prev = digest;
    this.expected += 1;
    this.count += 1;
    return null;
  }
  inForce(turn, held) {
    const committed = (held ? this.heldCommitments : this.commitments).get(turn);
    return committed === undefined ? null : committed[0];
  }
  async derive(rolls, commitment, campaign, turn, seq, interaction, revealedIn, held) {
    const seed = commitment === null ? undefined : this.seeds.get(commitment);
    if (seed === undefined) return null;
    if (!this.keys.has(commitment)) this.keys.set(commitment, await hmacKey(seed));
    const derivation = held ? "privateer-held-dice-v1" : "privateer-dice-v1";
    const key = { key: this.keys.get(commitment), interaction, derivation };
    let index = 0;
    for (const row of iterate(rolls)) {
      const sidesBig = toInt(item(row, 3));
      const facesText = pyStr(item(row, 4));
      const faces = facesText ? facesText.split(",").map((f) => toInt(f)) : [];
      if (sidesBig <= 0n) throw new TypeError("sides");
      const derived = await deriveFaces(key, campaign, turn, seq, index, faces.length, { big: sidesBig });
      this.derivedDice += faces.length;
      for (let die = 0; die < faces.length; die++) {
        if (faces[die] !== derived[die]) {
          const kind = (held ? "held_" : "") + (revealedIn === null ? "face" : "secret_face");
          return new Problem(kind, seq, {
            roll: index + 1, die: die + 1, sides: sidesBig, found: faces[die], derived: derived[die], turn, reveal: revealedIn,
          });
        }
      }
      index += 1;
    }
    return null;
  }
  async secretReveal(seq, reveal) {
    const target = toNum(item(reveal, "entry"));
    const known = this.secrets.get(target);
    const payload = get(reveal, "payload", null);
    if (known === undefined || this.revealed.has(target)) return new Problem("secret_unknown", seq, { entry: target });
    const digest = await sha256(utf8(canonical(payload)));
    if (!isMap(payload) || digest !== known[0]) return new Problem("secret", seq, { entry: target });
    this.revealed.add(target);
    const [, turn, interaction, campaign, inForce, held, derived] = known;
    const rolls = get(payload, "rolls", []);
    if (!derived) {  // its faces, now shown, cannot be re-derived: counted as a roll in the open is
      if (truthy(rolls)) this.unprovable += 1;
      return null;
    }
    return this.derive(rolls, inForce, campaign, turn, target, interaction, seq, held);
  }
  // What entry `seq`, as written, says of its dice against its faces, and of a hidden entry it reveals (_said).
  said(seq, e, outcome) {
    const isRoll = get(e, "ruleset", null) === "core" && get(e, "command", null) === "roll";
    let problem = this.statements(seq, get(e, "rolls", null), outcome, isRoll, null);
    const reveal = get(outcome, "secret_reveal", null);
    const payload = isMap(reveal) ? get(reveal, "payload", null) : null;
    if (problem === null && isMap(reveal) && isMap(payload)) {
      const options = get(payload, "options", null);
      problem = this.statements(toNum(item(reveal, "entry")), get(payload, "rolls", null), get(payload, "outcome", null), isMap(options) && options.has("dice"), seq);
    }
    return problem;
  }
  // What entry `seq` says of its dice, against its faces (_statements).
  statements(seq, rolls, outcome, isRoll, revealedIn) {
    const rows = Array.isArray(rolls) ? rolls : [];
    let found = null;
    for (let index = 0; index < rows.length && found === null; index++) found = rowProblem(index, rows[index]);
    if (found === null && isRoll && isMap(outcome) && saysRollResult(outcome)) found = outcomeProblem(outcome, rows);
    if (found === null) return null;
    const [kind, params] = found;
    if (revealedIn === null) return new Problem(kind, seq, params);
    return new Problem("revealed_" + kind, seq, { ...params, reveal: revealedIn });
  }
  async heldReveal(seq, reveals) {
    for (const reveal of iterate(reveals)) {
      const turn = toNum(item(reveal, "turn"));
      let seed;
      try { seed = fromHex(pyStr(item(reveal, "seed"))); } catch (err) { if (!(err instanceof RangeError)) throw err; seed = new Uint8Array(0); }
      if (this.publishedHeld.get(await sha256(seed)) === turn) continue;
      const committed = this.heldCommitments.get(turn);
      return new Problem("held_seed", seq, { turn, commit: committed ? committed[1] : null });
    }
    return null;
  }
  async seedReveal(seq, reveal) {
    const turn = toNum(item(reveal, "turn"));
    const committed = this.commitments.get(turn);
    let seed;
    try { seed = fromHex(pyStr(item(reveal, "seed"))); } catch (err) { if (!(err instanceof RangeError)) throw err; seed = new Uint8Array(0); }
    if (committed === undefined || await sha256(seed) !== committed[0]) {
      return new Problem("seed", seq, { turn, commit: committed ? committed[1] : null });
    }
    return null;
  }
  async finish(head, anchors, state, archive) {
    const problem = this.problem || await this.finishChecks(head, anchors, state, archive);
    const revealed = new Set([...this.published].filter(([sha]) => this.seeds.has(sha)).map(([, turn]) => turn));
    const open = [...this.commitments].filter(([, [sha]]) => !this.seeds.has(sha)).map(([t]) => t).sort((a, b) => a - b);
    const openTurn = open.length ? open[open.length - 1] : null;
    return {
      problem, count: this.count, revealedTurns: revealed.size, derivedDice: this.derivedDice,
      unprovable: this.unprovable, openTurn, openCommitment: openTurn === null ? null : this.commitments.get(openTurn)[0],
    };
  }
  async finishChecks(head, anchors, state, archive) {
    if (head !== null && head[0] > this.count) {
      return new Problem("removed", this.count + 1, { count: this.count });
    }
    if (head !== null && (head[0] !== this.count || head[1] !== this.prev)) {
      // the chain does not end at the recorded head: rewritten (or added to), not removed
      return new Problem("head", head[0], {});
    }
    for (const [seq, posted] of [...anchors.heads].sort((a, b) => a[0] - b[0])) {
      if (this.hashes.get(seq) !== posted) return new Problem("posted_head", seq, { count: this.count });
    }
    for (const [turn, posted] of [...anchors.commitments].sort((a, b) => a[0] - b[0])) {
      const committed = this.commitments.get(turn);
      if (committed === undefined || this.published.get(posted) !== turn) {
        return new Problem("posted_commitment", committed ? committed[1] : null, { turn });
      }
    }
    if (state !== null && this.lastState !== null) {
      const [seq, digests] = this.lastState;
      const part = differingPart(state, digests);
      if (part !== null) return new Problem("state", seq, { part });
    }
    if (archive !== null) {
      const records = [...this.archive].sort((a, b) => a[1][1] - b[1][1]);
      for (const [record, [digest, seq]] of records) {
        if (this.undone.has(seq)) continue; // removed with its undone command
        if (!archive.has(record)) return new Problem("archive_removed", seq, { count: this.count });
        if (archive.get(record) !== digest) return new Problem("archive_edited", seq, { count: this.count });
      }
    }
    return null;
  }
}

function iterate(v) {
  if (Array.isArray(v)) return v;
  if (typeof v === "string") return [...v];
  if (isMap(v)) return [...v.keys()];
  throw new TypeError("not iterable");
}
function unpack3(v) {
  const items = iterate(v);
  if (items.length !== 3) throw new RangeError("unpack");
  return items;
}

// bot/storage/state_digest.py: digests() and differing_part().
async function stateDigests(snapshot) {
  const rulesets = new Map();
  for (const r of iterate(item(snapshot, "rulesets"))) {
    const text = `${pyStr(item(r, "schema_version"))}\n${pyStr(item(r, "state"))}\n${pyStr(item(r, "settings"))}`;
    rulesets.set(pyStr(item(r, "ruleset")), [item(r, "row_version"), await sha256(utf8(text))]);
  }
  const core = isMap(snapshot) && snapshot.has("core") ? { core: await sha256(utf8(canonical(snapshot.get("core")))) } : {};
  return {
    ...core,
    campaign: await sha256(utf8(canonical(item(snapshot, "campaign")))),
    gms: await sha256(utf8(canonical(item(snapshot, "gms")))),
    factions: await sha256(utf8(canonical(item(snapshot, "factions")))),
    rulesets,
  };
}
function same(a, b) {
  if (typeof a === "string" || typeof b === "string") return a === b;
  if (a === undefined || b === undefined) return a === b;
  return canonical(a) === canonical(b);
}
function differingPart(stored, entry) {
  const entryMap = isMap(entry) ? entry : new Map();
  const parts = ["campaign", "gms", "factions"];
  // `core` counts only for an entry of digest version 2 or later (DIGEST_VERSION)
  if (toInt(get(entryMap, "version", new JNum("1"))) >= 2n) parts.push("core");
  for (const part of parts) {
    if (!same(stored[part], entryMap.has(part) ? entryMap.get(part) : undefined)) return part;
  }
  const mine = new Map([...stored.rulesets].map(([k, v]) => [k, v[1]]));
  const given = entryMap.has("rulesets") ? entryMap.get("rulesets") : new Map();
  const theirs = new Map([...(isMap(given) ? given : new Map())].map(([k, v]) => [k, item(v, 1)]));
  const keys = [...new Set([...mine.keys(), ...theirs.keys()])].sort();
  for (const key of keys) if (!same(mine.get(key), theirs.get(key))) return `ruleset ${key}`;
  return null;
}

// verify_document()
async function verifyDocument(doc) {
  const entries = [...iterate(get(doc, "entries", []))];
  const seqs = new Set(entries.map((e) => toNum(item(e, "seq"))));
  const checker = new LogChecker(await trustedSeeds(entries), seqs);
  for (const entry of entries) if (await checker.add(entry)) break;
  const posted = get(doc, "anchors", new Map());
  const anchors = {
    heads: new Map([...iterate(get(posted, "heads", []))].map((p) => [toNum(item(p, 0)), pyStr(item(p, 1))])),
    commitments: new Map([...iterate(get(posted, "commitments", []))].map((p) => [toNum(item(p, 0)), pyStr(item(p, 1))])),
  };
  const head = get(doc, "head", null);
  const state = get(doc, "state", null);
  const archive = new Map();
  for (const a of iterate(get(doc, "archive", []))) {
    const key = JSON.stringify([pyStr(item(a, "ruleset")), pyStr(item(a, "key")), String(toInt(item(a, "seq")))]);
    archive.set(key, await sha256(utf8(pyStr(item(a, "body")))));
  }
  return checker.finish(
    head === null ? null : [toNum(item(head, 0)), pyStr(item(head, 1))],
    anchors,
    state === null ? null : await stateDigests(state),
    archive,
  );
}

// ---- texts (the same catalog texts as /history verify) --------------------------------------

const TEXTS = JSON.parse(document.getElementById("texts").textContent);
const LANGUAGE = document.documentElement.lang;
function t(key, params) {
  params = params || {};
  let value = TEXTS[key];
  if (value === undefined) return key;
  if (typeof value === "object") {
    // The form for this exact number ("=1") first, then its plural category (bot/i18n.py).
    const n = Number(params.count || 0);
    const exact = value["=" + n];
    value = exact !== undefined ? exact : value[new Intl.PluralRules(LANGUAGE).select(Math.abs(n))] || value.other;
  }
  return value.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}
function describe(verdict) {
  if (verdict.problem !== null) {
    const params = { count: verdict.count, ...verdict.problem.params, seq: verdict.problem.seq };
    for (const k of Object.keys(params)) if (params[k] === null || params[k] === undefined) params[k] = "—";
    return [t("history.verify.bad.title"), t("history.verify.bad." + verdict.problem.kind, params)];
  }
  const lines = [t("history.verify.ok", { count: verdict.count })];
  lines.push(t("history.verify.derived", { count: verdict.derivedDice, turns: verdict.revealedTurns }));
  if (verdict.openTurn !== null) lines.push(t("history.verify.open", { turn: verdict.openTurn, commitment: verdict.openCommitment }));
  if (verdict.unprovable) lines.push(t("history.verify.unprovable", { count: verdict.unprovable }));
  return lines;
}

// channel_lines() of bot/verify_export.py: what an intact log was checked against in the
// channel, and the entries no posted head covers (a rewrite of them could not be checked).
function channelLines(doc, verdict) {
  const posted = get(doc, "anchors", new Map());
  const anchors = isMap(posted) ? posted : new Map();
  const heads = [...iterate(get(anchors, "heads", []))].map((p) => toNum(item(p, 0)));
  const commitments = [...iterate(get(anchors, "commitments", []))].length;
  const lines = [t("history.verify.anchors", { heads: heads.length, commitments })];
  const first = 1, last = verdict.count;  // the page holds a whole log
  const covered = Math.max(first - 1, ...heads.filter((seq) => seq >= first && seq <= last));
  if (heads.length === 0) lines.push(t("history.verify.no_heads"));
  else if (covered === last - 1) lines.push(t("history.verify.unanchored_last", { seq: last }));
  else if (covered < last) lines.push(t("history.verify.unanchored", { first: covered + 1, last }));
  return lines;
}

// ---- the page: verdict, marks, search and filters -------------------------------------------

function showVerdict(verdict, doc) {
  const box = document.getElementById("verdict");
  box.replaceChildren();
  const lines = describe(verdict);
  if (verdict.problem === null) lines.push(...channelLines(doc, verdict));
  for (const line of lines) {
    const p = document.createElement("p");
    p.textContent = line;
    box.appendChild(p);
  }
  const bad = verdict.problem;
  box.dataset.kind = bad ? bad.kind : "";
  box.dataset.seq = bad && bad.seq !== null ? String(bad.seq) : "";
  for (const row of document.querySelectorAll("#log tbody tr")) {
    const seq = Number(row.dataset.seq);
    const mark = row.querySelector(".mark");
    let state = "verified";
    if (bad && bad.seq !== null && seq === bad.seq) state = "failed";
    else if (bad && seq > verdict.count) state = "unchecked";  // the chain stopped before it
    row.dataset.check = state;
    mark.textContent = state === "verified" ? "✔" : state === "failed" ? "✘" : "·";
    mark.title = t("export_page.mark." + state);
  }
  box.dataset.state = bad ? "failed" : "verified";
}

function applyFilters() {
  const words = document.getElementById("search").value.toLowerCase().split(/\s+/).filter(Boolean);
  const player = document.getElementById("player").value;
  const ruleset = document.getElementById("ruleset").value;
  const turn = document.getElementById("turn").value;
  let shown = 0;
  for (const row of document.querySelectorAll("#log tbody tr")) {
    const text = row.textContent.toLowerCase();
    const ok = words.every((w) => text.includes(w))
      && (!player || row.dataset.player === player)
      && (!ruleset || row.dataset.ruleset === ruleset)
      && (!turn || row.dataset.turn === turn);
    row.hidden = !ok;
    if (ok) shown++;
  }
  document.getElementById("shown").textContent = t("export_page.shown", { count: shown });
}

async function main() {
  for (const id of ["search", "player", "ruleset", "turn"]) {
    document.getElementById(id).addEventListener("input", applyFilters);
  }
  applyFilters();
  const box = document.getElementById("verdict");
  try {
    const doc = parseJson(document.getElementById("export").textContent);
    showVerdict(await verifyDocument(doc), doc);
  } catch (err) {
    box.dataset.state = "error";
    box.textContent = t("export_page.error", { error: String(err) });
  }
}

main();
