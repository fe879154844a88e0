// Unit tests of the analysis board's pure parts under plain Node (node:test): the move list's
// take-back and forward, which case a line is in, the words for a report, and the new case text.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import {
  back,
  caseLinesAt,
  caseNumberAt,
  emptyList,
  forward,
  goTo,
  moveCell,
  newCaseLines,
  PlayReport,
  playMove,
  requestMoves,
  verdictWords,
} from '../../src/analysisModel';

test('moves played, taken back, played forward and replaced', () => {
  let l = playMove(playMove(emptyList, '1,2'), '2,2');
  assert.deepEqual(l, { moves: ['1,2', '2,2'], at: 2 });
  assert.equal(requestMoves(l), '1,2 2,2');
  l = back(l);
  assert.equal(requestMoves(l), '1,2');
  assert.deepEqual(back(back(back(l))), { moves: ['1,2', '2,2'], at: 0 });
  assert.deepEqual(forward(l), { moves: ['1,2', '2,2'], at: 2 });
  assert.deepEqual(forward(forward(l)), { moves: ['1,2', '2,2'], at: 2 });
  // The next move again keeps the moves after it; another one drops them.
  assert.deepEqual(playMove(l, '2,2'), { moves: ['1,2', '2,2'], at: 2 });
  assert.deepEqual(playMove(l, '1,3'), { moves: ['1,2', '1,3'], at: 2 });
  assert.deepEqual(goTo(l, 9), { moves: ['1,2', '2,2'], at: 2 });
  assert.deepEqual(goTo(l, -1), { moves: ['1,2', '2,2'], at: 0 });
});

test('cell moves are ROW,COLUMN; others are not cells', () => {
  assert.deepEqual(moveCell('3,14'), { row: 3, col: 14 });
  assert.equal(moveCell('a'), undefined);
  assert.equal(moveCell('1,3>1,4'), undefined);
});

const lines = ['// c', '', '[zgame "one"]', '..B', 'expect = yes no no', '', '[zgame "two"]', '...', 'moves = 1,2', 'expect = no yes no'];

test('the case of a line and its lines', () => {
  assert.equal(caseNumberAt(lines, 0), 0);
  assert.equal(caseNumberAt(lines, 3), 1);
  assert.equal(caseNumberAt(lines, 6), 2);
  assert.deepEqual(caseLinesAt(lines, 4), { start: 2, end: 6 });
  assert.deepEqual(caseLinesAt(lines, 9), { start: 6, end: 10 });
  assert.equal(caseLinesAt(lines, 1), undefined);
});

test('a new case: name marked, moves written once, expect the answer from there', () => {
  assert.deepEqual(newCaseLines(lines.slice(2, 6), ['1,2'], 'no no yes'), [
    '[zgame "one after 1 moves"]',
    '..B',
    'expect = no no yes',
    'moves = 1,2',
  ]);
  assert.deepEqual(newCaseLines(lines.slice(6, 10), ['1,2', '1,3'], 'yes no no'), [
    '[zgame "two after 2 moves"]',
    '...',
    'moves = 1,2 1,3',
    'expect = yes no no',
  ]);
  assert.deepEqual(newCaseLines(['[strings]', 'ab'], [], 'DRAW'), ['[strings "after 0 moves"]', 'ab']);
});

test('the side to move and the verdict in words', () => {
  const r: PlayReport = {
    case: 1, name: 'one', game: 'zgame', played: [], to_move: 'first', answer: 'no no yes', over: false,
    moves: [{ move: '1,2', answer: 'no no yes' }], best: ['1,2'], board: ['@.B'],
  };
  assert.deepEqual(verdictWords(r), {
    toMove: 'The first player to move (1 legal move).',
    verdict: 'Answer from here: no no yes; best: 1,2.',
  });
  assert.equal(verdictWords({ ...r, over: true, moves: [] }).toMove, 'The game is over.');
});
