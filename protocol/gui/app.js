// The Tiamat board. Everything it draws comes from the engine: the board view (grids, pieces,
// reserves, markers) and, for each click, which clicks continue a legal move and which moves
// the clicks so far complete. The page keeps no rules of its own.

const SVG = 'http://www.w3.org/2000/svg';
const SQ = 100; // one square in board units; the SVG scales to the window
const MARGIN = 44; // room for the coordinates
const GAP = 70; // between grids
const TITLE = 70; // above grids that have a title

let state = null; // the table as the server last described it
let path = []; // the clicks made so far
let selection = null; // the server's answer for `path`
let flipped = false;
let symbols = new Set(); // piece images present in pieces.svg, by element id
let searchShown = null; // the search whose lines are listed

const $ = (id) => document.getElementById(id);

function el(name, attributes = {}, ...children) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) {
    if (value !== undefined && value !== null) node.setAttribute(key, value);
  }
  node.append(...children);
  return node;
}

async function api(route, body) {
  const init = body === undefined ? {} : {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  };
  const response = await fetch('/api/' + route, init);
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

/// Runs a request; a refusal is shown and changes nothing.
async function request(route, body) {
  try {
    const answer = await api(route, body);
    message('');
    return answer;
  } catch (error) {
    message(error.message, true);
    return null;
  }
}

function message(text, isError = false) {
  const bar = $('message');
  bar.textContent = text;
  bar.className = isError ? 'error' : '';
}

// ---------------------------------------------------------------------------------------------
// Drawing

/// Where each grid goes: its left edge and the size of the whole picture.
function layout(board) {
  const titled = board.grids.some((g) => g.title);
  const top = (titled ? TITLE : 0) + (board.reserves.length ? SQ + 30 : 0) + 10;
  let x = MARGIN + 10;
  const grids = board.grids.map((grid) => {
    const placed = { grid, x, y: top, width: grid.files.length * SQ, height: grid.ranks.length * SQ };
    x += placed.width + GAP;
    return placed;
  });
  const height = Math.max(...grids.map((g) => g.height));
  let width = x - GAP + 10;
  const exits = board.exits ? { x: width + 20, y: top, width: 1.6 * SQ, height } : null;
  if (exits) width = exits.x + exits.width + 10;
  const bottom = top + height + MARGIN + (board.reserves.length ? SQ + 30 : 0) + 10;
  return { grids, exits, width, height: bottom, top, boardHeight: height };
}

/// The square's top-left corner as drawn (flipping turns the board round).
function squareOrigin(placed, file, rank) {
  const files = placed.grid.files.length;
  const ranks = placed.grid.ranks.length;
  const column = flipped ? files - 1 - file : file;
  const row = flipped ? rank : ranks - 1 - rank;
  return [placed.x + column * SQ, placed.y + row * SQ];
}

function pieceNode(piece, x, y, size, square) {
  const group = el('g', {
    class: `piece ${piece.color}`,
    'data-square': square,
    'data-letter': piece.letter,
    'data-color': piece.color,
    'data-name': piece.name,
  });
  group.append(el('title', {}, `${sideName(piece.color)} ${piece.name}`));
  const id = 'piece-' + piece.name.replace(/ /g, '-');
  if (symbols.has(id)) {
    group.append(el('use', { href: '#' + id, x, y, width: size, height: size }));
  } else {
    const text = piece.abbreviation;
    group.append(el('circle', { class: 'disc', cx: x + size / 2, cy: y + size / 2, r: size * 0.41 }));
    group.append(el('text', {
      class: 'letter',
      x: x + size / 2,
      y: y + size / 2,
      'font-size': size * (text.length > 1 ? 0.42 : 0.52),
      'dominant-baseline': 'central',
      'text-anchor': 'middle',
    }, text));
  }
  return group;
}

function sideName(color) {
  const names = state?.board?.side_names ?? ['White', 'Black'];
  return color === 'white' ? names[0] : names[1];
}

function draw() {
  const svg = $('board');
  svg.replaceChildren();
  if (!state || !state.board) return;
  const board = state.board;
  const geometry = layout(board);
  svg.setAttribute('viewBox', `0 0 ${geometry.width} ${geometry.height}`);
  svg.classList.toggle('gold-scarlet', board.side_names[0] === 'Gold');
  const showCoords = $('show-coords').checked;
  const showTags = $('show-tags').checked;
  const showMarkers = $('show-markers').checked;
  const touched = new Set(state.last_move?.touched ?? []);
  const chosen = new Set(path.filter((click) => !click.startsWith('@')));
  const targets = new Set(selection?.next ?? []);

  for (const placed of geometry.grids) {
    const { grid } = placed;
    if (grid.title) {
      svg.append(el('text', {
        class: 'title', x: placed.x + placed.width / 2, y: placed.y - 24, 'text-anchor': 'middle',
      }, grid.title));
    }
    const files = grid.files.length;
    grid.squares.forEach((square, index) => {
      const file = index % files;
      const rank = Math.floor(index / files);
      const [x, y] = squareOrigin(placed, file, rank);
      const cell = el('g', { class: 'square', 'data-click': square.name });
      cell.append(el('rect', { x, y, width: SQ, height: SQ, class: square.dark ? 'dark' : 'light' }));
      if (touched.has(square.name)) cell.append(el('rect', { x, y, width: SQ, height: SQ, class: 'last' }));
      if (chosen.has(square.name)) cell.append(el('rect', { x, y, width: SQ, height: SQ, class: 'chosen' }));
      if (square.under) {
        const under = pieceNode(square.under, x, y, SQ, square.name);
        under.classList.add('under');
        cell.append(under);
      }
      if (square.piece) {
        const size = square.under ? SQ * 0.8 : SQ;
        const offset = (SQ - size) / 2;
        cell.append(pieceNode(square.piece, x + offset, y + offset, size, square.name));
        if (showTags && square.piece.tags.length) {
          const badge = square.piece.tags.map((t) => TAG_SIGNS[t.id] ?? '?').join('');
          cell.append(el('text', { class: 'tag', x: x + SQ - 8, y: y + 22, 'text-anchor': 'end' },
            el('title', {}, square.piece.tags.map((t) => t.label).join(', ')), badge));
        }
      }
      if (showMarkers) {
        for (const marker of square.markers) cell.append(markerNode(marker, x, y));
      }
      if (targets.has(square.name)) {
        cell.append(el('circle', {
          class: square.piece || square.under ? 'target occupied' : 'target',
          cx: x + SQ / 2, cy: y + SQ / 2, r: square.piece || square.under ? SQ * 0.46 : SQ * 0.15,
        }));
      }
      svg.append(cell);
    });
    if (showCoords) drawCoordinates(svg, placed);
  }
  drawReserves(svg, board, geometry);
  if (geometry.exits) drawExits(svg, board, geometry.exits, targets);
}

const TAG_SIGNS = { 'may-rush': '|', 'may-castle': '&', promotion: '=' };

function markerNode(marker, x, y) {
  const title = el('title', {}, marker.label);
  switch (marker.id) {
    case 'en-passant':
      return el('circle', { class: 'marker ep', cx: x + SQ / 2, cy: y + SQ / 2, r: SQ * 0.12 }, title);
    case 'en-passant-victim':
      return el('rect', { class: 'marker victim', x: x + 4, y: y + 4, width: SQ - 8, height: SQ - 8 }, title);
    case 'frozen':
      return el('text', { class: 'marker frozen', x: x + 8, y: y + 30 }, title, '\u2744');
    default:
      return el('rect', { class: `marker ${marker.id}`, x: x + 4, y: y + 4, width: SQ - 8, height: SQ - 8 }, title);
  }
}

function drawCoordinates(svg, placed) {
  const { grid } = placed;
  grid.files.forEach((label, file) => {
    const [x] = squareOrigin(placed, file, 0);
    svg.append(el('text', {
      class: 'coord', x: x + SQ / 2, y: placed.y + placed.height + 32, 'text-anchor': 'middle',
    }, label));
  });
  grid.ranks.forEach((label, rank) => {
    const [, y] = squareOrigin(placed, 0, rank);
    svg.append(el('text', {
      class: 'coord', x: placed.x - 10, y: y + SQ / 2, 'text-anchor': 'end', 'dominant-baseline': 'central',
    }, label));
  });
}

/// Each side's pieces in hand, the second side's above the board, the first side's below (the
/// other way round when flipped). Only the side to move's pieces can be clicked.
function drawReserves(svg, board, geometry) {
  for (const reserve of board.reserves) {
    const below = (reserve.color === 'white') !== flipped;
    const y = below ? geometry.top + geometry.boardHeight + MARGIN + 20 : geometry.top - SQ - 30;
    let x = geometry.grids[0].x;
    svg.append(el('text', { class: 'coord', x: x - 10, y: y + SQ / 2, 'text-anchor': 'end', 'dominant-baseline': 'central' },
      'in hand'));
    for (const slot of reserve.pieces) {
      const mine = reserve.color === state.side_to_move;
      const group = el('g', { class: 'reserve', 'data-click': mine && slot.count > 0 ? slot.click : undefined });
      group.append(el('rect', { x, y, width: SQ, height: SQ, class: path[0] === slot.click && mine ? 'slot chosen' : 'slot' }));
      const piece = pieceNode(slot.piece, x, y, SQ, slot.click);
      if (slot.count === 0) piece.classList.add('none-left');
      group.append(piece);
      group.append(el('text', { class: 'count', x: x + SQ - 6, y: y + SQ - 8, 'text-anchor': 'end' }, `${slot.count}`));
      svg.append(group);
      x += SQ + 12;
    }
  }
}

/// Beyond the edge: where a piece goes that leaves the board, and the pieces that left in the
/// last turn.
function drawExits(svg, board, zone, targets) {
  const group = el('g', { class: 'exits', 'data-click': 'off' });
  group.append(el('rect', {
    class: targets.has('off') ? 'zone target-zone' : 'zone', x: zone.x, y: zone.y, width: zone.width, height: zone.height, rx: 12,
  }));
  group.append(el('text', { class: 'coord', x: zone.x + zone.width / 2, y: zone.y + 40, 'text-anchor': 'middle' }, 'off board'));
  board.left_board.forEach((piece, i) => {
    const node = pieceNode(piece, zone.x + (zone.width - SQ * 0.8) / 2, zone.y + 70 + i * SQ, SQ * 0.8, 'off');
    node.classList.add('gone');
    group.append(node);
  });
  svg.append(group);
}

// ---------------------------------------------------------------------------------------------
// The side panel

function formatScore(score) {
  if (score.kind === 'mate') return (score.value > 0 ? '#' : '#-') + Math.abs(score.value);
  const pawns = score.value / 100;
  return (pawns > 0 ? '+' : '') + pawns.toFixed(2);
}

function showLines(lines) {
  const list = $('lines');
  list.replaceChildren();
  for (const line of lines) {
    if (!line) continue;
    const item = document.createElement('li');
    const bound = line.score.bound === 'exact' ? '' : line.score.bound === 'lower' ? ' \u2265' : ' \u2264';
    item.innerHTML = '';
    const head = document.createElement('span');
    head.className = 'score';
    head.textContent = `${formatScore(line.score)}${bound}`;
    const info = document.createElement('span');
    info.className = 'depth';
    info.textContent = ` d${line.depth}/${line.seldepth} ${(line.nodes / 1000).toFixed(0)}k nodes ${(line.time_ms / 1000).toFixed(1)}s `;
    const pv = document.createElement('span');
    pv.className = 'pv';
    pv.textContent = line.pv.join(' ');
    item.append(head, info, pv);
    list.append(item);
  }
}

function status() {
  if (!state.side_to_move) return 'Set up a position from its position string.';
  if (state.ending) return `${state.ending.result} (${state.ending.reason})`;
  let text = `${state.side_name} to move`;
  if (state.turn_in_progress) text += ' (the turn goes on)';
  if (state.in_check) text += ', in check';
  if (state.thinking === 'play') text += ' \u2014 the engine is thinking';
  if (state.thinking === 'analyse') text += ' \u2014 analysing';
  return text;
}

function renderPanel() {
  $('status').textContent = status();
  const select = $('variant');
  if (select.value !== state.variant) select.value = state.variant;
  $('engine-plays').value = state.engine.plays;
  $('limit-kind').value = state.engine.limit.kind;
  if (document.activeElement !== $('limit-value')) $('limit-value').value = state.engine.limit.value;
  $('analyse').checked = state.analysis.on;
  if (document.activeElement !== $('multipv')) $('multipv').value = state.analysis.multipv;
  $('position').value = state.position ?? '';
  const moves = $('moves');
  moves.replaceChildren();
  // Three columns: the move number, light's move, dark's; a game that starts with dark
  // leaves light's first cell empty.
  const blackFirst = state.first_side === 'black';
  const cell = (text, className) => {
    const item = document.createElement('li');
    item.textContent = text;
    if (className) item.className = className;
    moves.append(item);
    return item;
  };
  state.moves.forEach((move, i) => {
    const ply = i + (blackFirst ? 1 : 0);
    if (ply % 2 === 0 || i === 0) cell(`${Math.floor(ply / 2) + 1}.`, 'number');
    if (i === 0 && blackFirst) cell('…', 'skipped');
    cell(move.human).title = move.wire;
  });
  moves.scrollTop = moves.scrollHeight;
  const notes = $('notes');
  notes.replaceChildren(...(state.board?.notes ?? []).map((text) => {
    const line = document.createElement('div');
    line.textContent = text;
    return line;
  }));
  showLines(state.lines ?? []);
  if (state.notice) message(state.notice, true);
}

function renderChoices() {
  const box = $('choices');
  box.replaceChildren();
  const complete = selection?.complete ?? [];
  if (!complete.length || (complete.length === 1 && !selection.next.length)) {
    box.hidden = true;
    return;
  }
  const label = document.createElement('span');
  label.textContent = selection.next.length ? 'End the move here:' : 'Which move?';
  box.append(label);
  for (const move of complete) {
    const button = document.createElement('button');
    button.textContent = move.human;
    button.title = move.wire;
    button.dataset.wire = move.wire;
    button.addEventListener('click', () => playMove(move.wire));
    box.append(button);
  }
  if (selection.next.length) {
    const more = document.createElement('span');
    more.textContent = 'or go on to a marked square';
    box.append(more);
  }
  box.hidden = false;
}

function render() {
  draw();
  renderChoices();
  if (state) renderPanel();
  // What the page shows, for tests that drive it: the position drawn and the clicks so far.
  document.body.dataset.position = state?.position ?? '';
  document.body.dataset.path = path.join(' ');
}

/// A new state from the server: a changed position forgets the clicks made so far.
function receive(next) {
  if (!next || (state && next.revision < state.revision)) return;
  const moved = !state || state.position !== next.position || state.moves.length !== next.moves.length;
  state = next;
  if (moved) {
    path = [];
    selection = null;
  }
  render();
}

// ---------------------------------------------------------------------------------------------
// Clicks

function mayMove() {
  return state && state.side_to_move && !state.ending && state.thinking !== 'play';
}

async function click(token) {
  if (!mayMove()) return;
  const tried = path.concat([token]);
  const answer = await request('clicks', { path: tried });
  if (!answer) return;
  if (!answer.next.length && !answer.complete.length) {
    // Not a continuation: the click starts a move afresh, or clears the selection.
    const again = path.length === 1 && path[0] === token;
    const fresh = path.length && !again ? await request('clicks', { path: [token] }) : null;
    if (fresh && (fresh.next.length || fresh.complete.length)) {
      path = [token];
      selection = fresh;
    } else {
      path = [];
      selection = null;
    }
    render();
    return;
  }
  path = tried;
  selection = answer;
  if (answer.complete.length === 1 && !answer.next.length) {
    await playMove(answer.complete[0].wire);
    return;
  }
  render();
}

async function playMove(wire) {
  const answer = await request('move', { move: wire });
  path = [];
  selection = null;
  if (answer) receive(answer);
  else render();
}

// ---------------------------------------------------------------------------------------------
// Controls

async function engineSettings() {
  const value = Number($('limit-value').value);
  receive(await request('engine', {
    plays: $('engine-plays').value,
    limit: { kind: $('limit-kind').value, value },
  }));
}

async function analysisSettings() {
  receive(await request('analysis', { on: $('analyse').checked, multipv: Number($('multipv').value) }));
}

async function copy(text, what) {
  try {
    await navigator.clipboard.writeText(text);
    message(`${what} copied`);
  } catch {
    message(`${what} is shown below; copy it from there`);
  }
}

async function loadSymbols() {
  const response = await fetch('/assets/pieces.svg');
  const holder = document.createElement('div');
  holder.hidden = true;
  holder.innerHTML = await response.text();
  document.body.append(holder);
  symbols = new Set([...holder.querySelectorAll('symbol')].map((s) => s.id));
}

async function loadVariants() {
  const variants = await api('variants');
  const select = $('variant');
  for (const variant of variants) {
    const option = document.createElement('option');
    option.value = variant.name;
    option.textContent = variant.start ? variant.name : `${variant.name} (from a position string)`;
    option.dataset.start = variant.start;
    select.append(option);
  }
}

function listen() {
  const events = new EventSource('/api/events');
  events.addEventListener('state', (event) => receive(JSON.parse(event.data)));
  events.addEventListener('info', (event) => {
    const line = JSON.parse(event.data);
    if (!state) return;
    if (searchShown !== line.search) {
      searchShown = line.search;
      state.lines = [];
    }
    state.lines[line.multipv - 1] = line;
    showLines(state.lines);
  });
}

function wire() {
  $('board').addEventListener('click', (event) => {
    const target = event.target.closest('[data-click]');
    if (target) click(target.dataset.click);
  });
  $('variant').addEventListener('change', async () => {
    const option = $('variant').selectedOptions[0];
    if (option.dataset.start === 'true') {
      receive(await request('new', { variant: option.value }));
    } else {
      message(`${option.value} has no fixed start: paste a position string and press Set up`);
    }
  });
  $('new-game').addEventListener('click', async () => receive(await request('new', { variant: $('variant').value })));
  $('setup').addEventListener('click', async () => receive(await request('new', {
    variant: $('variant').value,
    position: $('setup-text').value,
  })));
  $('flip').addEventListener('click', () => {
    flipped = !flipped;
    render();
  });
  $('engine-plays').addEventListener('change', engineSettings);
  $('limit-kind').addEventListener('change', () => {
    $('limit-value').value = $('limit-kind').value === 'time' ? 1000 : 6;
    engineSettings();
  });
  $('limit-value').addEventListener('change', engineSettings);
  $('analyse').addEventListener('change', analysisSettings);
  $('multipv').addEventListener('change', analysisSettings);
  $('go').addEventListener('click', async () => receive(await request('go', {})));
  $('stop').addEventListener('click', async () => receive(await request('stop', {})));
  $('undo').addEventListener('click', async () => receive(await request('undo', {})));
  for (const id of ['show-coords', 'show-tags', 'show-markers']) $(id).addEventListener('change', render);
  $('copy-position').addEventListener('click', () => copy(state?.position ?? '', 'Position'));
  $('copy-pgn').addEventListener('click', async () => {
    const response = await fetch('/api/pgn');
    const text = await response.text();
    $('pgn').value = text;
    $('pgn').hidden = false;
    copy(text, 'PGN');
  });
  window.addEventListener('resize', render);
}

async function start() {
  wire();
  await Promise.all([loadSymbols(), loadVariants()]);
  receive(await api('state'));
  listen();
  document.body.dataset.ready = 'true';
}

start().catch((error) => message(`cannot reach the engine: ${error.message}`, true));
