// Writes a minimal valid PDF with a real text layer (Helvetica, one text object per line), so
// tests know exactly which text, sizes and positions pdf.js will report.
export interface PdfLine {
  text: string;
  /** Font size in points; larger than the body size makes a heading. */
  size?: number;
}

export function makePdf(pages: ReadonlyArray<readonly PdfLine[]>, info: { title?: string } = {}): Buffer {
  const objects: string[] = [];
  const add = (body: string): number => objects.push(body);
  const catalog = add('');
  const pageTree = add('');
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  const pageIds: number[] = [];
  for (const lines of pages) {
    let y = 740;
    const ops = lines.map((line) => {
      const size = line.size ?? 11;
      y -= size * 1.5;
      return `BT /F1 ${size} Tf 72 ${y} Td (${escape(line.text)}) Tj ET`;
    });
    const stream = ops.join('\n');
    const content = add(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
    pageIds.push(
      add(`<< /Type /Page /Parent ${pageTree} 0 R /MediaBox [0 0 612 792] /Contents ${content} 0 R /Resources << /Font << /F1 ${font} 0 R >> >> >>`),
    );
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pageTree} 0 R >>`;
  objects[pageTree - 1] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;
  const infoId = info.title === undefined ? null : add(`<< /Title (${escape(info.title)}) >>`);

  let out = '%PDF-1.4\n';
  const offsets = objects.map((body, index) => {
    const offset = Buffer.byteLength(out, 'latin1');
    out += `${index + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R${infoId === null ? '' : ` /Info ${infoId} 0 R`} >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

function escape(text: string): string {
  return text.replace(/[\\()]/g, (char) => `\\${char}`);
}
