/** Whether a Mermaid text is a sequence diagram (kept apart from the parser so that pages without diagrams load only this). */
export function isSequenceDiagram(source: string): boolean {
  const first = source.split('\n').find((line) => line.trim() !== '' && !line.trim().startsWith('%%'));
  return first?.trim() === 'sequenceDiagram';
}
