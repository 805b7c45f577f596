import yazl from 'yazl';

// Spreadsheets an attacker (or an unlucky export) sends to the importer, generated here rather than
// kept as blobs: the outside review's three files (a header of 200,000 columns, a zip bomb, an
// ordinary workbook of 300,000 rows) and small ones for each limit. Workbooks are the minimal parts
// of an XLSX package, zipped by yazl.

/** 200,000 header columns (1.49 MB) over 400 one-cell rows. */
export function wideCsv(columns = 200_000, rows = 400): Buffer {
  const header = Array.from({ length: columns }, (_, i) => `c${i}`).join(',');
  return Buffer.from(`${header}\n${'Co\n'.repeat(rows)}`);
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`;
const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`;

/** A workbook of one sheet whose `<sheetData>` is `rows` (XML text, in pieces). */
export async function workbook(rows: Iterable<string>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from(CONTENT_TYPES), '[Content_Types].xml');
  zip.addBuffer(Buffer.from(ROOT_RELS), '_rels/.rels');
  zip.addBuffer(Buffer.from(WORKBOOK), 'xl/workbook.xml');
  zip.addBuffer(Buffer.from(WORKBOOK_RELS), 'xl/_rels/workbook.xml.rels');
  const sheet = [
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
    ...rows,
    '</sheetData></worksheet>',
  ];
  zip.addBuffer(Buffer.from(sheet.join('')), 'xl/worksheets/sheet1.xml');
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;

/** One row of text cells, A, B, C…, at row `n`. */
export function xlsxRow(n: number, cells: string[]): string {
  return `<row r="${n}">${cells.map((text, i) => inline(`${String.fromCharCode(65 + i)}${n}`, text)).join('')}</row>`;
}

/** The zip bomb: 400,000 identical rows of 3 inline cells, a ~50 MB sheet packed a few hundred times smaller. */
export function xlsxBomb(rows = 400_000): Promise<Buffer> {
  const row =
    '<row><c t="inlineStr"><is><t>Harbor Point Construction</t></is></c><c t="inlineStr"><is><t>harbor@example.com</t></is></c><c t="inlineStr"><is><t>Seattle</t></is></c></row>';
  return workbook(Array.from({ length: rows }, () => row));
}

/** An ordinary workbook, every row different (it packs about ten times): 300,000 rows of a company. */
export function bigXlsx(rows = 300_000): Promise<Buffer> {
  return workbook(
    (function* () {
      yield xlsxRow(1, ['Name', 'Website', 'City']);
      for (let n = 2; n <= rows + 1; n++) yield xlsxRow(n, [`Company ${n}`, `https://c${n}.example.com`, `City ${n % 977}`]);
    })(),
  );
}
