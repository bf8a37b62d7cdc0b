/** @jest-environment node */
import {parseXml, XmlError} from '../xml';

describe('the XML reader of the contract', () => {
  it('reads elements, attributes, text, entities, CDATA and namespaces', () => {
    const root = parseXml('<?xml version="1.0"?>\n<!-- c --><a:r xmlns:a="urn:a" x="1 &amp; 2"><a:b>&lt;t&gt; &#233;<![CDATA[<raw>]]></a:b><c xmlns="urn:c"/></a:r>');
    expect(root).toMatchObject({name: 'a:r', namespace: 'urn:a', attributes: {x: '1 & 2'}});
    expect(root.children[0]).toMatchObject({name: 'a:b', namespace: 'urn:a', text: '<t> é<raw>'});
    expect(root.children[1]).toMatchObject({name: 'c', namespace: 'urn:c'});
  });

  it.each([
    ['<a><b></a>', 'Closing tag </a> does not match <b> (line 1, column 7)'],
    ['<a>\n<b>', 'Unclosed element <b>'],
    ['<a x="1" x="2"/>', 'Duplicate attribute x'],
    ['<p:a/>', 'Undeclared namespace prefix "p"'],
    ['<a>&nbsp;</a>', 'Unknown entity &nbsp;'],
    ['<a/><b/>', 'More than one root element'],
    ['', 'The document has no root element'],
  ])('refuses %j with a clear message', (text, message) => {
    expect(() => parseXml(text)).toThrow(XmlError);
    expect(() => parseXml(text)).toThrow(message);
  });
});
