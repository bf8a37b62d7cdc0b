/** Whether a Mermaid text is a sequence diagram (kept apart from the parser so that pages without diagrams load only this). */
export function isSequenceDiagram(source: string): boolean {
  const first = source.split('\n').find((line) => line.trim() !== '' && !line.trim().startsWith('%%'));
  return first?.trim() === 'sequenceDiagram';
}

/**
 * Variables named after the product, such as firma{product}, are
 * written `firma{producto}` in a diagram (`firma{product}` in English): the
 * site puts in the configured product name, as <ProductVar> does in prose.
 */
export function withProductName(source: string, productName: string): string {
  return source.replace(/\{(producto|product)\}/g, productName);
}
