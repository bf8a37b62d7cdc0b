import {backticks, flatten, formatHtml, formatText, placeholders} from '../texts';

describe('a text template (core/texts.ts)', () => {
  const template = 'Falta `{name}` del comprador: escríbalo en la {place}.';

  it('is said as plain text: values put in, code without its backticks', () => {
    expect(formatText(template, {name: 'correoComprador', place: 'página de compra'})).toBe('Falta correoComprador del comprador: escríbalo en la página de compra.');
  });

  it('is said for a page: code as <code>, the text and every value escaped', () => {
    expect(formatHtml(template, {name: '<script>alert(1)</script>', place: 'página "de" compra & más'})).toBe(
      'Falta <code>&lt;script&gt;alert(1)&lt;/script&gt;</code> del comprador: escríbalo en la página &quot;de&quot; compra &amp; más.',
    );
    expect(formatHtml('A <b> & `x`')).toBe('A &lt;b&gt; &amp; <code>x</code>');
  });

  it('never reads a value as template: braces and backticks in a value come out as they are', () => {
    expect(formatText('Recibido: `{value}`.', {value: '{name} `x`'})).toBe('Recibido: {name} `x`.');
    expect(formatHtml('Recibido: `{value}`.', {value: '`</code><img src=x>`'})).toBe('Recibido: <code>`&lt;/code&gt;&lt;img src=x&gt;`</code>.');
  });

  it('leaves a placeholder without a value as it is, and an unclosed backtick as text', () => {
    expect(formatText('Falta {name}.')).toBe('Falta {name}.');
    expect(formatHtml('Un `código` y un ` suelto')).toBe('Un <code>código</code> y un ` suelto');
  });

  it('names its placeholders and counts its backticks', () => {
    expect(placeholders('{b} y {a}, otra vez {b}')).toEqual(['a', 'b']);
    expect(backticks(template)).toBe(2);
  });

  it('is one of a topic of nested objects, by dotted id; anything but text is refused', () => {
    expect(flatten({a: {b: 'x', c: {d: 'y'}}, e: 'z'})).toEqual({'a.b': 'x', 'a.c.d': 'y', e: 'z'});
    expect(() => flatten({a: ['x']} as never)).toThrow('a: a label must be text');
    expect(() => flatten({a: 1} as never)).toThrow('a: a label must be text');
  });
});
