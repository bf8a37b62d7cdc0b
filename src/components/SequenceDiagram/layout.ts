/**
 * Lays a parsed sequence diagram out on a grid, with text widths estimated
 * from character counts (the build has no font metrics; the estimate errs
 * wide, and labels wrap on the <br/> their writers put in).
 */
import type {ArrowHead, ArrowKind, BlockKind, SequenceDiagram} from './parse';

export const FONT_SIZE = 13;
const CHAR = FONT_SIZE * 0.56;
const LINE = FONT_SIZE + 5;
const PAD = 12;
const BOX_H = 40;
const MIN_GAP = 150;
const TOP = 10;

export const textWidth = (text: string): number => Math.max(...text.split('\n').map((l) => l.length)) * CHAR;
const lines = (text: string): number => (text === '' ? 0 : text.split('\n').length);

export interface Column {
  readonly id: string;
  readonly label: string;
  readonly x: number;
  readonly width: number;
}

export type Shape =
  | {
      readonly type: 'message';
      readonly x1: number;
      readonly x2: number;
      readonly y: number;
      readonly text: string;
      readonly textY: number;
      readonly line: ArrowKind;
      readonly head: ArrowHead;
      readonly self: boolean;
      readonly number?: number;
    }
  | {readonly type: 'note'; readonly x: number; readonly y: number; readonly width: number; readonly height: number; readonly text: string}
  | {
      readonly type: 'block';
      readonly kind: BlockKind;
      readonly x: number;
      readonly y: number;
      readonly width: number;
      readonly height: number;
      readonly text: string;
      readonly dividers: readonly {readonly y: number; readonly text: string}[];
    };

export interface Layout {
  readonly width: number;
  readonly height: number;
  readonly columns: readonly Column[];
  readonly lifelineTop: number;
  readonly lifelineBottom: number;
  readonly shapes: readonly Shape[];
}

export function layoutSequence(diagram: SequenceDiagram): Layout {
  const order = diagram.participants.map((p) => p.id);
  const index = (id: string) => order.indexOf(id);

  // The gap between neighbours fits the widest label that sits between them.
  const gaps = new Array<number>(Math.max(order.length - 1, 0)).fill(MIN_GAP);
  const boxWidth = diagram.participants.map((p) => Math.max(textWidth(p.label) + 2 * PAD, 90));
  let selfRoom = 0;
  for (const item of diagram.items) {
    if (item.type === 'message') {
      const [a, b] = [index(item.from), index(item.to)].sort((x, y) => x - y) as [number, number];
      const need = textWidth(item.text) + 2 * PAD + (item.number === undefined ? 0 : 24);
      if (a === b) {
        if (a === order.length - 1) selfRoom = Math.max(selfRoom, need);
        else gaps[a] = Math.max(gaps[a]!, need + 20);
      } else {
        const span = b - a;
        for (let i = a; i < b; i++) gaps[i] = Math.max(gaps[i]!, need / span);
      }
    } else if (item.type === 'note' && item.over.length === 1) {
      const i = index(item.over[0]!);
      const need = textWidth(item.text) + 2 * PAD;
      if (item.position === 'right' && i < gaps.length) gaps[i] = Math.max(gaps[i]!, need + 20);
      if (item.position === 'left' && i > 0) gaps[i - 1] = Math.max(gaps[i - 1]!, need + 20);
    }
  }
  for (let i = 0; i < gaps.length; i++) gaps[i] = Math.max(gaps[i]!, (boxWidth[i]! + boxWidth[i + 1]!) / 2 + 20);

  const left = PAD + Math.max(boxWidth[0]! / 2, 30);
  const xs: number[] = [];
  order.forEach((_, i) => xs.push(i === 0 ? left : xs[i - 1]! + gaps[i - 1]!));
  const columns = diagram.participants.map((p, i) => ({id: p.id, label: p.label, x: xs[i]!, width: boxWidth[i]!}));
  const minX = PAD;
  const maxX = Math.max(...columns.map((c) => c.x + c.width / 2)) + Math.max(selfRoom, 0) + PAD;

  const shapes: Shape[] = [];
  let y = TOP + BOX_H + 20;
  const blocks: {kind: BlockKind; y: number; text: string; dividers: {y: number; text: string}[]; depth: number}[] = [];

  for (const item of diagram.items) {
    switch (item.type) {
      case 'message': {
        const x1 = xs[index(item.from)]!;
        const x2 = xs[index(item.to)]!;
        const textLines = lines(item.text);
        const textY = y + FONT_SIZE;
        y += textLines * LINE + 6;
        const self = x1 === x2;
        shapes.push({type: 'message', x1, x2, y, text: item.text, textY, line: item.line, head: item.head, self, ...(item.number === undefined ? {} : {number: item.number})});
        y += self ? 34 : 16;
        break;
      }
      case 'note': {
        const ids = item.over.map(index);
        const width = Math.max(textWidth(item.text) + 2 * PAD, 100);
        let x: number;
        if (item.position === 'right') x = xs[ids[0]!]! + 10;
        else if (item.position === 'left') x = xs[ids[0]!]! - 10 - width;
        else {
          const a = xs[Math.min(...ids)]!;
          const b = xs[Math.max(...ids)]!;
          const w = Math.max(width, b - a + 40);
          x = (a + b) / 2 - w / 2;
          shapes.push({type: 'note', x, y, width: w, height: lines(item.text) * LINE + 10, text: item.text});
          y += lines(item.text) * LINE + 22;
          break;
        }
        shapes.push({type: 'note', x, y, width, height: lines(item.text) * LINE + 10, text: item.text});
        y += lines(item.text) * LINE + 22;
        break;
      }
      case 'blockStart':
        blocks.push({kind: item.kind, y, text: item.text, dividers: [], depth: blocks.length});
        y += LINE + 14;
        break;
      case 'blockElse':
        blocks[blocks.length - 1]!.dividers.push({y, text: item.text});
        y += LINE + 10;
        break;
      case 'blockEnd': {
        const block = blocks.pop()!;
        const inset = 6 * block.depth;
        y += 4;
        shapes.push({
          type: 'block',
          kind: block.kind,
          x: minX + inset,
          y: block.y,
          width: maxX - minX - 2 * inset,
          height: y - block.y,
          text: block.text,
          dividers: block.dividers,
        });
        y += 12;
        break;
      }
    }
  }

  const lifelineBottom = y + 10;
  return {width: Math.ceil(maxX + PAD), height: Math.ceil(lifelineBottom + BOX_H + TOP), columns, lifelineTop: TOP + BOX_H, lifelineBottom, shapes};
}
