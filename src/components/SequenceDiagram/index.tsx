import React, {useId, type ReactNode} from 'react';
import {translate} from '@docusaurus/Translate';
import {parseSequenceDiagram} from './parse';
import {FONT_SIZE, layoutSequence, type Shape} from './layout';
import styles from './styles.module.css';

/**
 * The diagram's look as SVG attributes, in the light theme's colours: what a
 * reader of the SVG without the site's stylesheet sees (the PDF manual draws
 * it with svg-to-pdfkit). On the site, styles.module.css takes precedence and
 * follows the theme (dark mode too).
 */
const PRINT = {
  svg: {color: '#1c1e21', fontFamily: 'Helvetica, Arial, sans-serif', fontSize: 13},
  participant: {fill: '#e7f1fb', stroke: '#0b5cad'},
  lifeline: {stroke: '#8d949e', strokeDasharray: '4 4'},
  line: {stroke: 'currentColor', strokeWidth: 1.4},
  head: {fill: 'currentColor'},
  openHead: {stroke: 'currentColor', strokeWidth: 1.4},
  numberCircle: {fill: '#0b5cad'},
  numberText: {fill: '#ffffff', fontSize: 10, fontWeight: 700},
  note: {fill: '#fff8e6', stroke: '#c99400'},
  block: {stroke: '#606770'},
  tab: {fill: '#ebedf0', stroke: '#606770'},
} as const;

function Label({
  x,
  y,
  text,
  anchor = 'middle',
  className,
}: {
  readonly x: number;
  readonly y: number;
  readonly text: string;
  readonly anchor?: 'start' | 'middle';
  readonly className?: string;
}): ReactNode {
  return (
    <text x={x} y={y} textAnchor={anchor} className={className} fill="currentColor">
      {text.split('\n').map((line, i) => (
        <tspan key={i} x={x} dy={i === 0 ? 0 : FONT_SIZE + 5}>
          {line}
        </tspan>
      ))}
    </text>
  );
}

function ShapeView({shape, arrowId}: {readonly shape: Shape; readonly arrowId: string}): ReactNode {
  switch (shape.type) {
    case 'message': {
      const dash = shape.line === 'dashed' ? '6 4' : undefined;
      const marker = shape.head === 'arrow' ? `url(#${arrowId}-filled)` : shape.head === 'open' ? `url(#${arrowId}-open)` : `url(#${arrowId}-cross)`;
      const mid = shape.self ? shape.x1 + 12 : (shape.x1 + shape.x2) / 2;
      return (
        <g className={styles.message}>
          {shape.self ? (
            <path d={`M ${shape.x1} ${shape.y} h 40 v 20 h -38`} fill="none" {...PRINT.line} strokeDasharray={dash} markerEnd={marker} />
          ) : (
            <line x1={shape.x1} y1={shape.y} x2={shape.x2 + (shape.x2 > shape.x1 ? -2 : 2)} y2={shape.y} {...PRINT.line} strokeDasharray={dash} markerEnd={marker} />
          )}
          {shape.number !== undefined && (
            <g className={styles.number}>
              <circle cx={shape.x1} cy={shape.y} r={9} {...PRINT.numberCircle} />
              <text x={shape.x1} y={shape.y + 4} textAnchor="middle" {...PRINT.numberText}>
                {shape.number}
              </text>
            </g>
          )}
          <Label x={mid} y={shape.textY} text={shape.text} anchor={shape.self ? 'start' : 'middle'} />
        </g>
      );
    }
    case 'note':
      return (
        <g className={styles.note}>
          <rect x={shape.x} y={shape.y} width={shape.width} height={shape.height} rx={3} {...PRINT.note} />
          <Label x={shape.x + shape.width / 2} y={shape.y + FONT_SIZE + 4} text={shape.text} />
        </g>
      );
    case 'block':
      return (
        <g className={styles.block}>
          <rect x={shape.x} y={shape.y} width={shape.width} height={shape.height} fill="none" {...PRINT.block} />
          {shape.kind !== 'rect' && (
            <>
              <rect className={styles.tab} x={shape.x} y={shape.y} width={shape.kind.length * 9 + 16} height={FONT_SIZE + 8} {...PRINT.tab} />
              <text className={styles.kind} x={shape.x + 8} y={shape.y + FONT_SIZE + 2} fill="currentColor" fontWeight={700}>
                {shape.kind}
              </text>
              <Label x={shape.x + shape.kind.length * 9 + 26} y={shape.y + FONT_SIZE + 2} text={shape.text === '' ? '' : `[${shape.text}]`} anchor="start" />
            </>
          )}
          {shape.dividers.map((divider) => (
            <g key={divider.y}>
              <line x1={shape.x} y1={divider.y} x2={shape.x + shape.width} y2={divider.y} strokeDasharray="5 4" {...PRINT.block} />
              <Label x={shape.x + 10} y={divider.y + FONT_SIZE + 2} text={divider.text === '' ? '' : `[${divider.text}]`} anchor="start" />
            </g>
          ))}
        </g>
      );
  }
}

