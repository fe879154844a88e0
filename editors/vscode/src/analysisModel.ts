// The analysis board's pure parts, tested under plain Node: the protocol's strings (the server's
// request and the messages between the extension and the page), the move list (take-back and
// forward), which case of the text is analysed, the words for a report, and the text of a new
// case holding the position played to.

/** The server's request: `{ textDocument, case?, moves? }` → `PlayReport`. */
export const PLAY = 'boardls/play';

/** Messages of the page to the extension. */
export const FROM_PAGE = {
  play: 'analysis.play',
  back: 'analysis.back',
  forward: 'analysis.forward',
  best: 'analysis.best',
  goto: 'analysis.goto',
  addCase: 'analysis.addCase',
} as const;

/** The message of the extension to the page: a report (or an error) and the move list. */
export const TO_PAGE = 'analysis';

/** A legal move and the judge answer of the position it leads to. */
export interface PlayMove {
  move: string;
  answer: string;
}

/** The answer of `boardls/play` (what `boardls play --json` prints). */
export interface PlayReport {
  case: number;
  name: string;
  game: string;
  /** Every move played from the case's grid: its own `moves = …` and the extra ones. */
  played: string[];
  to_move: 'first' | 'second';
  answer: string;
  over: boolean;
  moves: PlayMove[];
  best: string[];
  board: string[];
}

/**
 * The moves played on the board after the case's own, and how many of them are shown (`at`):
 * taking back moves `at` down, forward up again, a new move drops the ones after `at` (unless it
 * is the next one, which is then only stepped over).
 */
export interface MoveList {
  moves: string[];
  at: number;
}

export const emptyList: MoveList = { moves: [], at: 0 };

export function playMove(list: MoveList, move: string): MoveList {
  if (list.moves[list.at] === move) return { moves: list.moves, at: list.at + 1 };
  return { moves: [...list.moves.slice(0, list.at), move], at: list.at + 1 };
}

export function back(list: MoveList): MoveList {
  return { moves: list.moves, at: Math.max(0, list.at - 1) };
}

export function forward(list: MoveList): MoveList {
  return { moves: list.moves, at: Math.min(list.moves.length, list.at + 1) };
}

export function goTo(list: MoveList, at: number): MoveList {
  return { moves: list.moves, at: Math.min(list.moves.length, Math.max(0, Math.floor(at) || 0)) };
}

/** The `moves` of the request for the position shown. */
export function requestMoves(list: MoveList): string {
  return list.moves.slice(0, list.at).join(' ');
}

/** `ROW,COLUMN` (1-based) of a move that is a cell, for the games played on cells. */
export function moveCell(move: string): { row: number; col: number } | undefined {
  const m = /^([0-9]+),([0-9]+)$/.exec(move);
  return m ? { row: Number(m[1]), col: Number(m[2]) } : undefined;
}

/** A move's outcome for the player making it, as the page colours it: one of the best or worse. */
export function moveOutcome(report: PlayReport, move: string): 'best' | 'worse' {
  return report.best.includes(move) ? 'best' : 'worse';
}

/** The side to move and the verdict in words. */
export function verdictWords(report: PlayReport): { toMove: string; verdict: string } {
  const side = report.to_move === 'first' ? 'The first player' : 'The second player';
  if (report.over) return { toMove: 'The game is over.', verdict: `Answer: ${report.answer}.` };
  const n = report.moves.length;
  return {
    toMove: `${side} to move (${n} legal move${n === 1 ? '' : 's'}).`,
    verdict: `Answer from here: ${report.answer}; best: ${report.best.join(', ') || '—'}.`,
  };
}

/** A case header line: `[game "name"]` (or `[game]`). */
const HEADER = /^\s*\[/;

/** The 1-based number of the case whose header is at or above `line`, 0 if none. */
export function caseNumberAt(lines: string[], line: number): number {
  let n = 0;
  for (let i = 0; i <= line && i < lines.length; i++) if (HEADER.test(lines[i])) n++;
  return n;
}

/**
 * The text of a new case for the position after `played` (all the moves from the grid): the
 * analysed case's lines with its name marked, its `moves =` written (one space between moves,
 * as the formatter writes them; replacing its own, else after its last line) and its `expect =`
 * set to `answer`. Blank and comment lines at the case's end are left out. Lines, no newlines.
 */
export function newCaseLines(caseLines: string[], played: string[], answer: string): string[] {
  const lines = [...caseLines];
  while (lines.length > 1 && /^\s*(\/\/.*)?$/.test(lines[lines.length - 1])) lines.pop();
  const header = /^(\s*\[\s*[A-Za-z0-9_-]+)(?:\s+"((?:[^"\\]|\\.)*)")?(\s*\].*)$/.exec(lines[0] ?? '');
  if (header) {
    const name = header[2] !== undefined ? `${header[2]} after ${played.length} moves` : `after ${played.length} moves`;
    lines[0] = `${header[1]} "${name.replace(/"/g, '\\"')}"${header[3]}`;
  }
  const movesLine = `moves = ${played.join(' ')}`;
  const at = lines.findIndex((l) => /^\s*moves\s*=/.test(l));
  if (played.length === 0) {
    if (at >= 0) lines.splice(at, 1);
  } else if (at >= 0) {
    lines[at] = movesLine;
  } else {
    lines.push(movesLine);
  }
  const ex = lines.findIndex((l) => /^\s*expect\s*=/.test(l));
  if (ex >= 0) lines[ex] = `expect = ${answer}`;
  return lines;
}

/** The lines of the case whose header is at or above `line`: [start, end), end at the next header. */
export function caseLinesAt(lines: string[], line: number): { start: number; end: number } | undefined {
  let start = Math.min(line, lines.length - 1);
  while (start >= 0 && !HEADER.test(lines[start])) start--;
  if (start < 0) return undefined;
  let end = start + 1;
  while (end < lines.length && !HEADER.test(lines[end])) end++;
  return { start, end };
}
