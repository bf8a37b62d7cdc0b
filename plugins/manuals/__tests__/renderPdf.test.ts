/**
 * @jest-environment node
 */
import {drawnText} from '../../../tests/support/pdfText';
import {columnFractions, renderManualPdf, toWinAnsi, type ManualInput} from '../renderPdf';
import {readTopic} from '../../../core/node/texts';
import {MANUAL_TOPIC, manualTexts, pdfFileName, textsFrom} from '../texts';
import {sidebarDocIds, withoutTrailingSlash} from '../index';

const input: ManualInput = {
  lang: 'es-CO',
  siteTitle: 'Integraciones Pasarela',
  siteUrl: 'https://portal.example',
  date: new Date('2026-03-15T00:00:00Z'),
  texts: {
    title: 'Manual de integración',
    subtitle: 'Canales',
    contents: 'Contenido',
    onlineVersion: 'Versión en línea:',
    generated: 'Generado el {date}.',
    pageNumber: 'Página {page} de {pages}',
  },
  chapters: [
    {
      title: 'Variables POST',
      pages: [
        {
          title: 'Integración',
          url: 'https://portal.example/vpost/integracion',
          blocks: [
            {kind: 'heading', level: 1, text: 'Integración'},
            {
              kind: 'diagram',
              title: 'Diagrama de secuencia: Comercio, Pasarela',
              svg:
                '<svg xmlns="http://www.w3.org/2000/svg" width="900" height="200" viewBox="0 0 900 200" color="#1c1e21" font-family="Helvetica" font-size="13">' +
                '<title>Diagrama de secuencia: Comercio, Pasarela</title>' +
                '<rect x="10" y="10" width="120" height="40" fill="#e7f1fb" stroke="#0b5cad"></rect><text x="70" y="35" text-anchor="middle" fill="currentColor">Comercio</text>' +
                '<line x1="70" y1="60" x2="800" y2="60" stroke="currentColor" stroke-width="1.4"></line><text x="400" y="55" fill="currentColor">Envía el pago</text></svg>',
            },
            {kind: 'paragraph', runs: [{text: 'Firma '}, {text: 'firmaPasarela', code: true}, {text: ' → ver', href: 'https://portal.example/vpost'}]},
            {
              kind: 'table',
              header: [
                {text: 'Variable', code: false},
                {text: 'Tipo', code: false},
                {text: 'Descripción', code: false},
              ],
              rows: Array.from({length: 80}, (_, i) => [
                {text: `campo${i}`, code: true},
                {text: 'Texto', code: false},
                {text: 'Un campo.', code: false},
              ]),
            },
            {kind: 'code', text: Array.from({length: 120}, (_, i) => `linea ${i}`).join('\n')},
          ],
        },
      ],
    },
  ],
};

describe('the PDF manual', () => {
  it('is a PDF with a cover, contents, bookmarks, links and numbered pages', async () => {
    const {pdf, pages} = await renderManualPdf(input);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pages).toBeGreaterThanOrEqual(5);
    const raw = pdf.toString('latin1');
    expect(raw).toContain(`/Count ${pages}`);
    // Bookmarks (outline) for the chapter and the page.
    expect(raw).toMatch(/\/Title \(1\. Variables POST\)/);
    // Non-ASCII titles are written in UTF-16 (big-endian, with its byte-order mark).
    const utf16 = Buffer.from('\ufeffIntegración', 'utf16le').swap16().toString('latin1');
    expect(raw).toContain(`/Title (${utf16})`);
    // Links to the portal, and the contents' links to named destinations.
    expect(raw).toContain('/URI (https://portal.example/vpost/integracion)');
    expect(raw).toContain('(cap-0-0)');
    expect(raw).toContain('/Lang (es-CO)');
    const text = drawnText(pdf);
    expect(text).toContain('Contenido');
    expect(text).toContain(`Página ${pages} de ${pages}`);
    expect(text).toContain('campo79');
    expect(text).toContain('linea 119');
    // The diagram is drawn, with its words, not pointed to.
    expect(text).toContain('Comercio');
    expect(text).toContain('Envía el pago');
    expect(text).toContain('Generado el 2026-03-15.');
  });

  it('replaces what the standard fonts cannot draw', () => {
    expect(toWinAnsi('Pago → ok ✓ “sí” ñ €\u200b')).toBe('Pago -> ok v “sí” ñ €');
    expect(toWinAnsi('Ω')).toBe('?');
  });

  it('gives three-column tables the 30/15/55 widths of the portal', () => {
    expect(columnFractions([], [], 3)).toEqual([0.3, 0.15, 0.55]);
    const two = columnFractions(
      [
        {text: 'Id', code: false},
        {text: 'Descripción larga de la fila', code: false},
      ],
      [],
      2,
    );
    expect(two[0]! + two[1]!).toBeCloseTo(1);
    expect(two[1]!).toBeGreaterThan(two[0]!);
  });
});

describe('the manual texts', () => {
  it('fills the product and makes a safe file name', () => {
    const texts = manualTexts('es', 'Pasarela', process.cwd());
    expect(texts['mail.subject']).toBe('Manual de integración de Integraciones Pasarela');
    expect(pdfFileName(texts)).toBe('manual-integracion-pasarela.pdf');
    const english = textsFrom({...readTopic(MANUAL_TOPIC, 'en'), 'manual.fileName': 'Integration manual {product}'}, 'Pasarela');
    expect(pdfFileName(english)).toBe('integration-manual-pasarela.pdf');
    expect(manualTexts('en', 'Pasarela', process.cwd())['mail.subject']).toBe('Integration manual of Integrations Pasarela');
  });
});

describe('chapter order', () => {
  it('reads a sidebar in order, category pages before their items', () => {
    expect(
      sidebarDocIds([
        {type: 'doc', id: 'vpost/index'},
        {type: 'category', link: {type: 'doc', id: 'guias/index'}, items: [{type: 'doc', id: 'guias/a'}, {type: 'link'}]},
        {type: 'ref', id: 'otro'},
      ]),
    ).toEqual(['vpost/index', 'guias/index', 'guias/a', 'otro']);
  });

  it('serves index pages without the trailing slash', () => {
    expect(withoutTrailingSlash('/vpost/')).toBe('/vpost');
    expect(withoutTrailingSlash('/')).toBe('/');
  });
});