/**
 * A Mermaid sequence diagram drawn as static SVG when the page is built: no
 * diagram library reaches the reader's browser. The steps are also given as
 * text (the SVG's description) for screen readers.
 */
export default function SequenceDiagram({source}: {readonly source: string}): ReactNode {
  const id = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const diagram = parseSequenceDiagram(source);
  const layout = layoutSequence(diagram);
  const names = new Map(diagram.participants.map((p) => [p.id, p.label.replace(/\n/g, ' ')]));
  const steps = diagram.items.flatMap((item) =>
    item.type === 'message'
      ? [`${item.number === undefined ? '' : `${item.number}. `}${names.get(item.from)} → ${names.get(item.to)}: ${item.text.replace(/\n/g, ' ')}`]
      : item.type === 'note'
        ? [`(${item.text.replace(/\n/g, ' ')})`]
        : [],
  );
  const title = translate(
    {id: 'sequenceDiagram.title', message: 'Diagrama de secuencia: {participants}', description: 'Accessible title of a sequence diagram, followed by its participants'},
    {participants: [...names.values()].join(', ')},
  );
  return (
    <figure className={styles.figure}>
      <div className={styles.scroll} tabIndex={0} role="region" aria-label={title}>
        <svg
          className={styles.svg}
          width={layout.width}
          height={layout.height}
          // Shrinks to the column on a desktop; on a phone it keeps a readable size and scrolls.
          style={{width: '100%', maxWidth: layout.width, minWidth: Math.min(layout.width, 560), height: 'auto'}}
          viewBox={`0 0 ${layout.width} ${layout.height}`}
          role="img"
          aria-labelledby={`${id}-title ${id}-desc`}
          {...PRINT.svg}
        >
          <title id={`${id}-title`}>{title}</title>
          <desc id={`${id}-desc`}>{steps.join('; ')}</desc>
          <defs>
            <marker id={`${id}-filled`} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse">
              <path d="M 0 0 L 10 5 L 0 10 z" className={styles.head} {...PRINT.head} />
            </marker>
            <marker id={`${id}-open`} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse">
              <path d="M 0 0 L 10 5 L 0 10" fill="none" className={styles.openHead} {...PRINT.openHead} />
            </marker>
            <marker id={`${id}-cross`} viewBox="0 0 10 10" refX="5" refY="5" markerWidth="8" markerHeight="8" orient="auto">
              <path d="M 1 1 L 9 9 M 9 1 L 1 9" className={styles.openHead} {...PRINT.openHead} />
            </marker>
          </defs>
          {layout.columns.map((column) => (
            <g key={column.id} className={styles.participant}>
              <line className={styles.lifeline} x1={column.x} y1={layout.lifelineTop} x2={column.x} y2={layout.lifelineBottom} {...PRINT.lifeline} />
              {[10, layout.lifelineBottom].map((y) => (
                <g key={y}>
                  <rect x={column.x - column.width / 2} y={y} width={column.width} height={40} rx={4} {...PRINT.participant} />
                  <Label x={column.x} y={y + 25} text={column.label} />
                </g>
              ))}
            </g>
          ))}
          {layout.shapes.map((shape, i) => (
            <ShapeView key={i} shape={shape} arrowId={id} />
          ))}
        </svg>
      </div>
    </figure>
  );
}
