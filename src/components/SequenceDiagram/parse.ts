/**
 * Parses the sequence-diagram subset of Mermaid that the guides use, so the
 * portal can draw those diagrams as static SVG at build time instead of
 * shipping Mermaid (about 160 KB gzipped) to every page that has one.
 * Anything outside the subset is an error that names the line, so a writer
 * finds it at build time rather than as a blank diagram.
 */

export type ArrowKind = 'solid' | 'dashed';
export type ArrowHead = 'arrow' | 'open' | 'cross';

export interface Participant {
  readonly id: string;
  readonly label: string;
  readonly actor: boolean;
}

export type SequenceItem =
  | {readonly type: 'message'; readonly from: string; readonly to: string; readonly text: string; readonly line: ArrowKind; readonly head: ArrowHead; readonly number?: number}
  | {readonly type: 'note'; readonly over: readonly string[]; readonly position: 'over' | 'left' | 'right'; readonly text: string}
  | {readonly type: 'blockStart'; readonly kind: BlockKind; readonly text: string}
  | {readonly type: 'blockElse'; readonly kind: BlockKind; readonly text: string}
  | {readonly type: 'blockEnd'};

export type BlockKind = 'alt' | 'opt' | 'loop' | 'par' | 'critical' | 'break' | 'rect';

export interface SequenceDiagram {
  readonly participants: readonly Participant[];
  readonly items: readonly SequenceItem[];
}

export class DiagramSyntaxError extends Error {
  override name = 'DiagramSyntaxError';
  constructor(message: string, line: number, text: string) {
    super(`Sequence diagram, line ${line} ("${text.trim()}"): ${message}`);
  }
}

const ARROWS: ReadonlyArray<readonly [string, ArrowKind, ArrowHead]> = [
  ['-->>', 'dashed', 'arrow'],
  ['->>', 'solid', 'arrow'],
  ['--x', 'dashed', 'cross'],
  ['-x', 'solid', 'cross'],
  ['-->', 'dashed', 'open'],
  ['->', 'solid', 'open'],
];

const ELSE_OF: Partial<Record<BlockKind, string>> = {alt: 'else', par: 'and', critical: 'option'};

/** Mermaid's line-break escapes inside labels. */
const text = (raw: string): string => raw.trim().replace(/<br\s*\/?>/gi, '\n');

export {isSequenceDiagram} from './detect';

export function parseSequenceDiagram(source: string): SequenceDiagram {
  const participants = new Map<string, Participant>();
  const items: SequenceItem[] = [];
  const open: BlockKind[] = [];
  let numbered = false;
  let count = 0;
  let started = false;

  const declare = (id: string, label = id, actor = false) => {
    if (!participants.has(id)) participants.set(id, {id, label, actor});
  };

  source.split('\n').forEach((raw, index) => {
    const lineNo = index + 1;
    const line = raw.trim();
    if (line === '' || line.startsWith('%%')) return;
    if (!started) {
      if (line !== 'sequenceDiagram') throw new DiagramSyntaxError('a sequence diagram starts with "sequenceDiagram"', lineNo, raw);
      started = true;
      return;
    }
    if (line === 'autonumber') {
      numbered = true;
      return;
    }
    let m = /^(participant|actor)\s+([^\s:]+)(?:\s+as\s+(.+))?$/.exec(line);
    if (m) {
      if (participants.has(m[2]!)) throw new DiagramSyntaxError(`"${m[2]}" is declared twice`, lineNo, raw);
      declare(m[2]!, text(m[3] ?? m[2]!), m[1] === 'actor');
      return;
    }
    m = /^note\s+(over|left of|right of)\s+([^:]+):(.*)$/i.exec(line);
    if (m) {
      const over = m[2]!.split(',').map((p) => p.trim());
      over.forEach((id) => {
        if (!participants.has(id)) throw new DiagramSyntaxError(`"${id}" is not a participant`, lineNo, raw);
      });
      if (over.length > 2) throw new DiagramSyntaxError('a note spans one or two participants', lineNo, raw);
      const position = m[1]!.toLowerCase().startsWith('left') ? 'left' : m[1]!.toLowerCase().startsWith('right') ? 'right' : 'over';
      items.push({type: 'note', over, position, text: text(m[3]!)});
      return;
    }
    m = /^(alt|opt|loop|par|critical|break|rect)\b\s*(.*)$/.exec(line);
    if (m) {
      const kind = m[1] as BlockKind;
      open.push(kind);
      items.push({type: 'blockStart', kind, text: kind === 'rect' ? '' : text(m[2]!)});
      return;
    }
    m = /^(else|and|option)\b\s*(.*)$/.exec(line);
    if (m) {
      const kind = open[open.length - 1];
      if (kind === undefined || ELSE_OF[kind] !== m[1]) throw new DiagramSyntaxError(`"${m[1]}" outside a block that allows it`, lineNo, raw);
      items.push({type: 'blockElse', kind, text: text(m[2]!)});
      return;
    }
    if (line === 'end') {
      if (open.pop() === undefined) throw new DiagramSyntaxError('"end" without an open block', lineNo, raw);
      items.push({type: 'blockEnd'});
      return;
    }
    const colon = line.indexOf(':');
    const head = colon === -1 ? line : line.slice(0, colon);
    for (const [token, kind, arrowHead] of ARROWS) {
      const at = head.indexOf(token);
      if (at > 0) {
        const from = head.slice(0, at).trim();
        const to = head
          .slice(at + token.length)
          .replace(/^[+-]/, '')
          .trim();
        if (!/^[^\s,]+$/.test(from) || !/^[^\s,]+$/.test(to)) throw new DiagramSyntaxError('a message reads "A->>B: text"', lineNo, raw);
        declare(from);
        declare(to);
        count += 1;
        items.push({type: 'message', from, to, text: colon === -1 ? '' : text(line.slice(colon + 1)), line: kind, head: arrowHead, ...(numbered ? {number: count} : {})});
        return;
      }
    }
    throw new DiagramSyntaxError(
      'not part of the supported sequence-diagram syntax (participant, actor, messages, Note, alt/else, opt, loop, par/and, critical/option, break, rect, end, autonumber)',
      lineNo,
      raw,
    );
  });

  if (!started) throw new DiagramSyntaxError('the diagram is empty', 1, source.split('\n')[0] ?? '');
  if (open.length > 0) throw new DiagramSyntaxError(`"${open[open.length - 1]}" is never closed with "end"`, source.split('\n').length, '');
  return {participants: [...participants.values()], items};
}
