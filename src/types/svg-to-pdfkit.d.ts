// svg-to-pdfkit ships no types: the one function the PDF manual calls (plugins/manuals/renderPdf.ts).
declare module 'svg-to-pdfkit' {
  interface SvgToPdfOptions {
    readonly width?: number;
    readonly height?: number;
    readonly preserveAspectRatio?: string;
    readonly assumePt?: boolean;
    readonly fontCallback?: (family: string, bold: boolean, italic: boolean) => string;
    readonly warningCallback?: (message: string) => void;
  }
  export default function SVGtoPDF(doc: PDFKit.PDFDocument, svg: string, x: number, y: number, options?: SvgToPdfOptions): void;
}
